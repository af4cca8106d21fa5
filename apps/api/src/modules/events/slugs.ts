import { slugify } from '@clubtix/contract';
import type { Db, Tx } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { conflict, say, type AppError } from '../../core/errors';
import { findSlugsLike, lockSlugBase } from './events.repo';

/** Paths of the web app that an event slug must not shadow (/{slug} is the event page). */
const RESERVED = new Set([
  'api',
  'signin',
  'signout',
  'register',
  'dashboard',
  'club',
  'tour',
  'event',
  'form-builder',
  'import',
  'pricing',
  'not-found',
  'assets',
  'media',
  'docs',
  'health',
  'admin',
  'sudo',
]);

/**
 * Where a slug must be unique: the events' (/{slug}) or the series' (/series/{slug}, series.repo.ts).
 * Both follow one rule, chooseSlug's.
 */
export interface SlugSpace {
  /** Taken when the title has no letter or digit. */
  fallback: string;
  reserved: ReadonlySet<string>;
  /** The advisory lock's key for a base: saves of one base in one space wait for each other. */
  lockKey: (base: string) => string;
  /** The rows whose slug is the base or the base with a suffix. */
  findLike: (tx: Tx, base: string) => Promise<{ id: string; slug: string }[]>;
  /** A typed slug another row holds. */
  taken: (slug: string) => AppError;
  /** A title-made slug another save kept claiming first. */
  raced: () => AppError;
}

export const EVENT_SLUGS: SlugSpace = {
  fallback: 'event',
  reserved: RESERVED,
  lockKey: (base) => base,
  findLike: findSlugsLike,
  taken: (slug) => conflict(say('The address "{slug}" is already used by another event', { slug }), 'slug'),
  raced: () => conflict('That event address is already in use; choose another', 'slug'),
};

/**
 * A slug unique in its space, across all clubs (docs/product.md section 14). From the title, a clash takes -2, -3, …;
 * a slug the admin typed that is taken or reserved is refused, so a shared link never changes meaning.
 * Runs inside the transaction that writes the row: saves of the same base wait for each other on
 * an advisory lock, so simultaneous saves of one title (on any process) each get their own suffix,
 * and copies made in one transaction (/series/addDates) see each other's.
 */
export async function chooseSlug(
  tx: Tx,
  options: { typed?: string | null; title: string; rowId?: string },
  space: SlugSpace = EVENT_SLUGS,
) {
  const typed = options.typed ? slugify(options.typed) : '';
  const base = typed || slugify(options.title) || space.fallback;
  if (typed && space.reserved.has(typed))
    throw conflict(say('The address "{slug}" is reserved; choose another', { slug: typed }), 'slug');
  await lockSlugBase(tx, space.lockKey(base));
  const taken = new Set(
    (await space.findLike(tx, base)).filter((row) => row.id !== options.rowId).map((row) => row.slug),
  );
  if (typed) {
    if (taken.has(typed)) throw space.taken(typed);
    return typed;
  }
  if (!taken.has(base) && !space.reserved.has(base)) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base}-${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/**
 * Runs `work`, which picks its slugs with chooseSlug, in one transaction. The slug lock serialises
 * saves of one base; a save of another base may still claim a suffixed slug first (title "Open Day 2"
 * against "open-day-2"), so work whose slugs come from titles tries again while a typed one is refused.
 */
export async function inSlugTransaction<T>(
  db: Db,
  space: SlugSpace,
  typed: string | null | undefined,
  work: (tx: Tx) => Promise<T>,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(work);
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      if (typed || attempt >= 5) throw space.raced();
    }
  }
}

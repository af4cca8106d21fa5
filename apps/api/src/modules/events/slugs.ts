import { slugify } from '@clubtix/contract';
import type { Tx } from '../../db/client';
import { conflict, say } from '../../core/errors';
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
 * A slug unique across all clubs (docs/product.md section 14). From the title, a clash takes -2, -3, …;
 * a slug the admin typed that is taken or reserved is refused, so a shared link never changes meaning.
 * Runs inside the transaction that writes the event: saves of the same base wait for each other on
 * an advisory lock, so simultaneous saves of one title (on any process) each get their own suffix.
 */
export async function chooseSlug(tx: Tx, options: { typed?: string | null; title: string; eventId?: string }) {
  const typed = options.typed ? slugify(options.typed) : '';
  const base = typed || slugify(options.title) || 'event';
  if (typed && RESERVED.has(typed))
    throw conflict(say('The address "{slug}" is reserved; choose another', { slug: typed }), 'slug');
  await lockSlugBase(tx, base);
  const taken = new Set(
    (await findSlugsLike(tx, base)).filter((row) => row.id !== options.eventId).map((row) => row.slug),
  );
  if (typed) {
    if (taken.has(typed))
      throw conflict(say('The address "{slug}" is already used by another event', { slug: typed }), 'slug');
    return typed;
  }
  if (!taken.has(base) && !RESERVED.has(base)) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base}-${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}

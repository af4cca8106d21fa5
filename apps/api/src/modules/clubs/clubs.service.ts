import {
  CLUB_DEFAULTS,
  LIST_CAPS,
  pageWindow,
  slugFromAddress,
  type TClub,
  type TClubSettings,
  type TClubWithAdmins,
  type ZSaveClubRequest,
} from '@clubtix/contract';
import type { z } from 'zod';
import { forgetActors } from '../../plugins/auth';
import { type Actor } from '../../core/actor';
import type { ClubRow } from '../../db/schema';
import { conflict, notFound, say } from '../../core/errors';
import { isUniqueViolation } from '../../db/errors';
import { capRows, wholePage, type CappedList } from '../../plugins/lists';
import type { Deps } from '../../core/deps';
import { requiredOnCreate, sentFields } from '../../core/save-values';
import { findUsersByClubs } from './club-admins.repo';
import { assertCanCreateClub, assertCanManageClub, assertCanRemoveClub, isSudo } from './clubs.policy';
import {
  deleteClub,
  findAllClubs,
  findClubById,
  findClubByIdOrSlug,
  findClubBySlug,
  insertClub,
  updateClub,
} from './clubs.repo';
import { toClubDto, toClubSettingsDto, toClubWithAdminsDto } from './clubs.mapper';

/**
 * Sudo's clubs by name: a page, or else the first LIST_CAPS.clubs (docs/decisions/0020); an admin's
 * own club. Each with its admins, at most LIST_CAPS.admins (as many as a club may have).
 */
export async function findClubsWithAdmins(
  deps: Deps,
  actor: Actor,
  query: { page?: number; pageSize?: number; search?: string | undefined; clubId?: string | undefined },
): Promise<CappedList<TClubWithAdmins>> {
  let list: CappedList<ClubRow>;
  if (query.clubId !== undefined) {
    // One club, read by those who manage it: another club is simply not in the answer.
    const one = isSudo(actor) || actor.clubId === query.clubId ? await findClubById(deps.db, query.clubId) : undefined;
    list = wholePage(one ? [one] : []);
  } else if (isSudo(actor)) {
    const page = pageWindow(query);
    const rows = await findAllClubs(
      deps.db,
      page ?? { limit: LIST_CAPS.clubs + 1, offset: 0 },
      query.search || undefined,
    );
    list = page ? wholePage(rows) : capRows(rows, LIST_CAPS.clubs);
  } else {
    const own = actor.clubId ? await findClubById(deps.db, actor.clubId) : undefined;
    list = wholePage(own ? [own] : []);
  }
  const admins = await findUsersByClubs(
    deps.db,
    list.items.map((row) => row.id),
    LIST_CAPS.admins,
  );
  return {
    ...list,
    items: list.items.map((row) =>
      toClubWithAdminsDto(
        row,
        admins.filter((admin) => admin.clubId === row.id),
      ),
    ),
  };
}

/** Public read: a club's public face only, no personal data; by id or by slug (/club/{slug}/event). */
export async function findClub(deps: Deps, clubIdOrSlug: string): Promise<TClub> {
  const row = await findClubByIdOrSlug(deps.db, slugFromAddress(clubIdOrSlug));
  if (!row) throw notFound('Club');
  return toClubDto(row);
}

const slugTaken = (slug: string) =>
  conflict(say('The address "{slug}" is already used by another club', { slug }), 'slug');

/**
 * A club's slug is unique among clubs only (event slugs live at /{slug}, clubs' at /club/{slug}/event).
 * Checked first for a clear answer; the unique index decides between two saves at once.
 */
async function assertSlugFree(deps: Deps, slug: string | null | undefined, clubId?: string): Promise<void> {
  if (!slug) return;
  const owner = await findClubBySlug(deps.db, slug);
  if (owner && owner.id !== clubId) throw slugTaken(slug);
}

async function writeClub<T>(slug: string | null | undefined, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (slug && isUniqueViolation(error)) throw slugTaken(slug);
    throw error;
  }
}

export async function saveClub(
  deps: Deps,
  actor: Actor,
  input: z.output<typeof ZSaveClubRequest>,
): Promise<TClubSettings> {
  const { id, ...fields } = input;
  const sent = sentFields(fields);
  if (!id) {
    assertCanCreateClub(actor);
    const values = { ...CLUB_DEFAULTS, ...sent, name: requiredOnCreate(sent.name, 'name') };
    await assertSlugFree(deps, values.slug);
    return toClubSettingsDto(await writeClub(values.slug, () => insertClub(deps.db, values)));
  }
  assertCanManageClub(actor, id);
  await assertSlugFree(deps, sent.slug, id);
  // Only the fields sent: a body without logoUrl keeps the logo.
  const row = await writeClub(sent.slug, () => updateClub(deps.db, id, sent));
  if (!row) throw notFound('Club');
  return toClubSettingsDto(row);
}

export async function removeClub(deps: Deps, actor: Actor, clubId: string): Promise<void> {
  assertCanRemoveClub(actor);
  if (!(await deleteClub(deps.db, clubId))) throw notFound('Club');
  forgetActors(); // its admins went with it
}

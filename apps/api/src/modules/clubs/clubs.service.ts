import { CLUB_DEFAULTS, type TClub, type TClubWithAdmins, type ZSaveClubRequest } from '@clubtix/contract';
import type { z } from 'zod';
import { forgetActors, type Actor } from '../../plugins/auth';
import { notFound } from '../../plugins/errors';
import type { Deps } from '../../plugins/routes';
import { requiredOnCreate, sentFields } from '../events/save-values';
import { findUsersByClubs } from '../users/users.repo';
import { assertCanCreateClub, assertCanManageClub, assertCanRemoveClub, isSudo } from './clubs.policy';
import { deleteClub, findAllClubs, findClubById, insertClub, updateClub } from './clubs.repo';
import { toClubDto, toClubWithAdminsDto } from './clubs.mapper';

export async function findClubsWithAdmins(deps: Deps, actor: Actor): Promise<TClubWithAdmins[]> {
  let rows;
  if (isSudo(actor)) {
    rows = await findAllClubs(deps.db);
  } else {
    const own = actor.clubId ? await findClubById(deps.db, actor.clubId) : undefined;
    rows = own ? [own] : [];
  }
  const admins = await findUsersByClubs(
    deps.db,
    rows.map((row) => row.id),
  );
  return rows.map((row) =>
    toClubWithAdminsDto(
      row,
      admins.filter((admin) => admin.clubId === row.id),
    ),
  );
}

/** Public read: a club's public face only, no personal data. */
export async function findClub(deps: Deps, clubId: string): Promise<TClub> {
  const row = await findClubById(deps.db, clubId);
  if (!row) throw notFound('Club');
  return toClubDto(row);
}

export async function saveClub(deps: Deps, actor: Actor, input: z.output<typeof ZSaveClubRequest>): Promise<TClub> {
  const { id, ...fields } = input;
  const sent = sentFields(fields);
  if (!id) {
    assertCanCreateClub(actor);
    const values = { ...CLUB_DEFAULTS, ...sent, name: requiredOnCreate(sent.name, 'name') };
    return toClubDto(await insertClub(deps.db, values));
  }
  assertCanManageClub(actor, id);
  // Only the fields sent: a body without logoUrl keeps the logo.
  const row = await updateClub(deps.db, id, sent);
  if (!row) throw notFound('Club');
  return toClubDto(row);
}

export async function removeClub(deps: Deps, actor: Actor, clubId: string): Promise<void> {
  assertCanRemoveClub(actor);
  if (!(await deleteClub(deps.db, clubId))) throw notFound('Club');
  forgetActors(); // its admins went with it
}

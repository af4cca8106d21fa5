import type { TClub, TClubWithAdmins, ZSaveClubRequest } from '@clubtix/contract';
import type { z } from 'zod';
import { forgetActors, type Actor } from '../../plugins/auth';
import { notFound } from '../../plugins/errors';
import type { Deps } from '../../plugins/routes';
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
  const { id, ...values } = input;
  if (!id) {
    assertCanCreateClub(actor);
    return toClubDto(await insertClub(deps.db, values));
  }
  assertCanManageClub(actor, id);
  const row = await updateClub(deps.db, id, values);
  if (!row) throw notFound('Club');
  return toClubDto(row);
}

export async function removeClub(deps: Deps, actor: Actor, clubId: string): Promise<void> {
  assertCanRemoveClub(actor);
  if (!(await deleteClub(deps.db, clubId))) throw notFound('Club');
  forgetActors(); // its admins went with it
}

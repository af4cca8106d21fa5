import { LIST_CAPS, ROLE_ADMIN, type TAppUser, type ZSaveAppUserRequest } from '@clubtix/contract';
import type { z } from 'zod';
import { isUniqueViolation } from '../../db/errors';
import type { UserRow } from '../../db/schema';
import { forgetActors, sessionEnded } from '../../plugins/auth';
import { type Actor } from '../../core/actor';
import { badInput, conflict, notFound } from '../../core/errors';
import type { Deps } from '../../core/deps';
import { assertCurrentPassword } from './current-password';
import { hashPassword } from '../../core/passwords';
import { signSessionToken } from '../../core/tokens';
import { findClubById } from '../clubs/clubs.repo';
import { assertCanDeleteUser, assertCanManageClubUsers } from './users.policy';
import {
  countClubUsers,
  deleteUser,
  findUserByEmail,
  findUserById,
  findUsersByClub,
  insertUser,
  lockClubUsers,
  updateUser,
} from './users.repo';

export function toAppUserDto(row: UserRow): TAppUser {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role === 20 ? 20 : 10,
    clubId: row.clubId,
    createdAt: row.createdAt.toISOString(),
  };
}

export const duplicateEmail = () => conflict('An account with this e-mail already exists', 'email');

export async function findClubAdmins(deps: Deps, actor: Actor, clubId: string): Promise<TAppUser[]> {
  assertCanManageClubUsers(actor, clubId);
  if (!(await findClubById(deps.db, clubId))) throw notFound('Club');
  return (await findUsersByClub(deps.db, clubId, LIST_CAPS.admins)).map(toAppUserDto);
}

export interface SavedAdmin {
  user: TAppUser;
  /** The caller's new token when it changed its own password (its old one now answers 401), else null. */
  token: string | null;
}

/**
 * Create (no id) or update an admin of a club; the password is only ever stored hashed. A new
 * password ends that admin's sessions (users.repo updateUser); an admin setting its own gives the
 * current one first and stays signed in with the new token (docs/product.md section 18).
 */
export async function saveClubAdmin(
  deps: Deps,
  actor: Actor,
  input: z.output<typeof ZSaveAppUserRequest>,
): Promise<SavedAdmin> {
  assertCanManageClubUsers(actor, input.clubId);
  if (!(await findClubById(deps.db, input.clubId))) throw notFound('Club');
  const ownPassword = input.id === actor.id && Boolean(input.password);
  if (ownPassword) {
    const me = await findUserById(deps.db, actor.id);
    if (me?.clubId !== input.clubId) throw notFound('App user');
    await assertCurrentPassword(deps.db, me, input.currentPassword);
  }
  const sameEmail = await findUserByEmail(deps.db, input.email);
  if (sameEmail && sameEmail.id !== input.id) throw duplicateEmail();
  const passwordHash = input.password ? await hashPassword(input.password) : undefined;
  try {
    if (!input.id) {
      if (!passwordHash) throw badInput('Password is required!', 'password');
      const row = await deps.db.transaction(async (tx) => {
        // A club's admins are listed whole (getAppUsers): their number is bounded here (docs/decisions/0020).
        await lockClubUsers(tx, input.clubId);
        if ((await countClubUsers(tx, input.clubId)) >= LIST_CAPS.admins) {
          throw conflict(
            `A club can have at most ${LIST_CAPS.admins} admins: remove one who no longer needs access first`,
          );
        }
        return insertUser(tx, {
          email: input.email,
          name: input.name,
          passwordHash,
          role: ROLE_ADMIN,
          clubId: input.clubId,
        });
      });
      return { user: toAppUserDto(row), token: null };
    }
    // The caller's own change applies only while its session is still the current one.
    const target = {
      id: input.id,
      clubId: input.clubId,
      ...(ownPassword ? { sessionVersion: actor.sessionVersion } : {}),
    };
    const row = await updateUser(deps.db, target, {
      email: input.email,
      name: input.name,
      ...(passwordHash ? { passwordHash } : {}),
    });
    forgetActors();
    if (!row) throw ownPassword ? sessionEnded() : notFound('App user');
    return { user: toAppUserDto(row), token: ownPassword ? await signSessionToken(deps.config, row) : null };
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateEmail();
    throw error;
  }
}

export async function deleteClubAdmin(deps: Deps, actor: Actor, userId: string): Promise<void> {
  const user = await findUserById(deps.db, userId);
  if (!user?.clubId) throw notFound('App user');
  assertCanManageClubUsers(actor, user.clubId);
  assertCanDeleteUser(actor, user.id);
  await deleteUser(deps.db, user.id);
  forgetActors();
}

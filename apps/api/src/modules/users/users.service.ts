import {
  LIST_CAPS,
  ROLE_ADMIN,
  ROLE_STAFF,
  ROLE_SUDO,
  type TAppUser,
  type TLanguage,
  type ZSaveAppUserRequest,
} from '@clubtix/contract';
import type { z } from 'zod';
import { isUniqueViolation } from '../../db/errors';
import type { UserRow } from '../../db/schema';
import { forgetActors, sessionEnded } from '../../plugins/auth';
import { type Actor } from '../../core/actor';
import { badInput, conflict, notFound, say } from '../../core/errors';
import type { Deps } from '../../core/deps';
import { assertCurrentPassword, CURRENT_PASSWORD_MESSAGES } from './current-password';
import { clientAddressOf } from '../../plugins/client-address';
import { hashPassword, invitationHash, isInvitationHash } from '../../core/passwords';
import { queueInvitation } from './invitations';
import { signSessionToken } from '../../core/tokens';
import { findClubById } from '../clubs/clubs.repo';
import { assertCanDeleteUser, assertCanManageClubUsers } from './users.policy';
import {
  countClubUsers,
  deleteUser,
  findClubEventIds,
  findStaffEventIds,
  findUserByEmail,
  findUserById,
  findUsersByClub,
  insertUser,
  lockClubUsers,
  renewInvitation,
  replaceStaffEvents,
  updateUser,
} from './users.repo';

export function toAppUserDto(row: UserRow, eventIds: string[] = []): TAppUser {
  const staff = row.role === ROLE_STAFF;
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role === ROLE_SUDO ? ROLE_SUDO : row.role === ROLE_ADMIN ? ROLE_ADMIN : ROLE_STAFF,
    clubId: row.clubId,
    allEvents: staff && row.allEvents,
    eventIds: staff && !row.allEvents ? eventIds : [],
    invitationPending: isInvitationHash(row.passwordHash),
    createdAt: row.createdAt.toISOString(),
  };
}

export const duplicateEmail = () => conflict('An account with this e-mail already exists', 'email');

export async function findClubAdmins(deps: Deps, actor: Actor, clubId: string): Promise<TAppUser[]> {
  assertCanManageClubUsers(actor, clubId);
  if (!(await findClubById(deps.db, clubId))) throw notFound('Club');
  const rows = await findUsersByClub(deps.db, clubId, LIST_CAPS.admins);
  const worked = await findStaffEventIds(
    deps.db,
    rows.filter((row) => row.role === ROLE_STAFF).map((row) => row.id),
  );
  return rows.map((row) => toAppUserDto(row, worked.get(row.id)));
}

type SaveInput = z.output<typeof ZSaveAppUserRequest>;

/**
 * The role and events a save gives (docs/product.md section 20, docs/decisions/0061-staff-scope.md):
 * admin unless door staff is asked for; only staff work events, either every event of the club
 * (`allEvents`) or exactly those listed, each one of the club's (else 400). An update that names
 * neither keeps the staff member's scope, unless the role changes; nobody changes their own role
 * (an admin cannot demote itself to the door).
 */
async function scopeOf(deps: Deps, actor: Actor, input: SaveInput, current: UserRow | undefined) {
  const role = input.role ?? (current?.role === ROLE_STAFF ? ROLE_STAFF : ROLE_ADMIN);
  if (input.id === actor.id && input.role !== undefined && input.role !== actor.role) {
    throw badInput('You cannot change your own role', 'role');
  }
  const eventIds = [...new Set(input.eventIds ?? [])];
  if (role !== ROLE_STAFF && eventIds.length > 0) {
    throw badInput('Only door staff (role 5) are limited to events', 'eventIds');
  }
  if (role !== ROLE_STAFF && input.allEvents === true) {
    throw badInput('Only door staff (role 5) work events', 'allEvents');
  }
  if (input.allEvents === true && eventIds.length > 0) {
    throw badInput('Send either all events or the chosen events, not both', 'eventIds');
  }
  const known = await findClubEventIds(deps.db, input.clubId, eventIds);
  const unknown = eventIds.findIndex((id) => !known.has(id));
  if (unknown >= 0) throw badInput('Choose events of this club', `eventIds.${unknown}`);
  const sameRole = input.id !== undefined && current?.role === role;
  // Named events mean chosen events; naming neither keeps the scope of staff who stay staff.
  const allEvents =
    role === ROLE_STAFF &&
    (input.allEvents ?? (input.eventIds === undefined && sameRole ? (current?.allEvents ?? false) : false));
  // The listed events stay when an update names none (allEvents false alone keeps them too).
  const keepEvents = sameRole && !allEvents && input.eventIds === undefined;
  return { role, allEvents, eventIds: allEvents ? [] : eventIds, keepEvents };
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
  input: SaveInput,
  ip: string,
  language: TLanguage,
): Promise<SavedAdmin> {
  assertCanManageClubUsers(actor, input.clubId);
  const club = await findClubById(deps.db, input.clubId);
  if (!club) throw notFound('Club');
  const current = input.id ? await findUserById(deps.db, input.id) : undefined;
  if (input.id && current?.clubId !== input.clubId) throw notFound('App user');
  const { role, allEvents, eventIds, keepEvents } = await scopeOf(deps, actor, input, current);
  const ownPassword = input.id === actor.id && Boolean(input.password);
  // One's own e-mail is where a password reset would go: changing it asks the current password, as
  // My account does (modules/auth/account.service.ts).
  const ownEmail = input.id === actor.id && input.email.toLowerCase() !== current?.email.toLowerCase();
  if (ownPassword || ownEmail) {
    const me = await findUserById(deps.db, actor.id);
    if (me?.clubId !== input.clubId) throw notFound('App user');
    await assertCurrentPassword(deps.db, me, input.currentPassword, {
      address: clientAddressOf(ip),
      missing: ownPassword ? CURRENT_PASSWORD_MESSAGES.missing : CURRENT_PASSWORD_MESSAGES.missingForEmail,
    });
  }
  const sameEmail = await findUserByEmail(deps.db, input.email);
  if (sameEmail && sameEmail.id !== input.id) throw duplicateEmail();
  const passwordHash = input.password ? await hashPassword(input.password) : undefined;
  try {
    if (!input.id) {
      const row = await deps.db.transaction(async (tx) => {
        // A club's admins are listed whole (getAppUsers): their number is bounded here (docs/decisions/0020).
        await lockClubUsers(tx, input.clubId);
        if ((await countClubUsers(tx, input.clubId)) >= LIST_CAPS.admins) {
          throw conflict(
            say('A club can have at most {max} admins: remove one who no longer needs access first', {
              max: LIST_CAPS.admins,
            }),
          );
        }
        const inserted = await insertUser(tx, {
          email: input.email,
          name: input.name,
          // No password given: the person is invited to choose their own (docs/decisions/0068).
          passwordHash: passwordHash ?? invitationHash(),
          role,
          allEvents,
          clubId: input.clubId,
        });
        await replaceStaffEvents(tx, inserted.id, input.clubId, eventIds);
        if (!passwordHash) {
          await queueInvitation(deps, tx, inserted, { inviter: actor.name, clubName: club.name }, language);
        }
        return inserted;
      });
      return { user: toAppUserDto(row, eventIds), token: null };
    }
    // The caller's own change applies only while its session is still the current one.
    const target = {
      id: input.id,
      clubId: input.clubId,
      ...(ownPassword ? { sessionVersion: actor.sessionVersion } : {}),
    };
    const row = await deps.db.transaction(async (tx) => {
      const updated = await updateUser(tx, target, {
        email: input.email,
        name: input.name,
        role,
        allEvents,
        ...(passwordHash ? { passwordHash } : {}),
      });
      if (updated && !keepEvents) await replaceStaffEvents(tx, updated.id, input.clubId, eventIds);
      return updated;
    });
    forgetActors();
    if (!row) throw ownPassword ? sessionEnded() : notFound('App user');
    const worked = (await findStaffEventIds(deps.db, [row.id])).get(row.id);
    return { user: toAppUserDto(row, worked), token: ownPassword ? await signSessionToken(deps.config, row) : null };
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateEmail();
    throw error;
  }
}

/**
 * Mails an invited person who has not set a password a new invitation; the account's invitation hash
 * is renewed in the same transaction, so every earlier link stops working (core/password-links.ts).
 * Someone who has set a password is told to use "Forgot password?" instead (400).
 */
export async function resendInvitation(
  deps: Deps,
  actor: Actor,
  userId: string,
  language: TLanguage,
): Promise<TAppUser> {
  const user = await findUserById(deps.db, userId);
  if (!user?.clubId) throw notFound('App user');
  assertCanManageClubUsers(actor, user.clubId);
  const club = await findClubById(deps.db, user.clubId);
  if (!club) throw notFound('App user');
  if (!isInvitationHash(user.passwordHash)) {
    throw badInput('This person has already set a password: they can use "Forgot password?" on the sign-in page');
  }
  const row = await deps.db.transaction(async (tx) => {
    const renewed = await renewInvitation(tx, user, invitationHash());
    if (renewed) await queueInvitation(deps, tx, renewed, { inviter: actor.name, clubName: club.name }, language);
    return renewed;
  });
  if (!row) throw conflict('This person has just set a password or been invited again: reload the page');
  const worked = (await findStaffEventIds(deps.db, [row.id])).get(row.id);
  return toAppUserDto(row, worked);
}

export async function deleteClubAdmin(deps: Deps, actor: Actor, userId: string): Promise<void> {
  const user = await findUserById(deps.db, userId);
  if (!user?.clubId) throw notFound('App user');
  assertCanManageClubUsers(actor, user.clubId);
  assertCanDeleteUser(actor, user.id);
  await deleteUser(deps.db, user.id);
  forgetActors();
}

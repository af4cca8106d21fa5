import type { TCurrentUser, ZUpdateAccountRequest } from '@clubtix/contract';
import type { z } from 'zod';
import { isUniqueViolation } from '../../db/errors';
import { forgetActors, sessionEnded, toCurrentUser } from '../../plugins/auth';
import { type Actor } from '../../core/actor';
import { AppError } from '../../core/errors';
import type { Deps } from '../../core/deps';
import { findUserByEmail, findUserById, updateUser } from '../users/users.repo';
import { duplicateEmail } from '../users/users.service';
import { assertCurrentPassword, CURRENT_PASSWORD_MESSAGES } from '../users/current-password';
import { clientAddressOf } from '../../plugins/client-address';
import { hashPassword } from '../../core/passwords';
import { signSessionToken } from '../../core/tokens';
import { endSessions } from './sessions.repo';

const accountGone = () => new AppError('UNAUTHENTICATED', 'Your account no longer exists. Please sign in again.');

/** The signed-in user as the database has it now, not as the one-second actor cache does. */
export async function findOwnAccount(deps: Deps, actor: Actor): Promise<TCurrentUser> {
  const user = await findUserById(deps.db, actor.id);
  if (!user) throw accountGone();
  return toCurrentUser(user);
}

export interface AccountChange {
  currentUser: TCurrentUser;
  /** This session's new token when the password changed (the old one now answers 401), else null. */
  token: string | null;
}

/**
 * "My account" of every role, sudo included (docs/product.md section 18): a name and, with the
 * current password, a new e-mail or a new password: whoever holds a session must not be able to
 * take the account over by moving its sign-in elsewhere. The change applies only while the caller's
 * session is still the current one; a new password raises the session version (users.repo
 * updateUser), ending every other session, and this one goes on with the token answered here. `ip`
 * is request.ip: a wrong current password counts as a failed sign-in from there.
 */
export async function updateOwnAccount(
  deps: Deps,
  actor: Actor,
  input: z.output<typeof ZUpdateAccountRequest>,
  ip: string,
): Promise<AccountChange> {
  const me = await findUserById(deps.db, actor.id);
  if (!me) throw accountGone();
  if (me.sessionVersion !== actor.sessionVersion) throw sessionEnded();
  const newEmail = input.email !== me.email.toLowerCase();
  if (input.newPassword || newEmail) {
    await assertCurrentPassword(deps.db, me, input.currentPassword, {
      address: clientAddressOf(ip),
      missing: input.newPassword ? CURRENT_PASSWORD_MESSAGES.missing : CURRENT_PASSWORD_MESSAGES.missingForEmail,
    });
  }
  const sameEmail = await findUserByEmail(deps.db, input.email);
  if (sameEmail && sameEmail.id !== me.id) throw duplicateEmail();
  const passwordHash = input.newPassword ? await hashPassword(input.newPassword) : undefined;
  try {
    const row = await updateUser(
      deps.db,
      { id: me.id, sessionVersion: actor.sessionVersion },
      { name: input.name, email: input.email, ...(passwordHash ? { passwordHash } : {}) },
    );
    forgetActors();
    // Another change (this user's password, elsewhere) committed since the checks above.
    if (!row) throw sessionEnded();
    return {
      currentUser: toCurrentUser(row),
      token: passwordHash ? await signSessionToken(deps.config, row) : null,
    };
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateEmail();
    throw error;
  }
}

/**
 * Sign-out on the server (docs/decisions/0065-sign-in-proxies-and-sign-out.md): the user's session
 * version is raised, so this token and every other of the account, on any device, answer 401; this
 * process forgets its cached actors at once, other processes within ACTOR_TTL_MS (plugins/auth.ts).
 * A session another change ended meanwhile answers 401 too, as every later call would.
 */
export async function signOut(deps: Deps, actor: Actor): Promise<void> {
  const ended = await endSessions(deps.db, { id: actor.id, sessionVersion: actor.sessionVersion });
  forgetActors();
  if (!ended) throw sessionEnded();
}

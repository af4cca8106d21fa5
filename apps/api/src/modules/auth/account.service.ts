import type { TCurrentUser, ZUpdateAccountRequest } from '@clubtix/contract';
import type { z } from 'zod';
import { isUniqueViolation } from '../../db/errors';
import { forgetActors, sessionEnded, toCurrentUser } from '../../plugins/auth';
import { type Actor } from '../../core/actor';
import { AppError } from '../../core/errors';
import type { Deps } from '../../core/deps';
import { findUserByEmail, findUserById, updateUser } from '../users/users.repo';
import { duplicateEmail } from '../users/users.service';
import { assertCurrentPassword } from '../users/current-password';
import { hashPassword } from '../../core/passwords';
import { signSessionToken } from '../../core/tokens';

const accountGone = () => new AppError('UNAUTHENTICATED', 401, 'Your account no longer exists. Please sign in again.');

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
 * "My account" of every role, sudo included (docs/product.md section 18): name, e-mail and, with the
 * current password, a new one. The change applies only while the caller's session is still the
 * current one; a new password raises the session version (users.repo updateUser), ending every
 * other session, and this one goes on with the token answered here.
 */
export async function updateOwnAccount(
  deps: Deps,
  actor: Actor,
  input: z.output<typeof ZUpdateAccountRequest>,
): Promise<AccountChange> {
  const me = await findUserById(deps.db, actor.id);
  if (!me) throw accountGone();
  if (me.sessionVersion !== actor.sessionVersion) throw sessionEnded();
  if (input.newPassword) await assertCurrentPassword(deps.db, me, input.currentPassword);
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

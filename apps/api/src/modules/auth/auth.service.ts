import { ROLE_ADMIN, type TCurrentUser } from '@clubtix/contract';
import type { z } from 'zod';
import type { ZRegisterRequest, ZSignInRequest } from '@clubtix/contract';
import { isUniqueViolation } from '../../db/errors';
import type { UserRow } from '../../db/schema';
import { toCurrentUser } from '../../plugins/auth';
import { AppError, forbidden } from '../../core/errors';
import type { Deps } from '../../core/deps';
import { insertClub } from '../clubs/clubs.repo';
import { findUserByEmail, insertUser, recordSignIn } from '../users/users.repo';
import { duplicateEmail } from '../users/users.service';
import { DUMMY_HASH, hashPassword, isInvitationHash, verifyPassword } from '../../core/passwords';
import { countPasswordAttempt, passwordAccepted } from '../users/current-password';
import { clientAddressOf } from '../../plugins/client-address';
import { signSessionToken } from '../../core/tokens';

export interface Session {
  token: string;
  currentUser: TCurrentUser;
  /** No session was opened for the account before: the greeting is "Welcome", not "Welcome back". */
  firstSignIn: boolean;
}

export async function openSession(deps: Deps, user: UserRow): Promise<Session> {
  await recordSignIn(deps.db, user.id);
  return {
    token: await signSessionToken(deps.config, user),
    currentUser: toCurrentUser(user),
    firstSignIn: user.lastSignedInAt === null,
  };
}

/**
 * Wrong passwords are counted per account and client address, per account from everywhere, and per
 * address (users/current-password.ts): guesses from elsewhere never lock a person out where they
 * sign in from. `ip` is request.ip, whose origin TRUST_PROXY decides.
 */
export async function signIn(deps: Deps, input: z.output<typeof ZSignInRequest>, ip: string): Promise<Session> {
  const attempt = await countPasswordAttempt(deps.db, input.email, clientAddressOf(ip));
  const user = await findUserByEmail(deps.db, input.email);
  // An invited account has no password yet: it is checked against the dummy hash, taking as long.
  const usable = user && !isInvitationHash(user.passwordHash) ? user.passwordHash : undefined;
  const valid = await verifyPassword(input.password, usable ?? DUMMY_HASH);
  if (!user || !usable || !valid) throw new AppError('UNAUTHENTICATED', 'Invalid e-mail or password');
  await passwordAccepted(deps.db, attempt);
  return openSession(deps, user);
}

/** Self-service sign-up (docs/product.md section 13): a new club and its first admin, signed in. */
export async function registerClubAdmin(deps: Deps, input: z.output<typeof ZRegisterRequest>): Promise<Session> {
  if (!deps.config.allowSignup)
    throw forbidden('Sign-up is closed on this installation. Ask the administrator for an account.');
  if (await findUserByEmail(deps.db, input.email)) throw duplicateEmail();
  const passwordHash = await hashPassword(input.password);
  try {
    const user = await deps.db.transaction(async (tx) => {
      const club = await insertClub(tx, { name: input.clubName, description: null, website: null, logoUrl: null });
      return insertUser(tx, { email: input.email, name: input.name, passwordHash, role: ROLE_ADMIN, clubId: club.id });
    });
    return await openSession(deps, user);
  } catch (error) {
    // A simultaneous sign-up with the same e-mail won the race; the transaction took its club back.
    if (isUniqueViolation(error)) throw duplicateEmail();
    throw error;
  }
}

import { ROLE_ADMIN, type TCurrentUser } from '@clubtix/contract';
import type { z } from 'zod';
import type { ZRegisterRequest, ZSignInRequest } from '@clubtix/contract';
import { isUniqueViolation } from '../../db/errors';
import type { UserRow } from '../../db/schema';
import { toCurrentUser } from '../../plugins/auth';
import { AppError, forbidden } from '../../core/errors';
import type { Deps } from '../../core/deps';
import { insertClub } from '../clubs/clubs.repo';
import { findUserByEmail, insertUser } from '../users/users.repo';
import { duplicateEmail } from '../users/users.service';
import { DUMMY_HASH, hashPassword, verifyPassword } from '../../core/passwords';
import {
  clearFailures,
  forgiveFailure,
  MAX_FAILURES_PER_ADDRESS,
  MAX_FAILURES_PER_EMAIL,
  recordFailure,
} from '../users/signin-limit.repo';
import { tooManySigninAttempts } from '../users/current-password';
import { signSessionToken } from '../../core/tokens';

export { MAX_FAILURES_PER_ADDRESS, MAX_FAILURES_PER_EMAIL } from '../users/signin-limit.repo';

export interface Session {
  token: string;
  currentUser: TCurrentUser;
}

export async function openSession(deps: Deps, user: UserRow): Promise<Session> {
  return { token: await signSessionToken(deps.config, user), currentUser: toCurrentUser(user) };
}

/**
 * Every attempt is counted as a failure before the password is checked, and given back when it
 * succeeds or is refused: checking first and counting after would let guesses that arrive at once
 * all pass the check.
 */
export async function signIn(deps: Deps, input: z.output<typeof ZSignInRequest>, address: string): Promise<Session> {
  const emailKey = `email:${input.email}`;
  const addressKey = `ip:${address}`;
  const [byEmail, byAddress] = await Promise.all([
    recordFailure(deps.db, emailKey),
    recordFailure(deps.db, addressKey),
  ]);
  if (byEmail > MAX_FAILURES_PER_EMAIL || byAddress > MAX_FAILURES_PER_ADDRESS) {
    await Promise.all([forgiveFailure(deps.db, emailKey), forgiveFailure(deps.db, addressKey)]);
    throw tooManySigninAttempts();
  }
  const user = await findUserByEmail(deps.db, input.email);
  const valid = await verifyPassword(input.password, user?.passwordHash ?? DUMMY_HASH);
  if (!user || !valid) throw new AppError('UNAUTHENTICATED', 401, 'Invalid e-mail or password');
  await Promise.all([clearFailures(deps.db, emailKey), forgiveFailure(deps.db, addressKey)]);
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

import type { DbOrTx } from '../../db/client';
import { badInput, RateLimitedError, say } from '../../core/errors';
import { verifyPassword } from '../../core/passwords';
import {
  clearFailures,
  forgiveFailures,
  recordFailures,
  signinCounters,
  type FailureCounter,
} from './signin-limit.repo';

const minutesOf = (seconds: number) => Math.max(1, Math.ceil(seconds / 60));

/** Where the refusal came from decides what the person is told: their own tries, or tries from everywhere. */
function tooManySigninAttempts(secondsLeft: number, fromEverywhere: boolean): RateLimitedError {
  const minutes = minutesOf(secondsLeft);
  return new RateLimitedError(
    fromEverywhere
      ? say(
          'Too many failed sign-in attempts for this account from many places. Please try again {minutes, plural, =1 {in a minute} other {in # minutes}}.',
          { minutes },
        )
      : say(
          'Too many failed sign-in attempts. Please try again {minutes, plural, =1 {in a minute} other {in # minutes}}.',
          { minutes },
        ),
    secondsLeft,
  );
}

/** A password attempt counted before its check; what to take back once it is known not to be a guess. */
export interface PasswordAttempt {
  counters: FailureCounter[];
}

/**
 * Counts a password attempt as a failure of the account from this address, of the account from
 * everywhere, and of the address, before the password is checked: checking first and counting after
 * would let guesses that arrive at once all pass the check. Over any bound the attempt is taken
 * back, refused with 429 and Retry-After, and its password never checked
 * (docs/decisions/0065-sign-in-proxies-and-sign-out.md).
 */
export async function countPasswordAttempt(
  db: DbOrTx,
  email: string,
  address: string | null,
): Promise<PasswordAttempt> {
  const counters = signinCounters(email, address);
  const counts = await recordFailures(db, counters);
  const over = counters.flatMap((counter) => {
    const count = counts.find((candidate) => candidate.key === counter.key);
    return count && count.failures > counter.max ? [{ ...counter, secondsLeft: count.secondsLeft }] : [];
  });
  if (over.length > 0) {
    await forgiveFailures(
      db,
      counters.map((counter) => counter.key),
    );
    throw tooManySigninAttempts(
      Math.max(...over.map((counter) => counter.secondsLeft)),
      over.some((counter) => counter.kind === 'account'),
    );
  }
  return { counters };
}

/**
 * The password was right: this account's count at this address starts afresh; the other counters
 * take back this attempt only, so a right password does not wipe what a guesser elsewhere has used
 * of the account's hourly bound.
 */
export async function passwordAccepted(db: DbOrTx, attempt: PasswordAttempt): Promise<void> {
  const here = attempt.counters.filter((counter) => counter.kind === 'accountAddress');
  const others = attempt.counters.filter((counter) => counter.kind !== 'accountAddress');
  await Promise.all([
    ...here.map((counter) => clearFailures(db, counter.key)),
    forgiveFailures(
      db,
      others.map((counter) => counter.key),
    ),
  ]);
}

/** The attempt was not a guess (a signed-in user's right current password): taken back, nothing restarted. */
export async function passwordAttemptForgiven(db: DbOrTx, attempt: PasswordAttempt): Promise<void> {
  await forgiveFailures(
    db,
    attempt.counters.map((counter) => counter.key),
  );
}

export const CURRENT_PASSWORD_MESSAGES = {
  missing: 'Enter your current password to set a new one',
  missingForEmail: 'Enter your current password to change your e-mail address',
  wrong: 'That is not your current password',
} as const;

/**
 * A user setting its own password, or changing the e-mail it signs in with, proves it knows the
 * current password (docs/product.md section 18). A wrong one is a 400 on the field, not a 401: the
 * web client reads a 401 on a signed-in call as the end of the session. A guess counts against the
 * account's sign-in failures, as at sign-in, so a stolen session cannot try passwords without limit
 * (docs/decisions/0019-sessions-and-my-account.md). `address` is the caller's client address as the
 * limits count it; a caller that does not pass it counts as one place of its own.
 */
export async function assertCurrentPassword(
  db: DbOrTx,
  user: { email: string; passwordHash: string },
  currentPassword: string | undefined,
  options: { address?: string | null; missing?: string } = {},
): Promise<void> {
  if (!currentPassword) throw badInput(options.missing ?? CURRENT_PASSWORD_MESSAGES.missing, 'currentPassword');
  const attempt = await countPasswordAttempt(db, user.email, options.address ?? null);
  if (!(await verifyPassword(currentPassword, user.passwordHash))) {
    throw badInput(CURRENT_PASSWORD_MESSAGES.wrong, 'currentPassword');
  }
  await passwordAttemptForgiven(db, attempt);
}

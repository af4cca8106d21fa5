import type { DbOrTx } from '../../db/client';
import { AppError, badInput, say } from '../../core/errors';
import { verifyPassword } from '../../core/passwords';
import { forgiveFailure, MAX_FAILURES_PER_EMAIL, recordFailure, SIGNIN_WINDOW_MINUTES } from './signin-limit.repo';

export const tooManySigninAttempts = () =>
  new AppError(
    'RATE_LIMITED',
    429,
    say('Too many failed sign-in attempts. Please wait {minutes} minutes and try again.', {
      minutes: SIGNIN_WINDOW_MINUTES,
    }),
  );

export const CURRENT_PASSWORD_MESSAGES = {
  missing: 'Enter your current password to set a new one',
  wrong: 'That is not your current password',
} as const;

/**
 * A user setting its own password proves it knows the current one (docs/product.md section 18). A
 * wrong one is a 400 on the field, not a 401: the web client reads a 401 on a signed-in call as
 * the end of the session. A guess counts against the e-mail's sign-in failures, as at sign-in, so
 * a stolen session cannot try passwords without limit (docs/decisions/0019-sessions-and-my-account.md).
 */
export async function assertCurrentPassword(
  db: DbOrTx,
  user: { email: string; passwordHash: string },
  currentPassword: string | undefined,
): Promise<void> {
  if (!currentPassword) throw badInput(CURRENT_PASSWORD_MESSAGES.missing, 'currentPassword');
  const key = `email:${user.email}`;
  if ((await recordFailure(db, key)) > MAX_FAILURES_PER_EMAIL) {
    await forgiveFailure(db, key);
    throw tooManySigninAttempts();
  }
  if (!(await verifyPassword(currentPassword, user.passwordHash))) {
    throw badInput(CURRENT_PASSWORD_MESSAGES.wrong, 'currentPassword');
  }
  await forgiveFailure(db, key);
}

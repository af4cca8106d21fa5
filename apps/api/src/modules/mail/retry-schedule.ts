const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/**
 * How long a refused mail waits before its next try, by the number of tries so far: soon at first,
 * as a mail server that refuses is most often busy or restarting for a moment, then further apart,
 * so that a server down for hours is not hammered and a mail is still tried for about a day.
 */
const DELAYS_MS = [30 * SECOND, 2 * MINUTE, 10 * MINUTE, 30 * MINUTE, HOUR, 3 * HOUR, 6 * HOUR, 6 * HOUR, 6 * HOUR];

/** Tries per mail: after the last one it is marked failed, some 23 hours after the first. */
export const MAX_ATTEMPTS = DELAYS_MS.length + 1;

/** The wait after a mail's `attempts`-th try failed (attempts counts from 1). */
export function retryDelayMs(attempts: number): number {
  return DELAYS_MS[Math.min(Math.max(attempts, 1), DELAYS_MS.length) - 1]!;
}

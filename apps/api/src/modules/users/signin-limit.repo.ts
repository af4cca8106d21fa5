import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { signinFailures } from '../../db/schema';

/** One counter of failed sign-ins: its key, how long its window lasts and the failures a window allows. */
export interface FailureCounter {
  /** Which bound: the account from one address, the account from everywhere, or the address. */
  kind: 'accountAddress' | 'account' | 'address';
  key: string;
  windowMinutes: number;
  max: number;
}

export interface FailureCount {
  key: string;
  /** Failures in the current window, this one included. */
  failures: number;
  /** Whole seconds (at least 1) until the current window ends. */
  secondsLeft: number;
}

/**
 * Wrong passwords for one account from one client address (sign-in, and a signed-in user's wrong
 * current password, current-password.ts): the limit a guesser meets first. Counted per address, so
 * guesses from elsewhere never lock the person out where they sign in from.
 */
export const MAX_FAILURES_PER_ACCOUNT_AND_ADDRESS = 10;
export const ACCOUNT_AND_ADDRESS_WINDOW_MINUTES = 15;
/** Wrong passwords for one account from every address together: a guesser spread over many. */
export const MAX_FAILURES_PER_ACCOUNT = 100;
export const ACCOUNT_WINDOW_MINUTES = 60;
/** Failed sign-ins from one address whatever the account: one client trying many accounts. */
export const MAX_FAILURES_PER_ADDRESS = 50;
export const ADDRESS_WINDOW_MINUTES = 15;

/**
 * The counters one sign-in attempt counts against (docs/decisions/0065-sign-in-proxies-and-sign-out.md).
 * `address` is the client address as the limits count it (plugins/client-address.ts), or null for a
 * check whose caller's address is not known, counted as one place of its own.
 */
export function signinCounters(email: string, address: string | null): FailureCounter[] {
  return [
    {
      kind: 'accountAddress',
      key: `account-address:${email} ${address ?? 'unknown'}`,
      windowMinutes: ACCOUNT_AND_ADDRESS_WINDOW_MINUTES,
      max: MAX_FAILURES_PER_ACCOUNT_AND_ADDRESS,
    },
    { kind: 'account', key: `account:${email}`, windowMinutes: ACCOUNT_WINDOW_MINUTES, max: MAX_FAILURES_PER_ACCOUNT },
    ...(address === null
      ? []
      : [
          {
            kind: 'address' as const,
            key: `ip:${address}`,
            windowMinutes: ADDRESS_WINDOW_MINUTES,
            max: MAX_FAILURES_PER_ADDRESS,
          },
        ]),
  ];
}

/**
 * Counts one failure against each counter and answers each one's failures in its current window.
 * One atomic statement for all of them (an upsert in key order), so attempts that arrive at once,
 * on any process, each see their own count; a window that has ended starts afresh at 1.
 */
export async function recordFailures(db: DbOrTx, counters: FailureCounter[]): Promise<FailureCount[]> {
  const keys = sql.param(counters.map((counter) => counter.key));
  const minutes = sql.param(counters.map((counter) => counter.windowMinutes));
  const windowOf = (key: unknown) => sql`make_interval(mins => (SELECT w.minutes FROM wanted w WHERE w.key = ${key}))`;
  const expired = sql`f.window_started_at <= now() - ${windowOf(sql.raw('excluded.key'))}`;
  const result = await db.execute<{ key: string; failures: number; secondsLeft: number }>(sql`
    WITH wanted AS (SELECT * FROM unnest(${keys}::text[], ${minutes}::int[]) AS w(key, minutes))
    INSERT INTO signin_failures AS f (key, failures, window_started_at)
    SELECT key, 1, now() FROM wanted ORDER BY key
    ON CONFLICT (key) DO UPDATE SET
      failures = CASE WHEN ${expired} THEN 1 ELSE f.failures + 1 END,
      window_started_at = CASE WHEN ${expired} THEN now() ELSE f.window_started_at END
    RETURNING f.key, f.failures,
      greatest(1, ceil(extract(epoch FROM f.window_started_at + ${windowOf(sql.raw('f.key'))} - now())))::int
        AS "secondsLeft"`);
  return result.rows;
}

/**
 * Takes back one failure of each counter, for an attempt that turned out not to be a guess or was
 * refused unchecked. The rows are locked in key order, as recordFailures writes them, so a take-back
 * and a count of the same keys never wait on each other's rows.
 */
export async function forgiveFailures(db: DbOrTx, keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  await db.execute(sql`
    UPDATE signin_failures f SET failures = greatest(f.failures - 1, 0)
    FROM (SELECT key FROM signin_failures WHERE key = ANY(${sql.param(keys)}::text[]) ORDER BY key FOR UPDATE) AS locked
    WHERE f.key = locked.key`);
}

export async function clearFailures(db: DbOrTx, key: string): Promise<void> {
  await db.delete(signinFailures).where(eq(signinFailures.key, key));
}

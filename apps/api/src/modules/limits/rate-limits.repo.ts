import { and, eq, gt, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rateLimits } from '../../db/schema';

/** One fixed-window counter: its key and how long a window lasts. */
export interface Counter {
  key: string;
  windowSeconds: number;
}

export interface CounterHits {
  key: string;
  /** Calls counted in the current window, this one included. */
  hits: number;
  /** Whole seconds (at least 1) until the current window ends. */
  secondsLeft: number;
}

const windowOver = sql`${rateLimits.windowEndsAt} <= now()`;

/**
 * Counts one call against each counter and answers each one's calls in its current window. One
 * atomic statement for all of them (an upsert, as the sign-in limit's), so calls that arrive at
 * once, on any process, each see their own count. A window that has ended starts afresh at 1.
 * Keys are written in one order, so two calls with the same keys never wait on each other's rows.
 */
export async function countHits(db: DbOrTx, counters: Counter[]): Promise<CounterHits[]> {
  const ordered = [...counters].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return db
    .insert(rateLimits)
    .values(
      ordered.map(({ key, windowSeconds }) => ({
        key,
        hits: 1,
        windowStartedAt: sql`now()`,
        windowEndsAt: sql`now() + make_interval(secs => ${windowSeconds})`,
      })),
    )
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        hits: sql`CASE WHEN ${windowOver} THEN 1 ELSE ${rateLimits.hits} + 1 END`,
        windowStartedAt: sql`CASE WHEN ${windowOver} THEN now() ELSE ${rateLimits.windowStartedAt} END`,
        windowEndsAt: sql`CASE WHEN ${windowOver} THEN excluded.window_ends_at ELSE ${rateLimits.windowEndsAt} END`,
      },
    })
    .returning({
      key: rateLimits.key,
      hits: rateLimits.hits,
      secondsLeft: sql<number>`greatest(1, ceil(extract(epoch FROM ${rateLimits.windowEndsAt} - now())))::int`,
    });
}

/** Deletes the counters whose window has ended (the background sweep); answers how many. */
export async function purgeEndedWindows(db: DbOrTx): Promise<number> {
  const result = await db.delete(rateLimits).where(lte(rateLimits.windowEndsAt, sql`now()`));
  return result.rowCount ?? 0;
}

/**
 * Takes back one call counted against the key in its current window (a call that turned out not to
 * count, such as a right code: docs/decisions/0063-code-guessing-limits.md). Never below 0; a window
 * that has ended meanwhile is left as it is.
 */
export async function giveBackHit(db: DbOrTx, key: string): Promise<void> {
  await db
    .update(rateLimits)
    .set({ hits: sql`${rateLimits.hits} - 1` })
    .where(and(eq(rateLimits.key, key), gt(rateLimits.hits, 0), gt(rateLimits.windowEndsAt, sql`now()`)));
}

import { inArray, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { signinFailures } from '../../db/schema';

export const SIGNIN_WINDOW_MINUTES = 15;

/** Failed attempts per key inside the current window. */
export async function recentFailures(db: DbOrTx, keys: string[]): Promise<number> {
  const rows = await db
    .select({ failures: signinFailures.failures })
    .from(signinFailures)
    .where(
      sql`${inArray(signinFailures.key, keys)} AND ${signinFailures.windowStartedAt} > now() - make_interval(mins => ${SIGNIN_WINDOW_MINUTES})`,
    );
  return Math.max(0, ...rows.map((row) => row.failures));
}

export async function recordFailure(db: DbOrTx, key: string): Promise<void> {
  const expired = sql`${signinFailures.windowStartedAt} <= now() - make_interval(mins => ${SIGNIN_WINDOW_MINUTES})`;
  await db
    .insert(signinFailures)
    .values({ key, failures: 1, windowStartedAt: sql`now()` })
    .onConflictDoUpdate({
      target: signinFailures.key,
      set: {
        failures: sql`CASE WHEN ${expired} THEN 1 ELSE ${signinFailures.failures} + 1 END`,
        windowStartedAt: sql`CASE WHEN ${expired} THEN now() ELSE ${signinFailures.windowStartedAt} END`,
      },
    });
}

export async function clearFailures(db: DbOrTx, key: string): Promise<void> {
  await db.delete(signinFailures).where(eq(signinFailures.key, key));
}

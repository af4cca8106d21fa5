import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { signinFailures } from '../../db/schema';

export const SIGNIN_WINDOW_MINUTES = 15;
/** Failed sign-ins (and wrong current passwords, see current-password.ts) one e-mail may have in a window. */
export const MAX_FAILURES_PER_EMAIL = 10;
export const MAX_FAILURES_PER_ADDRESS = 50;

const windowExpired = sql`${signinFailures.windowStartedAt} <= now() - make_interval(mins => ${SIGNIN_WINDOW_MINUTES})`;

/**
 * Counts one failure against the key and answers the failures in the current window, this one
 * included. One atomic statement, so attempts that arrive at once each see their own count.
 */
export async function recordFailure(db: DbOrTx, key: string): Promise<number> {
  const [row] = await db
    .insert(signinFailures)
    .values({ key, failures: 1, windowStartedAt: sql`now()` })
    .onConflictDoUpdate({
      target: signinFailures.key,
      set: {
        failures: sql`CASE WHEN ${windowExpired} THEN 1 ELSE ${signinFailures.failures} + 1 END`,
        windowStartedAt: sql`CASE WHEN ${windowExpired} THEN now() ELSE ${signinFailures.windowStartedAt} END`,
      },
    })
    .returning({ failures: signinFailures.failures });
  return row!.failures;
}

/** Takes back one failure counted by recordFailure, for an attempt that turned out not to be a guess. */
export async function forgiveFailure(db: DbOrTx, key: string): Promise<void> {
  await db
    .update(signinFailures)
    .set({ failures: sql`GREATEST(${signinFailures.failures} - 1, 0)` })
    .where(eq(signinFailures.key, key));
}

export async function clearFailures(db: DbOrTx, key: string): Promise<void> {
  await db.delete(signinFailures).where(eq(signinFailures.key, key));
}

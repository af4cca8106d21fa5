import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { discounts, orders, type DiscountRow } from '../../db/schema';
import { usableNow } from './discounts.repo';

/**
 * Takes one use of a code in the caller's transaction (the hold's), as one conditional UPDATE: only
 * an active code, inside its window, with a use left. Two buyers racing for the last use are
 * serialised on the row, and the second finds none left; the CHECK on used_count <= max_uses is the
 * database's own last word on it (docs/decisions/0028-discount-and-access-codes.md). Undefined
 * when no use could be taken; the caller reads the row again to say why.
 */
export async function takeUse(tx: DbOrTx, discountId: string, now = new Date()): Promise<DiscountRow | undefined> {
  const [row] = await tx
    .update(discounts)
    .set({ usedCount: sql`${discounts.usedCount} + 1` })
    .where(and(eq(discounts.id, discountId), usableNow(now)))
    .returning();
  return row;
}

/** Gives one use back (a hold that lapsed, a pending registration cancelled or deleted, a code switched). */
export async function giveBackUse(tx: DbOrTx, discountId: string): Promise<void> {
  await giveBackUses(tx, [discountId]);
}

/**
 * Gives back one use per id listed (an id twice: two uses), in one statement, so a sweep of many
 * lapsed holds returns their codes' uses in the same batch as their seats. Never below nothing.
 */
export async function giveBackUses(tx: DbOrTx, discountIds: readonly (string | null)[]): Promise<void> {
  const ids = discountIds.filter((id): id is string => id !== null);
  if (ids.length === 0) return;
  await tx.execute(sql`
    UPDATE ${discounts} AS d
    SET used_count = GREATEST(d.used_count - back.uses, 0)
    FROM (SELECT id, count(*)::int AS uses FROM unnest(${sql.param(ids)}::text[]) AS id GROUP BY id) AS back
    WHERE d.id = back.id`);
}

/**
 * Gives back the uses of the pending orders of these registrations (holds that lapsed, pending
 * registrations cancelled or deleted), in one statement. Paid orders keep theirs. Run it before the
 * seats are released: a hold takes the code's row before the seat counters, and so does this.
 */
export async function giveBackUsesOfPending(tx: DbOrTx, registrationIds: readonly string[]): Promise<void> {
  if (registrationIds.length === 0) return;
  await tx.execute(sql`
    UPDATE ${discounts} AS d
    SET used_count = GREATEST(d.used_count - back.uses, 0)
    FROM (
      SELECT ${orders.discountId} AS id, count(*)::int AS uses FROM ${orders}
      WHERE ${orders.registrationId} = ANY(${sql.param([...registrationIds])}::text[])
        AND ${orders.paymentStatus} = 'pending' AND ${orders.discountId} IS NOT NULL
      GROUP BY ${orders.discountId}
    ) AS back
    WHERE d.id = back.id`);
}

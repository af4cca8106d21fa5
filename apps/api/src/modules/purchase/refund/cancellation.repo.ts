import { and, asc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../../db/client';
import { eventCancellations, events, orders, refunds, type EventCancellationRow } from '../../../db/schema';
import { REFUNDABLE_STATUSES } from '../refund-orders.repo';

/** The cancellation's own key for an order's refund: a crash between provider and commit never refunds twice. */
export const cancellationKey = (orderId: string) => `cancel:${orderId}`;
/**
 * The mark of a cancellation's refund the provider refused: a refunds row of amount 0 (no column
 * says it: docs/decisions/0027), so the sweep leaves that order to the admin.
 */
export const failedKey = (orderId: string) => `cancel-failed:${orderId}`;

export async function findCancellation(db: DbOrTx, eventId: string): Promise<EventCancellationRow | undefined> {
  const [row] = await db.select().from(eventCancellations).where(eq(eventCancellations.eventId, eventId));
  return row;
}

/** The event's cancellation; undefined when one exists already (the first stays). */
export async function insertCancellation(
  tx: Tx,
  values: Pick<EventCancellationRow, 'eventId' | 'clubId' | 'refundAll' | 'ordersToRefund' | 'createdBy'> & {
    finishedAt: Date | null;
  },
): Promise<EventCancellationRow | undefined> {
  const [row] = await tx.insert(eventCancellations).values(values).onConflictDoNothing().returning();
  return row;
}

export async function markEventCancelled(tx: Tx, eventId: string): Promise<void> {
  await tx.update(events).set({ status: 'cancelled' }).where(eq(events.id, eventId));
}

/** An event's orders with money left to give back, not yet given up on by its cancellation. */
const toRefund = (eventId: string) =>
  and(
    eq(orders.eventId, eventId),
    inArray(orders.paymentStatus, [...REFUNDABLE_STATUSES]),
    lt(orders.refundedAmount, orders.amount),
    sql`not exists (select 1 from ${refunds} where ${refunds.orderId} = ${orders.id} and ${refunds.requestKey} = 'cancel-failed:' || ${orders.id})`,
  );

export async function countOrdersToRefund(db: DbOrTx, eventId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(orders)
    .where(toRefund(eventId));
  return row?.n ?? 0;
}

/**
 * Up to `limit` of those orders, locked for this transaction; SKIP LOCKED hands each to one
 * process, so every process's sweep may run at once.
 */
export async function claimOrdersToRefund(tx: Tx, eventId: string, limit: number): Promise<string[]> {
  const rows = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(toRefund(eventId))
    .orderBy(asc(orders.id))
    .limit(limit)
    .for('update', { skipLocked: true });
  return rows.map((row) => row.id);
}

/** Cancellations with refunds still to make. */
export async function findOpenCancellations(db: DbOrTx, limit: number): Promise<EventCancellationRow[]> {
  return db
    .select()
    .from(eventCancellations)
    .where(and(eq(eventCancellations.refundAll, true), isNull(eventCancellations.finishedAt)))
    .orderBy(asc(eventCancellations.createdAt))
    .limit(limit);
}

export async function countCancellationOutcome(
  tx: Tx,
  eventId: string,
  outcome: { refunded: number; failed: number },
): Promise<void> {
  if (outcome.refunded === 0 && outcome.failed === 0) return;
  await tx
    .update(eventCancellations)
    .set({
      ordersRefunded: sql`${eventCancellations.ordersRefunded} + ${outcome.refunded}`,
      ordersFailed: sql`${eventCancellations.ordersFailed} + ${outcome.failed}`,
    })
    .where(eq(eventCancellations.eventId, eventId));
}

/**
 * Finished once no order is left to refund, as committed: an order another process holds in its
 * batch still counts until that batch commits.
 */
export async function finishIfDone(db: DbOrTx, eventId: string): Promise<void> {
  await db
    .update(eventCancellations)
    .set({ finishedAt: sql`now()` })
    .where(
      and(
        eq(eventCancellations.eventId, eventId),
        isNull(eventCancellations.finishedAt),
        sql`not exists (select 1 from ${orders} where ${toRefund(eventId)})`,
      ),
    );
}

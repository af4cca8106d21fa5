import { and, asc, eq, inArray, isNotNull, isNull, ne, not, or, sql, type Column, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { extras, extrasPurchases, orderItems, orders, refunds, type ExtrasRow } from '../../db/schema';

/**
 * What holds stock (docs/product.md section 14's `quantity`): what is paid (refunded in part included:
 * its buyer keeps it), and what is pending and was created within RESERVATION_MINUTES. A pending one older than that no longer holds anything; a
 * late payment for it is honoured only while stock remains.
 */
export function holdsStock(table: { paymentStatus: Column; createdAt: Column }, reservationMinutes: number): SQL {
  return or(
    inArray(table.paymentStatus, ['paid', 'partially_refunded']),
    and(
      eq(table.paymentStatus, 'pending'),
      sql`${table.createdAt} > now() - make_interval(mins => ${reservationMinutes}::int)`,
    ),
  )!;
}

/**
 * What an order holds: as holdsStock, and also once refunded in part or whole while its buyer keeps
 * the tickets and vouchers; a refund that released them gives the extras back
 * (docs/decisions/0027-refunds-and-cancellation.md).
 */
function orderHoldsStock(reservationMinutes: number): SQL {
  return or(
    holdsStock(orders, reservationMinutes),
    and(
      inArray(orders.paymentStatus, ['partially_refunded', 'refunded']),
      sql`not exists (select 1 from ${refunds} where ${refunds.orderId} = ${orders.id} and ${refunds.releasedTickets})`,
    ),
  )!;
}

/**
 * The extras among `ids` that have a quantity, locked until the transaction ends, in id order (two
 * buyers of the same extras lock them in the same order, so they queue instead of deadlocking).
 * Unlimited extras are neither returned nor locked: their buyers never wait for each other.
 */
export async function lockLimitedExtras(tx: DbOrTx, ids: string[]): Promise<ExtrasRow[]> {
  if (ids.length === 0) return [];
  return tx
    .select()
    .from(extras)
    .where(and(inArray(extras.id, ids), isNotNull(extras.quantity)))
    .orderBy(asc(extras.id))
    .for('update');
}

export interface TakenExclusions {
  /** An order whose extras lines are being replaced: its current lines do not count. */
  excludeOrderId?: string | undefined;
  /** A purchase being paid late: it is what is being checked, so it does not count. */
  excludePurchaseId?: string | undefined;
}

/**
 * How many of each extra are taken, bought alone or on an order, by the rule of holdsStock. An
 * order's lines count for it; the vouchers its payment issued (extras purchases with order_id) are
 * those same lines and are not counted again. Read
 * within the event (its indexes), after lockLimitedExtras, so every other buyer's write is either
 * committed and counted or waiting for the lock.
 */
export async function countExtrasTaken(
  tx: DbOrTx,
  eventId: string,
  ids: string[],
  reservationMinutes: number,
  exclusions: TakenExclusions = {},
): Promise<Map<string, number>> {
  const taken = new Map<string, number>(ids.map((id) => [id, 0]));
  if (ids.length === 0) return taken;
  const alone = await tx
    .select({
      extrasId: extrasPurchases.extrasId,
      taken: sql<number>`coalesce(sum(${extrasPurchases.quantity}), 0)::int`,
    })
    .from(extrasPurchases)
    .where(
      and(
        eq(extrasPurchases.eventId, eventId),
        inArray(extrasPurchases.extrasId, ids),
        isNull(extrasPurchases.orderId),
        holdsStock(extrasPurchases, reservationMinutes),
        exclusions.excludePurchaseId ? ne(extrasPurchases.id, exclusions.excludePurchaseId) : undefined,
      ),
    )
    .groupBy(extrasPurchases.extrasId);
  const onOrders = await tx
    .select({ extrasId: orderItems.extrasId, taken: sql<number>`coalesce(sum(${orderItems.quantity}), 0)::int` })
    .from(orders)
    .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
    .where(
      and(
        eq(orders.eventId, eventId),
        inArray(orderItems.extrasId, ids),
        orderHoldsStock(reservationMinutes),
        exclusions.excludeOrderId ? ne(orders.id, exclusions.excludeOrderId) : undefined,
      ),
    )
    .groupBy(orderItems.extrasId);
  for (const row of [...alone, ...onOrders]) {
    if (row.extrasId !== null) taken.set(row.extrasId, (taken.get(row.extrasId) ?? 0) + row.taken);
  }
  return taken;
}

/**
 * The extras lines of an order that no longer holds them by the rule of holdsStock (pending and
 * priced longer than RESERVATION_MINUTES ago), in one statement; none while it still holds them.
 * A payment for such an order takes its extras only if they remain.
 */
export async function findLapsedOrderExtras(
  tx: DbOrTx,
  orderId: string,
  reservationMinutes: number,
): Promise<{ extrasId: string; quantity: number }[]> {
  const rows = await tx
    .select({ extrasId: orderItems.extrasId, quantity: orderItems.quantity })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(
      and(
        eq(orderItems.orderId, orderId),
        eq(orderItems.kind, 'extras'),
        isNotNull(orderItems.extrasId),
        not(holdsStock(orders, reservationMinutes)),
      ),
    );
  return rows.flatMap((row) => (row.extrasId === null ? [] : [{ extrasId: row.extrasId, quantity: row.quantity }]));
}

import { and, asc, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { orders, refunds, type RefundRow } from '../../../db/schema';

export type RefundValues = Omit<RefundRow, 'id' | 'createdAt'>;

/** A refund row; undefined when its provider refund is recorded already (the provider's webhook got there first). */
export async function insertRefund(db: DbOrTx, values: RefundValues): Promise<RefundRow | undefined> {
  const [row] = await db.insert(refunds).values(values).onConflictDoNothing().returning();
  return row;
}

export async function findRefundByRequestKey(db: DbOrTx, requestKey: string): Promise<RefundRow | undefined> {
  const [row] = await db.select().from(refunds).where(eq(refunds.requestKey, requestKey));
  return row;
}

export async function findRefundByProviderId(db: DbOrTx, providerRefundId: string): Promise<RefundRow | undefined> {
  const [row] = await db.select().from(refunds).where(eq(refunds.providerRefundId, providerRefundId));
  return row;
}

/**
 * A refund made from the provider's dashboard whose webhook arrived before our own commit of the
 * same refund (possible only after a crash): ours takes it over, counted once.
 */
export async function adoptRefund(
  db: DbOrTx,
  id: string,
  values: Pick<RefundRow, 'source' | 'reason' | 'requestKey' | 'releasedTickets' | 'createdBy'>,
): Promise<RefundRow> {
  const [row] = await db.update(refunds).set(values).where(eq(refunds.id, id)).returning();
  return row!;
}

/** Money given back: rows of amount 0 only record a cancellation's failed try (cancellation.repo.ts). */
const givenBack = gt(refunds.amount, 0);

/** An order's refunds, oldest first. */
export async function listRefundsByOrder(db: DbOrTx, orderId: string): Promise<RefundRow[]> {
  return listRefundsByOrders(db, [orderId]);
}

export async function listRefundsByOrders(db: DbOrTx, orderIds: string[]): Promise<RefundRow[]> {
  if (orderIds.length === 0) return [];
  return db
    .select()
    .from(refunds)
    .where(and(inArray(refunds.orderId, orderIds), givenBack))
    .orderBy(asc(refunds.createdAt), asc(refunds.id));
}

/** What the refunds of an order came to. */
export async function sumRefundedOfOrder(db: DbOrTx, orderId: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${refunds.amount}), 0)::int` })
    .from(refunds)
    .where(eq(refunds.orderId, orderId));
  return row?.total ?? 0;
}

/** What was refunded of one payment (the simulated provider's ledger). */
export async function sumRefundedOfIntent(db: DbOrTx, paymentIntentId: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${refunds.amount}), 0)::int` })
    .from(refunds)
    .innerJoin(orders, eq(orders.id, refunds.orderId))
    .where(eq(orders.paymentIntentId, paymentIntentId));
  return row?.total ?? 0;
}

/**
 * The admin's latest refund of an order like the one asked for, made within `minutes`: the same
 * call again (a double click, a retry without requestKey) answers it instead of refunding again
 * (docs/decisions/0027-refunds-and-cancellation.md). `amount` undefined: the call asked for what
 * was left, so only a refund that left nothing matches.
 */
export async function findRecentSameRefund(
  db: DbOrTx,
  input: { orderId: string; amount: number | undefined; reason: string | null; releasedTickets: boolean },
  minutes: number,
): Promise<RefundRow | undefined> {
  const [row] = await db
    .select()
    .from(refunds)
    .where(
      and(
        eq(refunds.orderId, input.orderId),
        eq(refunds.source, 'admin'),
        givenBack,
        input.amount === undefined ? undefined : eq(refunds.amount, input.amount),
        input.reason === null ? isNull(refunds.reason) : eq(refunds.reason, input.reason),
        eq(refunds.releasedTickets, input.releasedTickets),
        sql`${refunds.createdAt} > now() - make_interval(mins => ${minutes}::int)`,
      ),
    )
    .orderBy(desc(refunds.createdAt), desc(refunds.id))
    .limit(1);
  return row;
}

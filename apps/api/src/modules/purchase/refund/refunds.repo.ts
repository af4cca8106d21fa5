import { and, asc, desc, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { extrasPurchases, orders, passPurchases, refunds, sponsorships, type RefundRow } from '../../../db/schema';
import type { PayableKind } from '../payables/payable';

/** The refunds column that names a payable of this kind (exactly one is set: migration 0016). */
export const refundColumnOf = {
  order: 'orderId',
  sponsorship: 'sponsorshipId',
  extras: 'extrasPurchaseId',
  pass: 'passPurchaseId',
} as const satisfies Record<PayableKind, keyof RefundRow>;

const ofPayable = (kind: PayableKind, id: string) => eq(refunds[refundColumnOf[kind]], id);

export type RefundValues = Omit<RefundRow, 'id' | 'createdAt' | 'passPurchaseId'> & { passPurchaseId?: string | null };

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

/** What was refunded of one payment, whatever it paid for (the simulated provider's ledger). */
export async function sumRefundedOfIntent(db: DbOrTx, paymentIntentId: string): Promise<number> {
  const paidBy = (table: typeof orders | typeof sponsorships | typeof extrasPurchases | typeof passPurchases) =>
    db.select({ id: table.id }).from(table).where(eq(table.paymentIntentId, paymentIntentId));
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${refunds.amount}), 0)::int` })
    .from(refunds)
    .where(
      or(
        inArray(refunds.orderId, paidBy(orders)),
        inArray(refunds.sponsorshipId, paidBy(sponsorships)),
        inArray(refunds.extrasPurchaseId, paidBy(extrasPurchases)),
        inArray(refunds.passPurchaseId, paidBy(passPurchases)),
      ),
    );
  return row?.total ?? 0;
}

/**
 * The admin's latest refund of a payable like the one asked for, made within `minutes`: the same
 * call again (a double click, a retry without requestKey) answers it instead of refunding again
 * (docs/decisions/0027-refunds-and-cancellation.md). `amount` undefined: the call asked for what
 * was left, so only a refund that left nothing matches.
 */
export async function findRecentSameRefund(
  db: DbOrTx,
  input: {
    kind: PayableKind;
    id: string;
    amount: number | undefined;
    reason: string | null;
    releasedTickets?: boolean;
  },
  minutes: number,
): Promise<RefundRow | undefined> {
  const [row] = await db
    .select()
    .from(refunds)
    .where(
      and(
        ofPayable(input.kind, input.id),
        eq(refunds.source, 'admin'),
        givenBack,
        input.amount === undefined ? undefined : eq(refunds.amount, input.amount),
        input.reason === null ? isNull(refunds.reason) : eq(refunds.reason, input.reason),
        input.releasedTickets === undefined ? undefined : eq(refunds.releasedTickets, input.releasedTickets),
        sql`${refunds.createdAt} > now() - make_interval(mins => ${minutes}::int)`,
      ),
    )
    .orderBy(desc(refunds.createdAt), desc(refunds.id))
    .limit(1);
  return row;
}

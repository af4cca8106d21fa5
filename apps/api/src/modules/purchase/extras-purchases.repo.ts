import { and, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { extras, extrasPurchases, type ExtrasPurchaseRow } from '../../db/schema';

export async function insertExtrasPurchase(
  db: DbOrTx,
  values: Pick<
    ExtrasPurchaseRow,
    'clubId' | 'eventId' | 'extrasId' | 'email' | 'quantity' | 'amount' | 'currency' | 'language'
  >,
): Promise<ExtrasPurchaseRow> {
  const [row] = await db.insert(extrasPurchases).values(values).returning();
  return row!;
}

export async function findExtrasPurchase(db: DbOrTx, id: string): Promise<ExtrasPurchaseRow | undefined> {
  const [row] = await db.select().from(extrasPurchases).where(eq(extrasPurchases.id, id));
  return row;
}

export async function findExtrasPurchaseByIntent(
  db: DbOrTx,
  paymentIntentId: string,
): Promise<ExtrasPurchaseRow | undefined> {
  const [row] = await db.select().from(extrasPurchases).where(eq(extrasPurchases.paymentIntentId, paymentIntentId));
  return row;
}

/** Points a pending purchase to an intent; false when it was settled meanwhile. */
export async function setExtrasPurchaseIntent(
  db: DbOrTx,
  id: string,
  paymentIntentId: string,
  provider: string,
): Promise<boolean> {
  const rows = await db
    .update(extrasPurchases)
    .set({ paymentIntentId, provider })
    .where(and(eq(extrasPurchases.id, id), eq(extrasPurchases.paymentStatus, 'pending')))
    .returning({ id: extrasPurchases.id });
  return rows.length > 0;
}

/**
 * Marks it paid once (or, paid after its hold lapsed and sold out meanwhile, to refund): only a row
 * still pending changes.
 */
export async function markExtrasPurchasePaid(
  db: DbOrTx,
  id: string,
  status: 'paid' | 'refund_required' = 'paid',
): Promise<boolean> {
  const rows = await db
    .update(extrasPurchases)
    .set({ paymentStatus: status, paidAt: new Date() })
    .where(and(eq(extrasPurchases.id, id), eq(extrasPurchases.paymentStatus, 'pending')))
    .returning({ id: extrasPurchases.id });
  return rows.length > 0;
}

export interface PaidPurchaseFilter {
  clubId: string;
  eventId: string;
  /** true: redeemed only; false: not redeemed yet; undefined: both. */
  redeemed?: boolean;
  offset: number;
  limit: number;
}

export interface PaidPurchaseRow extends ExtrasPurchaseRow {
  extrasName: string;
}

/** One page of an event's paid extras purchases, latest paid first, and the count of all that match. */
export async function findPaidPurchasePage(
  db: DbOrTx,
  filter: PaidPurchaseFilter,
): Promise<{ rows: PaidPurchaseRow[]; total: number }> {
  const where = and(
    eq(extrasPurchases.clubId, filter.clubId),
    eq(extrasPurchases.eventId, filter.eventId),
    // Refunded ones stay listed, with their status, for the admin who refunded them.
    inArray(extrasPurchases.paymentStatus, ['paid', 'partially_refunded', 'refunded']),
    filter.redeemed === undefined
      ? undefined
      : filter.redeemed
        ? isNotNull(extrasPurchases.redeemedAt)
        : isNull(extrasPurchases.redeemedAt),
  );
  const [rows, [count]] = await Promise.all([
    db
      .select({ purchase: extrasPurchases, extrasName: extras.name })
      .from(extrasPurchases)
      .innerJoin(extras, eq(extras.id, extrasPurchases.extrasId))
      .where(where)
      .orderBy(
        sql`${extrasPurchases.paidAt} DESC NULLS LAST`,
        desc(extrasPurchases.createdAt),
        desc(extrasPurchases.id),
      )
      .limit(filter.limit)
      .offset(filter.offset),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(extrasPurchases)
      .where(where),
  ]);
  return {
    rows: rows.map((row) => ({ ...row.purchase, extrasName: row.extrasName })),
    total: count?.total ?? 0,
  };
}

/** A purchase locked until the transaction ends: two refunds of it, or a refund and a webhook, queue here. */
export async function lockExtrasPurchaseForRefund(tx: Tx, id: string): Promise<ExtrasPurchaseRow | undefined> {
  const [row] = await tx.select().from(extrasPurchases).where(eq(extrasPurchases.id, id)).for('update');
  return row;
}

/**
 * Counts a refund: partially_refunded, or refunded once nothing is left (a refunded voucher stops at
 * the door and its extras go back on sale: extras-stock.repo.ts).
 */
export async function addRefundToExtrasPurchase(tx: Tx, id: string, amount: number): Promise<ExtrasPurchaseRow> {
  const [row] = await tx
    .update(extrasPurchases)
    .set({
      refundedAmount: sql`${extrasPurchases.refundedAmount} + ${amount}`,
      paymentStatus: sql`case when ${extrasPurchases.refundedAmount} + ${amount} >= ${extrasPurchases.amount} then 'refunded' else 'partially_refunded' end`,
    })
    .where(eq(extrasPurchases.id, id))
    .returning();
  return row!;
}

/** An extras purchase of the club (null: any club). */
export async function findClubExtrasPurchase(
  db: DbOrTx,
  id: string,
  clubId: string | null,
): Promise<ExtrasPurchaseRow | undefined> {
  const [row] = await db
    .select()
    .from(extrasPurchases)
    .where(and(eq(extrasPurchases.id, id), clubId === null ? undefined : eq(extrasPurchases.clubId, clubId)));
  return row;
}

import { and, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { extras, extrasPurchases, type ExtrasPurchaseRow } from '../../db/schema';

export async function insertExtrasPurchase(
  db: DbOrTx,
  values: Pick<ExtrasPurchaseRow, 'clubId' | 'eventId' | 'extrasId' | 'email' | 'quantity' | 'amount' | 'currency'>,
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
    eq(extrasPurchases.paymentStatus, 'paid'),
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

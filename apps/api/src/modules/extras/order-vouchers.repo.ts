import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { extras, extrasPurchases, orders, type OrderRow } from '../../db/schema';

/**
 * The extras vouchers of paid orders: extras_purchases rows with order_id set, one per extra of the
 * order, paid with it and redeemed at the door as extras bought alone are
 * (docs/decisions/0014-extras-and-package-stock.md).
 */
export interface OrderVoucherRow {
  id: string;
  extrasId: string;
  extrasName: string;
  quantity: number;
  qrUuid: string;
  redeemedAt: Date | null;
}

const byName = (a: OrderVoucherRow, b: OrderVoucherRow) =>
  a.extrasName.localeCompare(b.extrasName) || a.id.localeCompare(b.id);

/**
 * Issues the vouchers of an order being settled as paid, in one statement: each extra of its
 * extras lines becomes one paid extras purchase of the buyer (several lines of one extra add up),
 * with its own qrUuid. Run it in the settlement's transaction, under the order row's lock; the
 * unique index on (order_id, extras_id) makes a second run issue nothing. Answers what it issued.
 */
export async function issueOrderVouchers(
  tx: DbOrTx,
  order: Pick<OrderRow, 'id' | 'clubId' | 'eventId' | 'registrationId' | 'currency'>,
  buyerEmail: string,
): Promise<OrderVoucherRow[]> {
  const result = await tx.execute<{
    id: string;
    extras_id: string;
    extras_name: string;
    quantity: number;
    qr_uuid: string;
  }>(sql`
    INSERT INTO extras_purchases
      (id, club_id, event_id, extras_id, registration_id, order_id, email, quantity, amount, currency,
       qr_uuid, payment_status, paid_at)
    SELECT gen_random_uuid()::text, ${order.clubId}, ${order.eventId}, extras_id, ${order.registrationId},
           ${order.id}, ${buyerEmail}, sum(quantity)::int, sum(amount)::int, ${order.currency},
           gen_random_uuid()::text, 'paid', now()
      FROM order_items
     WHERE order_id = ${order.id} AND kind = 'extras' AND extras_id IS NOT NULL
     GROUP BY extras_id
    ON CONFLICT (order_id, extras_id) DO NOTHING
    RETURNING id, extras_id, quantity, qr_uuid,
      (SELECT name FROM extras WHERE extras.id = extras_purchases.extras_id) AS extras_name`);
  return result.rows
    .map((row) => ({
      id: row.id,
      extrasId: row.extras_id,
      extrasName: row.extras_name,
      quantity: row.quantity,
      qrUuid: row.qr_uuid,
      redeemedAt: null,
    }))
    .sort(byName);
}

const voucherFields = {
  id: extrasPurchases.id,
  extrasId: extrasPurchases.extrasId,
  extrasName: extras.name,
  quantity: extrasPurchases.quantity,
  qrUuid: extrasPurchases.qrUuid,
  redeemedAt: extrasPurchases.redeemedAt,
};

/** The paid vouchers of one order, or of the orders of one registration, by the extra's name. */
export async function findOrderVouchers(
  db: DbOrTx,
  of: { orderId: string } | { registrationId: string },
): Promise<OrderVoucherRow[]> {
  const ofOrders =
    'orderId' in of
      ? eq(extrasPurchases.orderId, of.orderId)
      : inArray(
          extrasPurchases.orderId,
          db.select({ id: orders.id }).from(orders).where(eq(orders.registrationId, of.registrationId)),
        );
  return db
    .select(voucherFields)
    .from(extrasPurchases)
    .innerJoin(extras, eq(extras.id, extrasPurchases.extrasId))
    .where(and(ofOrders, eq(extrasPurchases.paymentStatus, 'paid')))
    .orderBy(asc(extras.name), asc(extrasPurchases.id));
}

/**
 * The paid vouchers an e-mail bought at checkout for one event (a voucher keeps its buyer's
 * e-mail), for mailing its tickets again: the vouchers go to the buyer, as on confirmation.
 */
export async function findBuyerVouchers(db: DbOrTx, eventId: string, buyerEmail: string): Promise<OrderVoucherRow[]> {
  return db
    .select(voucherFields)
    .from(extrasPurchases)
    .innerJoin(extras, eq(extras.id, extrasPurchases.extrasId))
    .where(
      and(
        eq(extrasPurchases.eventId, eventId),
        eq(extrasPurchases.email, buyerEmail),
        isNotNull(extrasPurchases.orderId),
        eq(extrasPurchases.paymentStatus, 'paid'),
      ),
    )
    .orderBy(asc(extras.name), asc(extrasPurchases.id));
}

/**
 * The paid vouchers of orders marked for refund are marked so too: they open nothing at the door
 * and leave the admin's list of paid extras, as a refunded order's extras should.
 */
export async function markOrderVouchersForRefund(db: DbOrTx, orderIds: string[]): Promise<void> {
  if (orderIds.length === 0) return;
  await db
    .update(extrasPurchases)
    .set({ paymentStatus: 'refund_required' })
    .where(and(inArray(extrasPurchases.orderId, orderIds), eq(extrasPurchases.paymentStatus, 'paid')));
}

import { and, asc, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { PAID_MONEY_STATUSES } from '@clubtix/contract';
import type { DbOrTx } from '../../db/client';
import { rowOf, runPrepared, selectList, type Prepared, type Queryable } from '../../db/prepared';
import { NO_DISCOUNT, type OrderDiscount } from '../discounts/code-uses';
import {
  formQuestions,
  orderItems,
  orders,
  registrations,
  type OrderItemRow,
  type OrderRow,
  type RegistrationRow,
} from '../../db/schema';

export type OrderItemValues = Omit<OrderItemRow, 'id' | 'orderId' | 'clubId'>;

/** What the buyer pays: the lines' total less the code's discount (docs/product.md section 19). */
const amountDue = (items: OrderItemValues[], discount: OrderDiscount) =>
  items.reduce((sum, item) => sum + item.amount, 0) - discount.discountAmount;

const inClub = (clubId: string | null): SQL | undefined => (clubId === null ? undefined : eq(orders.clubId, clubId));

export async function insertOrder(
  db: DbOrTx,
  values: { clubId: string; eventId: string; registrationId: string; currency: string },
  items: OrderItemValues[],
  discount: OrderDiscount = NO_DISCOUNT,
  /** A box-office sale: paid at once, its method as the provider (docs/decisions/0034-box-office.md). */
  paid?: { paymentStatus: 'paid'; paidAt: Date; provider: string },
): Promise<{ order: OrderRow; items: OrderItemRow[] }> {
  const [row] = await db
    .insert(orders)
    .values({ ...values, ...discount, ...paid, amount: amountDue(items, discount) })
    .returning();
  const lines = await db
    .insert(orderItems)
    .values(items.map((item) => ({ ...item, orderId: row!.id, clubId: values.clubId })))
    .returning();
  return { order: row!, items: lines };
}

/**
 * Re-prices an order, its lines replaced and the amount following them, only while it is pending
 * and still carries the payment intent the caller settled with the provider (`intentId`, or none):
 * the first statement takes the order row's lock and checks both, so a settlement or a new intent
 * in between makes it write nothing and answer undefined. The intent is cleared (it was cancelled).
 * Run it in a transaction.
 */
export async function repriceOrder(
  tx: DbOrTx,
  order: OrderRow,
  intentId: string | null,
  items: OrderItemValues[],
  discount: OrderDiscount,
): Promise<OrderRow | undefined> {
  const [row] = await tx
    .update(orders)
    .set({ ...discount, amount: amountDue(items, discount), paymentIntentId: null })
    .where(
      and(
        eq(orders.id, order.id),
        eq(orders.paymentStatus, 'pending'),
        intentId === null ? isNull(orders.paymentIntentId) : eq(orders.paymentIntentId, intentId),
      ),
    )
    .returning();
  if (!row) return undefined;
  await tx.delete(orderItems).where(eq(orderItems.orderId, order.id));
  if (items.length > 0) {
    await tx.insert(orderItems).values(items.map((item) => ({ ...item, orderId: order.id, clubId: order.clubId })));
  }
  return row;
}

/** Whether the order's event asks a required question (read with the order, at no extra statement). */
const asksRequiredQuestions = sql<boolean>`exists (select 1 from ${formQuestions} where ${formQuestions.eventId} = ${orders.eventId} and ${formQuestions.required})`;

/** A registration's order, to price it, and whether its event's form has a required question. */
export async function findOrderToPrice(
  db: DbOrTx,
  registrationId: string,
): Promise<{ order: OrderRow; asksRequired: boolean } | undefined> {
  const [row] = await db
    .select({ order: orders, asksRequired: asksRequiredQuestions })
    .from(orders)
    .where(eq(orders.registrationId, registrationId))
    .orderBy(desc(orders.createdAt))
    .limit(1);
  return row;
}

/**
 * Whether an order may be paid, written once as SQL over an order `o` and its registration `r`:
 * why not (`refusal`: no longer pending, its registration cancelled, free), and whether its event's
 * form asks a required question (the answers are then checked in TypeScript). Read by the order's
 * dueOf (payables/order.payable.ts) and by the simulated provider's one-statement start
 * (pay/simulated-order-payment.ts), so both decide alike.
 */
export const ORDER_DUE_COLUMNS = `CASE WHEN o.payment_status <> 'pending' THEN 'paid' WHEN r.status = 'cancelled' THEN 'cancelled'
    WHEN o.amount = 0 THEN 'free' END AS "refusal",
  EXISTS (SELECT 1 FROM form_questions q WHERE q.event_id = o.event_id AND q.required) AS "asksRequired"`;

/** Why an order cannot be paid (ORDER_DUE_COLUMNS' `refusal`). */
export type OrderDueRefusal = 'paid' | 'cancelled' | 'free';

const ORDER_TO_PAY: Prepared = {
  name: 'order-to-pay',
  text: `SELECT ${selectList(orders, 'o', 'o')}, ${selectList(registrations, 'r', 'r')}, ${ORDER_DUE_COLUMNS}
  FROM orders o JOIN registrations r ON r.id = o.registration_id WHERE o.id = $1`,
};

/** An order to pay, with its registration, why it cannot be paid (null: it can) and whether its form asks a required question. */
export async function findOrderToPay(
  db: Queryable,
  id: string,
): Promise<
  { order: OrderRow; registration: RegistrationRow; refusal: OrderDueRefusal | null; asksRequired: boolean } | undefined
> {
  const [row] = await runPrepared(db, ORDER_TO_PAY, [id]);
  if (!row) return undefined;
  return {
    order: rowOf(orders, row, 'o'),
    registration: rowOf(registrations, row, 'r'),
    refusal: row.refusal as OrderDueRefusal | null,
    asksRequired: row.asksRequired === true,
  };
}

/**
 * Points an order to the intent made for `amount`, only if the order is still pending at that
 * amount: a re-pricing in between (createOrder) leaves it alone, and the intent unused.
 */
export async function attachPaymentIntent(
  db: DbOrTx,
  order: Pick<OrderRow, 'id' | 'amount'>,
  intent: { id: string; provider: string },
): Promise<boolean> {
  const rows = await db
    .update(orders)
    .set({ paymentIntentId: intent.id, provider: intent.provider })
    .where(and(eq(orders.id, order.id), eq(orders.paymentStatus, 'pending'), eq(orders.amount, order.amount)))
    .returning({ id: orders.id });
  return rows.length > 0;
}

export async function findOrderById(db: DbOrTx, id: string, clubId: string | null): Promise<OrderRow | undefined> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, id), inClub(clubId)));
  return row;
}

/** Orders with the e-mail their registration was made with (the buyer, to the admin). */
/**
 * An unpaid order whose hold lapsed, swept or not yet: it owes nothing, and is answered `expired`
 * (docs/decisions/0069-money-screens-agree.md).
 */
const lapsedUnpaid = sql<boolean>`(${orders.paymentStatus} IN ('pending', 'failed') AND (${registrations.status} = 'expired' OR (${registrations.status} = 'pending' AND ${registrations.expiresAt} <= now())))`;

const ordersWithBuyer = (db: DbOrTx) =>
  db
    .select({ order: orders, buyerEmail: registrations.email, lapsed: lapsedUnpaid })
    .from(orders)
    .innerJoin(registrations, eq(registrations.id, orders.registrationId));

type OrderWithBuyer = OrderRow & { buyerEmail: string };
const withBuyer = (row: { order: OrderRow; buyerEmail: string; lapsed: boolean }): OrderWithBuyer => ({
  ...row.order,
  paymentStatus: row.lapsed ? 'expired' : row.order.paymentStatus,
  buyerEmail: row.buyerEmail,
});

/** An admin's filter of the order list (contract orders.ts ZGetOrdersQuery) as a condition. */
function orderStatusIs(status: string | undefined) {
  if (!status) return undefined;
  if (status === 'withMoney') return inArray(orders.paymentStatus, [...PAID_MONEY_STATUSES]);
  if (status === 'expired') return lapsedUnpaid;
  return and(eq(orders.paymentStatus, status), sql`NOT ${lapsedUnpaid}`);
}

/** One order with its buyer's e-mail, within a club (null: any club). */
export async function findOrderWithBuyer(
  db: DbOrTx,
  id: string,
  clubId: string | null,
): Promise<OrderWithBuyer | undefined> {
  const [row] = await ordersWithBuyer(db).where(and(eq(orders.id, id), inClub(clubId)));
  return row && withBuyer(row);
}

/** Whether the order has extras lines (read with the order, at no extra statement). */
const hasExtrasLines = sql<boolean>`exists (select 1 from ${orderItems} where ${orderItems.orderId} = ${orders.id} and ${orderItems.kind} = 'extras')`;

/**
 * An order and its registration, both locked until the transaction ends (a settlement's first
 * step), and whether the order has extras lines: only then does its settlement issue vouchers, so
 * an order of tickets alone pays no statement for them.
 */
export async function lockOrderWithRegistration(
  db: DbOrTx,
  id: string,
): Promise<{ order: OrderRow; registration: RegistrationRow; hasExtras: boolean } | undefined> {
  const [row] = await db
    .select({ order: orders, registration: registrations, hasExtras: hasExtrasLines })
    .from(orders)
    .innerJoin(registrations, eq(registrations.id, orders.registrationId))
    .where(eq(orders.id, id))
    .for('update');
  return row;
}

export async function findOrderByPaymentIntent(db: DbOrTx, paymentIntentId: string): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.paymentIntentId, paymentIntentId));
  return row;
}

/**
 * An event's orders, newest first, each with the e-mail its registration was made with: of one
 * payment status when asked, and a page of them when a limit is given.
 */
export async function findOrdersByEvent(
  db: DbOrTx,
  event: { id: string; clubId: string },
  options: { paymentStatus?: string | undefined; limit: number; offset: number },
): Promise<OrderWithBuyer[]> {
  const rows = await ordersWithBuyer(db)
    .where(and(eq(orders.eventId, event.id), eq(orders.clubId, event.clubId), orderStatusIs(options.paymentStatus)))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(options.limit)
    .offset(options.offset);
  return rows.map(withBuyer);
}

/** How many orders an event has, in all, paid, refunded (partly or wholly), and to refund. */
export async function countOrdersByEvent(
  db: DbOrTx,
  event: { id: string; clubId: string },
): Promise<{ total: number; paid: number; refunded: number; refundRequired: number }> {
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      paid: sql<number>`(count(*) FILTER (WHERE ${orders.paymentStatus} = 'paid'))::int`,
      refunded: sql<number>`(count(*) FILTER (WHERE ${orders.paymentStatus} IN ('partially_refunded', 'refunded')))::int`,
      refundRequired: sql<number>`(count(*) FILTER (WHERE ${orders.paymentStatus} = 'refund_required'))::int`,
    })
    .from(orders)
    .where(and(eq(orders.eventId, event.id), eq(orders.clubId, event.clubId)));
  return row!;
}

/** PostgreSQL takes at most 65,535 parameters a statement: the items of many orders are read in slices. */
const ITEMS_SLICE = 10_000;

export async function findItemsOf(db: DbOrTx, orderIds: string[]): Promise<OrderItemRow[]> {
  const items: OrderItemRow[] = [];
  for (let start = 0; start < orderIds.length; start += ITEMS_SLICE) {
    items.push(
      ...(await db
        .select()
        .from(orderItems)
        .where(inArray(orderItems.orderId, orderIds.slice(start, start + ITEMS_SLICE)))
        .orderBy(asc(orderItems.kind), asc(orderItems.name))),
    );
  }
  return items;
}

export async function updateOrder(
  db: DbOrTx,
  id: string,
  values: Partial<Pick<OrderRow, 'paymentStatus' | 'paymentIntentId' | 'provider' | 'paidAt'>>,
): Promise<OrderRow> {
  const [row] = await db.update(orders).set(values).where(eq(orders.id, id)).returning();
  return row!;
}

/**
 * A payment of an intent the order no longer asks for (docs/decisions/0026-one-purchase-pipeline.md):
 * the order, while pending, is flagged for refund with that intent, so the admin sees what to refund.
 */
export async function flagOrderForRefund(
  db: DbOrTx,
  id: string,
  intent: { id: string; provider: string },
): Promise<boolean> {
  const rows = await db
    .update(orders)
    .set({
      paymentStatus: 'refund_required',
      paidAt: new Date(),
      paymentIntentId: intent.id,
      provider: intent.provider,
    })
    .where(and(eq(orders.id, id), eq(orders.paymentStatus, 'pending')))
    .returning({ id: orders.id });
  return rows.length > 0;
}

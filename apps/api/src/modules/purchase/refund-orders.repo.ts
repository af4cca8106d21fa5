import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { extrasPurchases, orders, registrations, type OrderRow, type RegistrationRow } from '../../db/schema';

/** Payment statuses with money that may still be given back (docs/product.md section 19). */
export const REFUNDABLE_STATUSES = ['paid', 'partially_refunded', 'refund_required'] as const;

export interface LockedOrder {
  order: OrderRow;
  registration: RegistrationRow;
}

/**
 * An order and its registration, locked until the transaction ends, in the order settlement takes
 * them: two refunds of one order, or a refund and a webhook, queue here and see each other's commit.
 */
export async function lockOrderForRefund(tx: Tx, orderId: string): Promise<LockedOrder | undefined> {
  const [row] = await tx
    .select({ order: orders, registration: registrations })
    .from(orders)
    .innerJoin(registrations, eq(registrations.id, orders.registrationId))
    .where(eq(orders.id, orderId))
    .for('update');
  return row;
}

/** Adds a refund to the order: partially_refunded, or refunded once nothing is left. */
export async function addRefundToOrder(tx: Tx, orderId: string, amount: number): Promise<OrderRow> {
  const [row] = await tx
    .update(orders)
    .set({
      refundedAmount: sql`${orders.refundedAmount} + ${amount}`,
      paymentStatus: sql`case when ${orders.refundedAmount} + ${amount} >= ${orders.amount} then 'refunded' else 'partially_refunded' end`,
    })
    .where(eq(orders.id, orderId))
    .returning();
  return row!;
}

/** A cancellation's failed refund leaves the order for the admin to refund by hand. */
export async function markOrderRefundRequired(tx: Tx, orderId: string): Promise<void> {
  await tx.update(orders).set({ paymentStatus: 'refund_required' }).where(eq(orders.id, orderId));
}

/**
 * Cancels a refunded registration: its attendees leave every attendee read (the database's triggers
 * keep attendees.confirmed from its status) and its QR codes stop admitting; they stay for the books.
 */
export async function cancelRegistration(tx: Tx, registrationId: string): Promise<void> {
  await tx
    .update(registrations)
    .set({ status: 'cancelled', expiresAt: null })
    .where(eq(registrations.id, registrationId));
}

/** The extras vouchers the order's payment issued stop admitting: refunded with it. */
export async function voidOrderVouchers(tx: Tx, orderId: string): Promise<void> {
  await tx
    .update(extrasPurchases)
    .set({ paymentStatus: 'refunded' })
    .where(
      and(eq(extrasPurchases.orderId, orderId), inArray(extrasPurchases.paymentStatus, ['paid', 'refund_required'])),
    );
}

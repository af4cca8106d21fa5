import type { OrderRow, RegistrationRow } from '../../db/schema';
import { conflict } from '../../plugins/errors';

/** Payment statuses whose money was taken: such an order is never deleted (it would go with its registration). */
const MONEY_TAKEN = new Set(['paid', 'refund_required']);

export const PAID_ORDER_MESSAGE = 'This registration has a paid order; cancel it instead';

export const PAYMENT_STARTED_MESSAGE = 'A payment for this registration has been started; cancel it instead';

/**
 * A registration whose buyer paid is cancelled (POST /registration/updateStatus), never deleted: its
 * order and payment record must stay for the books and for a refund. So is one whose payment has been
 * started and not settled: the provider may take the money at any moment, and a late payment is still
 * honoured (DECISIONS.md section 6), which needs its order. A free order (amount 0, settled without a
 * payment) took no money and goes with its registration.
 */
export function assertNoPayment(orders: Pick<OrderRow, 'paymentStatus' | 'amount' | 'paymentIntentId'>[]): void {
  const charged = orders.filter((order) => order.amount > 0);
  if (charged.some((order) => MONEY_TAKEN.has(order.paymentStatus))) throw conflict(PAID_ORDER_MESSAGE);
  if (charged.some((order) => order.paymentStatus === 'pending' && order.paymentIntentId)) {
    throw conflict(PAYMENT_STARTED_MESSAGE);
  }
}

/**
 * One attendee of several leaves a confirmed registration (its order, if paid, stays as it was). A
 * registration still being bought is priced on its slots, so it loses a slot only by being removed whole.
 */
export function assertCanDropAttendee(registration: Pick<RegistrationRow, 'status'>): void {
  if (registration.status === 'pending') {
    throw conflict('This registration is still being paid for; remove the whole registration instead');
  }
}

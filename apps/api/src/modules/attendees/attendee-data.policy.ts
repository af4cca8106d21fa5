import type { OrderRow, RegistrationRow } from '../../db/schema';
import { conflict } from '../../plugins/errors';

/** Payment statuses whose money was taken: such an order is never deleted (it would go with its registration). */
const MONEY_TAKEN = new Set(['paid', 'refund_required']);

export const PAID_ORDER_MESSAGE = 'This registration has a paid order; cancel it instead';

/**
 * A registration whose buyer paid is cancelled (POST /registration/updateStatus), never deleted: its
 * order and payment record must stay for the books and for a refund. A free order (amount 0, settled
 * without a payment) took no money and goes with its registration.
 */
export function assertNoPaidOrder(orders: Pick<OrderRow, 'paymentStatus' | 'amount'>[]): void {
  if (orders.some((order) => order.amount > 0 && MONEY_TAKEN.has(order.paymentStatus))) {
    throw conflict(PAID_ORDER_MESSAGE);
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

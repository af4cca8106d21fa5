import type { OrderRow, RegistrationRow } from '../../db/schema';
import { conflict } from '../../core/errors';

type OrderMoney = Pick<OrderRow, 'paymentStatus' | 'amount' | 'paymentIntentId'>;

/** Payment statuses whose money was taken: such an order is never deleted. */
const MONEY_TAKEN = new Set(['paid', 'refund_required']);

export const PAYMENT_STARTED_MESSAGE = 'A payment for this registration has been started; cancel it instead';

/** An order of amount 0 was settled without a payment: it took no money and goes with its registration. */
const isCharged = (order: OrderMoney) => order.amount > 0;

/**
 * Whether a registration's orders took money. A deleted registration with such an order is kept as
 * a cancelled row with no attendees, so that the order (which would go with the row) stays for the
 * books and the refund (docs/decisions/0006-attendee-data.md).
 */
export function hasTakenMoney(orders: OrderMoney[]): boolean {
  return orders.some((order) => isCharged(order) && MONEY_TAKEN.has(order.paymentStatus));
}

/** The paid orders that a deletion turns into refunds to make (`refund_required` ones already are). */
export function ordersToRefund<T extends OrderMoney>(orders: T[]): T[] {
  return orders.filter((order) => isCharged(order) && order.paymentStatus === 'paid');
}

/**
 * A registration whose payment has been started and not settled is not deleted: the provider may take
 * the money at any moment, and a late payment is still honoured (docs/product.md section 15), which would
 * bring back the registration the admin deleted. It is cancelled instead, or deleted once the payment
 * has settled (its order is then marked for refund).
 */
export function assertNoPaymentInFlight(orders: OrderMoney[]): void {
  if (orders.some((order) => isCharged(order) && order.paymentStatus === 'pending' && order.paymentIntentId)) {
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

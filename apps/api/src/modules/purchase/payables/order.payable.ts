import type { OrderRow, RegistrationRow } from '../../../db/schema';
import { registrationLines, releaseSeats } from '../seats.repo';
import { addRefundToOrder, cancelRegistration, lockOrderForRefund, voidOrderVouchers } from '../refund-orders.repo';
import { type AppError, conflict, notFound } from '../../../core/errors';
import { assertFormAnswered } from '../details/form-answers';
import {
  attachPaymentIntent,
  findOrderById,
  findOrderByPaymentIntent,
  findOrderToPay,
  flagOrderForRefund,
  type OrderDueRefusal,
} from '../orders.repo';
import { settleOrder } from '../settlement/settle-order';
import { refundTargetOf, settlementOf, type Payable, type PayableState, type RefundTarget } from './payable';

/** An order row as a payable's state. */
export const orderStateOf = (order: OrderRow): PayableState => ({
  kind: 'order',
  id: order.id,
  amount: order.amount,
  currency: order.currency,
  paymentIntentId: order.paymentIntentId,
  ...settlementOf(order.paymentStatus),
});

const targetOf = (
  order: OrderRow,
  registration: Pick<RegistrationRow, 'id' | 'eventId' | 'status' | 'email' | 'language'>,
) =>
  refundTargetOf('order', order, {
    email: registration.email,
    language: registration.language,
    registration: { id: registration.id, eventId: registration.eventId, status: registration.status },
  });

/** The words of why an order cannot be paid, as ORDER_DUE_COLUMNS decides it (orders.repo.ts). */
export function orderDueRefusal(refusal: OrderDueRefusal): AppError {
  switch (refusal) {
    case 'paid':
      return conflict('This order is already paid');
    case 'cancelled':
      return conflict('This registration was cancelled');
    case 'free':
      return conflict('This order is free: it needs no payment');
  }
}

/** A ticket order: settling it confirms its registration, issues its vouchers and mails the tickets. */
export const orderPayable: Payable = {
  kind: 'order',
  metadataKey: 'orderId',
  async findByIntent(db, paymentIntentId) {
    const order = await findOrderByPaymentIntent(db, paymentIntentId);
    return order && orderStateOf(order);
  },
  async findById(db, id) {
    const order = await findOrderById(db, id, null);
    return order && orderStateOf(order);
  },
  async dueOf(deps, orderId) {
    const found = await findOrderToPay(deps.db.$client, orderId);
    if (!found) throw notFound('Order');
    const { order, registration } = found;
    if (found.refusal) throw orderDueRefusal(found.refusal);
    // The same rule as createOrder's, for a buyer who comes here without saving or pricing.
    if (found.asksRequired) await assertFormAnswered(deps, registration);
    return {
      id: order.id,
      amount: order.amount,
      currency: order.currency,
      // One intent per order and amount: a re-priced order asks for a new one.
      key: `order:${order.id}:${order.amount}`,
      description: `ClubTix order ${order.id}`,
      attachedIntentId: order.paymentIntentId,
    };
  },
  // Only while still pending at the amount the intent was made for: a re-pricing in between wins.
  attachIntent: (db, due, intent) => attachPaymentIntent(db, due, intent),
  async settle(deps, id) {
    // Shared with the confirmations of other buyers arriving together (docs/decisions/0058-batched-settlements.md).
    const settlement = await settleOrder(deps, id);
    return { state: orderStateOf(settlement.order), settlement };
  },
  flagForRefund: (db, id, intent) => flagOrderForRefund(db, id, intent),
  async lockForRefund(tx, id) {
    const locked = await lockOrderForRefund(tx, id);
    return locked && targetOf(locked.order, locked.registration);
  },
  async addRefund(tx, target, amount): Promise<RefundTarget> {
    const order = await addRefundToOrder(tx, target.id, amount);
    return { ...target, refundedAmount: order.refundedAmount, paymentStatus: order.paymentStatus };
  },
  // An order's tickets go only when the admin asks: a refund may be a goodwill gesture.
  async releaseAfterFullRefund(tx, target, releaseTickets) {
    const registration = target.registration;
    if (!releaseTickets || !registration) return { seatsFreed: false, stopsAtDoor: false };
    // A confirmed registration holds sold seats; any other gave them back already (a lapsed hold paid late).
    let seatsFreed = false;
    if (registration.status === 'confirmed') {
      await releaseSeats(tx, registration.eventId, await registrationLines(tx, registration.id), true);
      seatsFreed = true;
    }
    await cancelRegistration(tx, registration.id);
    await voidOrderVouchers(tx, target.id);
    return { seatsFreed, stopsAtDoor: true };
  },
};

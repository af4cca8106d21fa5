import type { TBuyerRegistration, TExtrasVoucher, TOrder, TRegistration, ZConfirmedPurchase } from '@clubtix/contract';
import type { z } from 'zod';
import type { OrderItemRow, OrderRow } from '../../../db/schema';
import { notFound } from '../../../core/errors';
import type { Deps } from '../../../core/deps';
import { toExtrasVoucherDto } from '../../extras/order-vouchers.mapper';
import { findOrderVouchers } from '../../extras/order-vouchers.repo';
import { toOrderDto } from '../orders.mapper';
import { findItemsOf, findOrderById, findOrderByPaymentIntent } from '../orders.repo';
import { toRegistrationDto } from '../registrations.mapper';
import { findRegistrationById } from '../registrations.repo';
import { loadRegistrationDto } from '../details/registration-details.service';
import type { PayableState } from '../payables/payable';
import type { Settlement } from '../settlement/settle-paid-order';

/**
 * What the buyer hears once a payment is settled (confirm-payment's answer) and reads back later
 * (get-registration-from-payment): what was paid for, the extras vouchers of an order, and a
 * message that says what became of it.
 */

/** What the buyer reads once paid, by what became of the purchase (locales/<language>/replies.json). */
const PAID_REPLIES = {
  sponsorshipLate:
    'Payment received, but this sponsorship package was taken after your reservation lapsed: the organiser will refund you',
  donation: 'Thank you for your donation',
  sponsorship: 'Thank you for your sponsorship',
  extrasLate:
    'Payment received, but these extras sold out after your reservation lapsed: the organiser will refund you',
  extras: 'Payment received: your extras are paid',
  passLate:
    'Payment received, but an event of this pass filled up after your hold lapsed: the organiser will refund you',
  pass: 'Payment received: your season pass is on its way',
  cancelled: 'Payment received, but the organiser had cancelled this registration: they will refund you',
  ticketsOrExtrasLate:
    'Payment received, but the tickets or extras you chose sold out after your hold lapsed: the organiser will refund you',
  ticketsLate: 'Payment received, but the tickets sold out after your hold lapsed: the organiser will refund you',
  tickets: 'Payment received: your tickets are on their way',
} as const;

/** What a confirmation answers: what was paid for, and a message that says what became of it. */
export interface Confirmation {
  purchase: z.output<typeof ZConfirmedPurchase>;
  msg: string;
}

async function purchaseOf(
  deps: Deps,
  order: OrderRow,
  settled?: Settlement,
): Promise<{ registration: TRegistration; order: TOrder; extrasVouchers: TExtrasVoucher[] }> {
  let registration: TRegistration;
  if (settled?.confirmed) {
    registration = toRegistrationDto(settled.confirmed.registration, settled.confirmed.attendees);
  } else {
    const row = await findRegistrationById(deps.db, order.registrationId, null);
    if (!row) throw notFound('Registration');
    registration = await loadRegistrationDto(deps, row);
  }
  const items = settled?.items ?? (await findItemsOf(deps.db, [order.id]));
  const vouchers = settled?.vouchers ?? (await findVouchersOfPaidOrder(deps, order, items));
  return { registration, order: toOrderDto(order, items), extrasVouchers: vouchers.map(toExtrasVoucherDto) };
}

/** A paid order's vouchers, read only when it has extras lines (an order of tickets alone has none). */
async function findVouchersOfPaidOrder(deps: Deps, order: OrderRow, items: OrderItemRow[]) {
  if (order.paymentStatus !== 'paid' || !items.some((item) => item.kind === 'extras')) return [];
  return findOrderVouchers(deps.db, { orderId: order.id });
}

/** What the buyer sees once paid; `settled` is what its settlement did, when at hand. */
export async function confirmationOf(deps: Deps, payable: PayableState, settled?: Settlement): Promise<Confirmation> {
  switch (payable.kind) {
    case 'order': {
      const order = settled?.order ?? (await findOrderById(deps.db, payable.id, null));
      if (!order) throw notFound('Order');
      const purchase = await purchaseOf(deps, order, settled);
      return { purchase, msg: orderMessage(purchase.order, purchase.registration) };
    }
    case 'sponsorship':
      return {
        purchase: { sponsorshipId: payable.id, refundRequired: payable.refundRequired },
        msg: payable.refundRequired
          ? PAID_REPLIES.sponsorshipLate
          : payable.isDonation
            ? PAID_REPLIES.donation
            : PAID_REPLIES.sponsorship,
      };
    case 'extras':
      return {
        purchase: { extrasPurchaseId: payable.id, refundRequired: payable.refundRequired },
        msg: payable.refundRequired ? PAID_REPLIES.extrasLate : PAID_REPLIES.extras,
      };
    case 'pass':
      return {
        purchase: { passPurchaseId: payable.id, refundRequired: payable.refundRequired },
        msg: payable.refundRequired ? PAID_REPLIES.passLate : PAID_REPLIES.pass,
      };
  }
}

/** The message of a paid order, by what became of its tickets. */
function orderMessage(order: TOrder, registration: TRegistration): string {
  if (registration.status === 'cancelled') {
    return PAID_REPLIES.cancelled;
  }
  if (order.paymentStatus === 'refund_required') {
    // The settlement does not record which ran out; an order with extras may have lost either.
    return order.items.some((item) => item.kind === 'extras')
      ? PAID_REPLIES.ticketsOrExtrasLate
      : PAID_REPLIES.ticketsLate;
  }
  return PAID_REPLIES.tickets;
}

export async function findRegistrationOfPayment(deps: Deps, paymentIntentId: string): Promise<TBuyerRegistration> {
  const order = await findOrderByPaymentIntent(deps.db, paymentIntentId);
  if (!order || order.paymentStatus !== 'paid') throw notFound('Confirmed registration');
  const registration = await findRegistrationById(deps.db, order.registrationId, null);
  if (!registration) throw notFound('Registration');
  const [dto, vouchers] = await Promise.all([
    loadRegistrationDto(deps, registration),
    findOrderVouchers(deps.db, { orderId: order.id }),
  ]);
  return { ...dto, extrasVouchers: vouchers.map(toExtrasVoucherDto) };
}

import type { FastifyBaseLogger } from 'fastify';
import type { TPaymentIntent } from '@clubtix/contract';
import { transactionEndingWith, type Ending } from '../../../db/transaction-ending-with';
import type { OrderRow, RegistrationRow } from '../../../db/schema';
import { AppError, badInput, conflict, notFound } from '../../../core/errors';
import type { Deps } from '../../../core/deps';
import { findEventById } from '../../events/events.repo';
import { findLapsedOrderShortfall } from '../../extras/extras-stock';
import { issueOrderVouchers, type OrderVoucherRow } from '../../extras/order-vouchers.repo';
import { lockClubMail } from '../../mail/outbox.repo';
import { queueTicketMail } from '../../mail/ticket-mail';
import { attachPaymentIntent, findOrderToPay, lockOrderWithRegistration, updateOrder } from '../orders.repo';
import { withCounterGate } from '../hold/counter-gate';
import { linesOf, reserveSeats, soldIncrements } from '../hold/holds.repo';
import { findAttendeesOf, updateRegistration, type AttendeeView } from '../registrations.repo';
import { assertFormAnswered } from '../details/form-answers';
import { findPayable, settleOtherPayable } from '../payables/payable';
import { CANCELLED_PAYMENT_MESSAGE, type CreatedIntent, type IntentState } from '../../../core/payment-provider';
import { confirmationOf, type Confirmation } from './purchase-answers';

const paymentFailed = (message: string) => new AppError('PAYMENT_FAILED', 402, message);

/** A payment settles an order only for exactly the order's amount, in its currency. */
/** The provider's word on what was paid must match what is due, to the minor unit and currency. */
export const paysFor = (state: IntentState, due: { amount: number; currency: string }) =>
  state.amount === due.amount && state.currency.toLowerCase() === due.currency;

/** How far startPayment follows an order's cancelled intents before giving up (see below). */
const MAX_INTENT_HOPS = 20;

export async function startPayment(deps: Deps, orderId: string): Promise<TPaymentIntent> {
  const found = await findOrderToPay(deps.db, orderId);
  if (!found) throw notFound('Order');
  const { order, registration } = found;
  if (order.paymentStatus !== 'pending') throw conflict('This order is already paid');
  if (registration.status === 'cancelled') throw conflict('This registration was cancelled');
  if (order.amount === 0) throw conflict('This order is free: it needs no payment');
  // The same rule as createOrder's, for a buyer who comes here without saving or pricing.
  if (found.asksRequired) await assertFormAnswered(deps, registration);
  const intent = await createOrderIntent(deps, order);
  if (!(await attachPaymentIntent(deps.db, order, { id: intent.id, provider: deps.payments.name }))) {
    // Re-priced (or paid) since it was read: this intent is for an amount no longer due.
    throw conflict('This order changed while the payment was being prepared; please try again');
  }
  return {
    provider: deps.payments.name,
    clientSecret: intent.clientSecret,
    paymentIntentId: intent.id,
    amount: order.amount,
    currency: order.currency as TPaymentIntent['currency'],
    ...(deps.payments.publishableKey ? { publishableKey: deps.payments.publishableKey } : {}),
  };
}

/**
 * One intent per order and amount, by its idempotency key. An order re-priced away from an amount
 * had that amount's intent cancelled (createOrder), and the key still answers it: when the order
 * comes back to the amount, the next intent is keyed after the cancelled one, so every caller
 * follows the same chain to the same live intent.
 */
async function createOrderIntent(deps: Deps, order: OrderRow): Promise<CreatedIntent> {
  const base = `order:${order.id}:${order.amount}`;
  let intent = await deps.payments.createIntent({
    amount: order.amount,
    currency: order.currency,
    key: base,
    description: `ClubTix order ${order.id}`,
    metadata: { orderId: order.id },
  });
  for (let hops = 0; intent.status === 'canceled'; hops += 1) {
    if (hops >= MAX_INTENT_HOPS) throw conflict('This order was changed too many times; please start again');
    intent = await deps.payments.createIntent({
      amount: order.amount,
      currency: order.currency,
      key: `${base}:after:${intent.id}`,
      description: `ClubTix order ${order.id}`,
      metadata: { orderId: order.id },
    });
  }
  return intent;
}

/**
 * What a settlement did: the order as it left it, the registration it confirmed, if it did, and the
 * extras vouchers it issued, if it marked the order paid.
 */
export interface Settlement {
  order: OrderRow;
  confirmed?: { registration: RegistrationRow; attendees: AttendeeView[] };
  vouchers?: OrderVoucherRow[];
}

export interface SettleOptions {
  /**
   * A free order confirmed by the link mailed to its buyer (confirmFreeByEmail): settled only while
   * its hold lasts (after it lapsed: 409, nothing confirmed), and the buyer's ticket mail is one the
   * buyer asked for (docs/decisions/0017-free-bookings-by-email-and-mail-quotas.md).
   */
  byEmailLink?: boolean;
}

/** A free booking's link opened too late, or for a booking that is no longer a free hold. */
function assertLinkSettles(order: OrderRow, registration: RegistrationRow, now: Date): void {
  if (registration.status === 'cancelled') throw conflict('This registration was cancelled');
  const lapsed =
    registration.status === 'expired' ||
    (registration.status === 'pending' && registration.expiresAt !== null && registration.expiresAt <= now);
  if (lapsed) {
    throw conflict(
      'This booking was not confirmed in time: its hold ended and the tickets were released. Please book again.',
    );
  }
  if (order.amount !== 0) throw conflict('This order now has something to pay: finish it at checkout');
}

/**
 * Marks a paid order paid and confirms its registration, once: the order row's lock makes a second
 * confirmation (the buyer's browser again, or the provider's webhook) find it done and change
 * nothing. A payment that lands after its hold lapsed keeps the seats and extras if they are still
 * there; otherwise the order is flagged for refund for the admin to see, as it is when an admin
 * cancelled the registration (which stays cancelled). An order marked paid turns its extras lines
 * into vouchers (one paid extras purchase per extra, with its own QR), listed in the buyer's ticket
 * mail; one flagged for refund issues none.
 */
export async function settlePaidOrder(deps: Deps, orderId: string, options: SettleOptions = {}): Promise<Settlement> {
  const settled = await withCounterGate((gate) =>
    transactionEndingWith(deps.db, async (tx): Promise<Ending<Settlement & { fresh: boolean }>> => {
      const locked = await lockOrderWithRegistration(tx, orderId);
      if (!locked) throw notFound('Order');
      const { order, registration, hasExtras } = locked;
      if (order.paymentStatus === 'paid' || order.paymentStatus === 'refund_required') {
        return { result: { order, fresh: false }, last: [] };
      }
      const flagForRefund = async () => {
        const flagged = await updateOrder(tx, order.id, { paymentStatus: 'refund_required', paidAt: new Date() });
        return { result: { order: flagged, fresh: false }, last: [] };
      };
      if (options.byEmailLink) assertLinkSettles(order, registration, new Date());
      // An admin cancelled the registration: a payment does not bring it back; the admin refunds it.
      if (registration.status === 'cancelled') return flagForRefund();
      // An order holds its extras only RESERVATION_MINUTES after it was priced: past that, others may
      // have bought them. Checked before the seats are taken back, so a shortfall writes nothing else.
      if (hasExtras && (await findLapsedOrderShortfall(tx, order.id, deps.config.reservationMinutes))) {
        return flagForRefund();
      }
      const party = await findAttendeesOf(tx, [registration.id]);
      const lines = linesOf(party);
      let holdsSeats = registration.status === 'pending' || registration.status === 'confirmed';
      if (!holdsSeats) {
        // A free order's mail is limited: the club's mail lock comes before the counters (outbox.repo.ts).
        if (order.amount === 0) await lockClubMail(tx, order.clubId);
        await gate.enter(registration.eventId);
        holdsSeats = (await reserveSeats(tx, registration.eventId, lines)).ok;
      }
      if (!holdsSeats) return flagForRefund();
      let confirmed: Settlement['confirmed'];
      // Only orders with extras lines pay a statement for their vouchers (docs/performance.md).
      const vouchers = hasExtras ? await issueOrderVouchers(tx, order, registration.email) : [];
      if (registration.status !== 'confirmed') {
        const row = await updateRegistration(tx, registration.id, {
          status: 'confirmed',
          confirmedAt: new Date(),
          expiresAt: null,
        });
        const event = await findEventById(tx, registration.eventId, null);
        if (event) {
          await queueTicketMail(tx, deps.config, event, row, party, {
            vouchers,
            order,
            isMailboxProven: options.byEmailLink,
          });
        }
        confirmed = { registration: row, attendees: party };
      }
      const paid = await updateOrder(tx, order.id, { paymentStatus: 'paid', paidAt: new Date() });
      const result = { order: paid, confirmed, vouchers, fresh: true };
      if (registration.status === 'confirmed') return { result, last: [] };
      // Last, sent with the COMMIT, as in the hold: the ticket row is the one every buyer queues on.
      await gate.enter(registration.eventId);
      return { result, last: soldIncrements(lines) };
    }),
  );
  if (settled.fresh) void deps.mail.flush().catch(() => undefined);
  return { order: settled.order, confirmed: settled.confirmed, vouchers: settled.vouchers };
}

export async function confirmPayment(
  deps: Deps,
  paymentIntentId: string,
  testCard: string | undefined,
): Promise<Confirmation> {
  const payable = await findPayable(deps, paymentIntentId);
  if (!payable) {
    // An intent cancelled by a re-pricing no longer pays for anything: say so rather than "not found".
    const state = await deps.payments.retrieveIntent(paymentIntentId);
    if (state?.status === 'canceled') throw paymentFailed(CANCELLED_PAYMENT_MESSAGE);
    throw notFound('Payment');
  }
  if (!payable.settled) {
    const state =
      testCard !== undefined && deps.payments.payWithTestCard
        ? await deps.payments.payWithTestCard(paymentIntentId, testCard)
        : await deps.payments.retrieveIntent(paymentIntentId);
    if (!state) throw notFound('Payment');
    if (state.status === 'canceled') throw paymentFailed(CANCELLED_PAYMENT_MESSAGE);
    if (state.status !== 'succeeded') {
      throw paymentFailed(state.lastError ?? 'The payment has not gone through yet');
    }
    if (!paysFor(state, payable)) throw conflict('The payment does not match the amount due');
    if (payable.kind === 'order') return confirmationOf(deps, payable, await settlePaidOrder(deps, payable.id));
    return confirmationOf(deps, await settleOtherPayable(deps, payable));
  }
  return confirmationOf(deps, payable);
}

/**
 * The provider's own word that a payment succeeded (Stripe calls this, not the buyer): it settles
 * through the same settlePaidOrder as confirm-payment, so whichever arrives second changes nothing.
 * Anything that is not ours to settle is acknowledged and left alone, or the provider would retry
 * it for days.
 */
export async function handlePaymentWebhook(
  deps: Deps,
  log: FastifyBaseLogger,
  rawBody: Buffer,
  signature: string | undefined,
): Promise<void> {
  if (!deps.payments.verifyWebhook) throw notFound('Payment webhook');
  const event = deps.payments.verifyWebhook(rawBody, signature);
  if (!event) throw badInput('The webhook signature does not match');
  if (event.kind !== 'payment_succeeded') {
    log.debug({ type: event.type }, 'payment webhook: event type not used');
    return;
  }
  const { intent } = event;
  const payable = await findPayable(deps, intent.id);
  if (!payable) {
    // Without the intent id: it is a buyer's secret (docs/product.md section 18).
    log.debug('payment webhook: nothing here is paid by this payment; ignored');
    return;
  }
  if (!paysFor(intent, payable)) {
    log.warn(
      {
        kind: payable.kind,
        id: payable.id,
        paid: intent.amount,
        currency: intent.currency,
      },
      'payment webhook: the amount paid differs from the amount due; not settled',
    );
    return;
  }
  if (payable.kind === 'order') await settlePaidOrder(deps, payable.id);
  else await settleOtherPayable(deps, payable);
}

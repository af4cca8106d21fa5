import { transactionStartingWith, type Ending } from '../../../db/transaction-ending-with';
import type { OrderItemRow, OrderRow, RegistrationRow } from '../../../db/schema';
import { conflict, notFound } from '../../../core/errors';
import type { Deps } from '../../../core/deps';
import { findLapsedOrderShortfall } from '../../extras/extras-stock';
import { issueOrderVouchers, type OrderVoucherRow } from '../../extras/order-vouchers.repo';
import { lockClubMail } from '../../mail/outbox.repo';
import { queueTicketMail } from '../../mail/ticket-mail';
import { updateOrder } from '../orders.repo';
import { withCounterGate } from '../counter-gate';
import { linesOf, reserveSeats, soldIncrements } from '../seats.repo';
import type { AttendeeView } from '../registrations.repo';
import { confirmRegistration, lockOrderAndRegistration, markOrderPaid, readSettlement } from './settlement.repo';
import { type IntentState } from '../../../core/payment-provider';

/** A payment settles only exactly what is due: the provider's amount to the minor unit, in its currency. */
export const paysFor = (state: IntentState, due: { amount: number; currency: string }) =>
  state.amount === due.amount && state.currency.toLowerCase() === due.currency;

/**
 * What a settlement did: the order as it left it, the registration it confirmed, if it did, and the
 * extras vouchers it issued, if it marked the order paid.
 */
export interface Settlement {
  order: OrderRow;
  /** The order's lines, as read under its lock. */
  items: OrderItemRow[];
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

/** The order and its registration as a settlement's writes leave them (confirmRegistration, markOrderPaid). */
export const paidRow = (order: OrderRow, now: Date): OrderRow => ({ ...order, paymentStatus: 'paid', paidAt: now });
export const confirmedRow = (registration: RegistrationRow, now: Date): RegistrationRow => ({
  ...registration,
  status: 'confirmed',
  confirmedAt: now,
  expiresAt: null,
});

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
  // Round trips (docs/decisions/0052-purchase-round-trips.md): the lock with the BEGIN, one read, the
  // ticket mail's insert, and the writes with the COMMIT; only rarer paths (extras, a lapsed hold) add more.
  const settled = await withCounterGate((gate) =>
    transactionStartingWith(
      deps.db,
      [lockOrderAndRegistration(orderId)],
      async (tx, client): Promise<Ending<Settlement & { fresh: boolean }>> => {
        const read = await readSettlement(client, orderId);
        if (!read) throw notFound('Order');
        const { order, registration, hasExtras, party, items } = read;
        if (order.paymentStatus === 'paid' || order.paymentStatus === 'refund_required') {
          return { result: { order, items, fresh: false }, last: [] };
        }
        const flagForRefund = async () => {
          const flagged = await updateOrder(tx, order.id, { paymentStatus: 'refund_required', paidAt: new Date() });
          return { result: { order: flagged, items, fresh: false }, last: [] };
        };
        if (options.byEmailLink) assertLinkSettles(order, registration, new Date());
        // An admin cancelled the registration: a payment does not bring it back; the admin refunds it.
        if (registration.status === 'cancelled') return flagForRefund();
        // An order holds its extras only RESERVATION_MINUTES after it was priced: past that, others may
        // have bought them. Checked before the seats are taken back, so a shortfall writes nothing else.
        if (hasExtras && (await findLapsedOrderShortfall(tx, order.id, deps.config.reservationMinutes))) {
          return flagForRefund();
        }
        const lines = linesOf(party);
        let holdsSeats = registration.status === 'pending' || registration.status === 'confirmed';
        if (!holdsSeats) {
          // A free order's mail is limited: the club's mail lock comes before the counters (outbox.repo.ts).
          if (order.amount === 0) await lockClubMail(tx, order.clubId);
          await gate.enter(registration.eventId);
          holdsSeats = (await reserveSeats(tx, registration.eventId, lines)).ok;
        }
        if (!holdsSeats) return flagForRefund();
        const now = new Date();
        // Only orders with extras lines pay a statement for their vouchers (docs/performance.md).
        const vouchers = hasExtras ? await issueOrderVouchers(tx, order, registration.email) : [];
        // The rows as the writes sent with the COMMIT leave them.
        const paid = paidRow(order, now);
        const last = [markOrderPaid(order.id, now)];
        if (registration.status === 'confirmed') {
          return { result: { order: paid, items, vouchers, fresh: true }, last };
        }
        const row = confirmedRow(registration, now);
        if (read.event) {
          await queueTicketMail(tx, deps.config, read.event, row, party, {
            vouchers,
            order,
            isMailboxProven: options.byEmailLink,
          });
        }
        const confirmed = { registration: row, attendees: party };
        // Last, sent with the COMMIT, as in the hold: the ticket row is the one every buyer queues on.
        await gate.enter(registration.eventId);
        return {
          result: { order: paid, items, confirmed, vouchers, fresh: true },
          last: [confirmRegistration(registration.id, now), ...last, ...soldIncrements(lines)],
        };
      },
    ),
  );
  if (settled.fresh) void deps.mail.flush().catch(() => undefined);
  // Counted once committed: a settlement rolled back sold nothing.
  if (settled.confirmed) deps.metrics.ticketsSold.inc(settled.confirmed.attendees.length);
  return { order: settled.order, items: settled.items, confirmed: settled.confirmed, vouchers: settled.vouchers };
}

import type { Tx } from '../../db/client';
import type { OrderRow, RegistrationRow } from '../../db/schema';
import type { Actor } from '../../core/actor';
import { notFound } from '../../core/errors';
import type { Deps } from '../../core/deps';
import { loadManagedEvent } from '../events/events.service';
import { markOrderVouchersForRefund } from '../extras/order-vouchers.repo';
import { giveBackUsesOfPending } from '../discounts/discount-uses.repo';
import { registrationLines, releaseSeats, type TicketLine } from '../purchase/seats.repo';
import type { EventScope } from '../tickets/tickets.repo';
import { assertCanDropAttendee, assertNoPaymentInFlight, hasTakenMoney, ordersToRefund } from './attendee-data.policy';
import { isDeletedRegistration } from '../purchase/deleted-registration';
import {
  cancelRegistrationRow,
  countAttendeesOf,
  deleteAttendeeRow,
  deleteAttendeesOf,
  deleteRegistrationRow,
  findEventAttendee,
  lockEventRegistration,
  lockOrdersOf,
  markOrdersForRefund,
} from './attendee-removal.repo';

/** What a deletion did, for the route's message: whether it left a paid order to refund. */
export interface Removal {
  refundRequired: boolean;
}

/**
 * Gives back the seats a registration still takes: sold ones when it is confirmed, held ones while
 * it is pending; an expired or cancelled registration gave its seats back already.
 */
async function freeSeats(tx: Tx, registration: RegistrationRow, lines: TicketLine[]): Promise<void> {
  if (lines.length === 0) return;
  if (registration.status === 'confirmed' || registration.status === 'pending') {
    await releaseSeats(tx, registration.eventId, lines, registration.status === 'confirmed');
  }
}

/** A pending hold deleted gives its code's use back, before its seats (a hold takes the code first). */
async function giveBackCodeUse(tx: Tx, registration: RegistrationRow): Promise<void> {
  if (registration.status === 'pending') await giveBackUsesOfPending(tx, [registration.id]);
}

/**
 * Deletes a registration whose seats were given back. Its row takes its attendees, check-ins and
 * orders with it (ON DELETE CASCADE), so a registration whose orders took money keeps its row instead,
 * cancelled and without attendees: gone from every attendee read, while its orders stay for the
 * books, marked `refund_required` so the admin sees the money to return; the extras vouchers those
 * orders issued are marked so too, and open nothing at the door any more.
 */
async function dropRegistration(
  tx: Tx,
  scope: EventScope,
  registration: RegistrationRow,
  orders: OrderRow[],
): Promise<Removal> {
  if (!hasTakenMoney(orders)) {
    await deleteRegistrationRow(tx, scope, registration.id);
    return { refundRequired: false };
  }
  await deleteAttendeesOf(tx, scope, registration.id);
  await cancelRegistrationRow(tx, scope, registration.id);
  await refundPaidOrders(tx, scope, orders);
  return { refundRequired: true };
}

/**
 * Marks a registration's paid orders for refund, and the extras vouchers they issued, which then
 * open nothing at the door: a registration the admin deleted or cancelled keeps none of what it
 * paid for, and the admin sees the money to return. `orders` come from lockOrdersOf, in the caller's
 * transaction.
 */
export async function refundPaidOrders(tx: Tx, scope: EventScope, orders: OrderRow[]): Promise<void> {
  const refunded = ordersToRefund(orders).map((order) => order.id);
  await markOrdersForRefund(tx, scope, refunded);
  await markOrderVouchersForRefund(tx, refunded);
}

/**
 * GET /registration/removeRegistration: the registration goes with its attendees and their
 * check-ins, and its seats are sold again; a paid order stays, marked for refund. One whose payment
 * has been started and not settled is refused (409) (docs/decisions/0006-attendee-data.md).
 */
export async function removeRegistration(
  deps: Deps,
  actor: Actor,
  input: { registrationId: string; eventId: string },
): Promise<{ registrationId: string } & Removal> {
  const event = await loadManagedEvent(deps, actor, input.eventId);
  const scope = { clubId: event.clubId, eventId: event.id };
  const removal = await deps.db.transaction(async (tx) => {
    const orders = await lockOrdersOf(tx, scope, input.registrationId);
    const registration = await lockEventRegistration(tx, scope, input.registrationId);
    if (!registration) throw notFound('Registration');
    const lines = await registrationLines(tx, registration.id);
    const attendeeCount = lines.reduce((sum, line) => sum + line.quantity, 0);
    if (isDeletedRegistration(registration, attendeeCount)) throw notFound('Registration');
    assertNoPaymentInFlight(orders);
    await giveBackCodeUse(tx, registration);
    await freeSeats(tx, registration, lines);
    return dropRegistration(tx, scope, registration, orders);
  });
  deps.seatsFreed?.(event.id);
  return { registrationId: input.registrationId, ...removal };
}

/**
 * GET /registration/deleteAttendee: the attendee goes with its check-in and its seat is sold again.
 * The last attendee of a registration takes the registration with it (docs/product.md section 4), under the
 * same rule as removeRegistration; an attendee of a paid order with others beside it may go, and the
 * order stays as it was paid.
 */
export async function deleteAttendee(
  deps: Deps,
  actor: Actor,
  input: { attendeeId: string; eventId: string },
): Promise<{ registrationDeleted: boolean } & Removal> {
  const event = await loadManagedEvent(deps, actor, input.eventId);
  const scope = { clubId: event.clubId, eventId: event.id };
  const removal = await deps.db.transaction(async (tx) => {
    const found = await findEventAttendee(tx, scope, input.attendeeId);
    if (!found) throw notFound('Attendee');
    const orders = await lockOrdersOf(tx, scope, found.registrationId);
    const registration = await lockEventRegistration(tx, scope, found.registrationId);
    // Another deletion of the same attendee may have committed while this one waited for the locks.
    const attendee = registration && (await findEventAttendee(tx, scope, input.attendeeId));
    if (!registration || !attendee) throw notFound('Attendee');
    const isLast = (await countAttendeesOf(tx, registration.id)) <= 1;
    if (isLast) {
      assertNoPaymentInFlight(orders);
      await giveBackCodeUse(tx, registration);
    } else assertCanDropAttendee(registration);
    await freeSeats(tx, registration, [{ ticketId: attendee.ticketId, quantity: 1 }]);
    if (!isLast) {
      await deleteAttendeeRow(tx, scope, attendee.id);
      return { registrationDeleted: false, refundRequired: false };
    }
    return { registrationDeleted: true, ...(await dropRegistration(tx, scope, registration, orders)) };
  });
  deps.seatsFreed?.(event.id);
  return removal;
}

import type { Tx } from '../../db/client';
import type { RegistrationRow } from '../../db/schema';
import type { Actor } from '../../plugins/auth';
import { notFound } from '../../plugins/errors';
import type { Deps } from '../../plugins/routes';
import { loadManagedEvent } from '../events/events.service';
import { registrationLines, releaseSeats, type TicketLine } from '../registrations/holds.repo';
import { assertCanDropAttendee, assertNoPayment } from './attendee-data.policy';
import {
  countAttendeesOf,
  deleteAttendeeRow,
  deleteRegistrationRow,
  findEventAttendee,
  lockEventRegistration,
  lockOrdersOf,
} from './attendee-removal.repo';

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

/**
 * GET /registration/removeRegistration: the registration goes with its attendees, their check-ins
 * and its unpaid orders, and its seats are sold again. One with a paid order, or a payment started, is
 * refused (409): it is cancelled instead, which frees the seats and keeps the order
 * (docs/decisions/0006-attendee-data.md).
 */
export async function removeRegistration(
  deps: Deps,
  actor: Actor,
  input: { registrationId: string; eventId: string },
): Promise<{ registrationId: string }> {
  const event = await loadManagedEvent(deps, actor, input.eventId);
  const scope = { clubId: event.clubId, eventId: event.id };
  await deps.db.transaction(async (tx) => {
    const orders = await lockOrdersOf(tx, scope, input.registrationId);
    const registration = await lockEventRegistration(tx, scope, input.registrationId);
    if (!registration) throw notFound('Registration');
    assertNoPayment(orders);
    await freeSeats(tx, registration, await registrationLines(tx, registration.id));
    await deleteRegistrationRow(tx, scope, registration.id);
  });
  return { registrationId: input.registrationId };
}

/**
 * GET /registration/deleteAttendee: the attendee goes with its check-in and its seat is sold again.
 * The last attendee of a registration takes the registration with it (SPEC.md section 4), under the
 * same rule as removeRegistration; an attendee of a paid order with others beside it may go, and the
 * order stays as it was paid.
 */
export async function deleteAttendee(
  deps: Deps,
  actor: Actor,
  input: { attendeeId: string; eventId: string },
): Promise<{ registrationDeleted: boolean }> {
  const event = await loadManagedEvent(deps, actor, input.eventId);
  const scope = { clubId: event.clubId, eventId: event.id };
  return deps.db.transaction(async (tx) => {
    const found = await findEventAttendee(tx, scope, input.attendeeId);
    if (!found) throw notFound('Attendee');
    const orders = await lockOrdersOf(tx, scope, found.registrationId);
    const registration = await lockEventRegistration(tx, scope, found.registrationId);
    // Another deletion of the same attendee may have committed while this one waited for the locks.
    const attendee = registration && (await findEventAttendee(tx, scope, input.attendeeId));
    if (!registration || !attendee) throw notFound('Attendee');
    const isLast = (await countAttendeesOf(tx, registration.id)) <= 1;
    if (isLast) assertNoPayment(orders);
    else assertCanDropAttendee(registration);
    await freeSeats(tx, registration, [{ ticketId: attendee.ticketId, quantity: 1 }]);
    if (isLast) await deleteRegistrationRow(tx, scope, registration.id);
    else await deleteAttendeeRow(tx, scope, attendee.id);
    return { registrationDeleted: isLast };
  });
}

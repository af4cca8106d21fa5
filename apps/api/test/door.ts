import { eq } from 'drizzle-orm';
import {
  endpoints,
  extrasQrText,
  ticketQrText,
  type TAttendee,
  type TEvent,
  type TRegistration,
  type TTicket,
} from '@clubtix/contract';
import { extrasPurchases, registrations } from '../src/db/schema';
import { holdTickets, payFor, type Person } from './buying';
import { addTicket, publishEvent } from './catalogue';
import { type TestApp } from './helpers';
import { callEndpoint } from './call-endpoint';

/** Factories for the door: tickets bought and paid through the API, as a visitor would, and their QR texts. */

/** A published event with one ticket type, big enough for the concurrency tests. */
export async function doorEvent(
  t: TestApp,
  token: string,
  fields: Record<string, unknown> = {},
): Promise<{ event: TEvent; ticket: TTicket }> {
  const event = await publishEvent(t, token, { maxTicketsPerOrder: 100, ...fields });
  const ticket = await addTicket(t, token, event.id, { quantity: 1000, maxPerOrder: 100 });
  return { event, ticket };
}

const guests = (quantity: number): Person[] =>
  Array.from({ length: quantity }, (_, i) => ({
    firstName: `Guest${i}`,
    lastName: 'Walker',
    email: `guest${i}@example.org`,
  }));

/** Holds tickets for `quantity` guests (Guest0 Walker, …) and fills them in: a pending registration. */
export function holdGuests(
  t: TestApp,
  eventId: string,
  ticketId: string,
  quantity = 1,
  email = 'buyer@example.org',
): Promise<TRegistration> {
  return holdTickets(t, eventId, ticketId, email, guests(quantity));
}

/** Buys and pays tickets for `quantity` guests with the Test mode card: a confirmed registration. */
export async function buyTickets(
  t: TestApp,
  eventId: string,
  ticketId: string,
  quantity = 1,
  email = 'buyer@example.org',
): Promise<TRegistration> {
  return (await payFor(t, await holdGuests(t, eventId, ticketId, quantity, email))).registration;
}

/** The QR text of an attendee's ticket. */
export function qrOf(registration: TRegistration, attendee: TAttendee = registration.attendees[0]!): string {
  return ticketQrText({
    registrationId: registration.registrationId,
    attendeeId: attendee.attendeeId,
    qrUuid: registration.qrUuid,
  });
}

export const scan = (t: TestApp, token: string, eventId: string, payload: string) =>
  callEndpoint(t, endpoints.checkin.scanByRegistrationId, { token, body: { payload, eventId } });

/** The scanner page with "Check in on scan": one call that reads the ticket and checks it in. */
export const scanAndCheckIn = (t: TestApp | string, token: string, eventId: string, payload: string) =>
  callEndpoint(t, endpoints.checkin.scanByRegistrationId, { token, body: { payload, eventId, checkin: true } });

export const checkIn = (t: TestApp, token: string, eventId: string, registrationId: string, attendeeId: string) =>
  callEndpoint(t, endpoints.checkin.save, { token, body: { eventId, registrationId, attendeeId } });

export const undoCheckIn = (t: TestApp, token: string, attendeeId: string) =>
  callEndpoint(t, endpoints.checkin.delete, { token, body: { attendeeId } });

/**
 * The QR text of a ticket sold where the answer carries no qrUuid (a door answer, such as the box
 * office's, docs/decisions/0061-staff-scope.md): its secret read from the database, as the buyer's
 * mail has it.
 */
export async function storedQrOf(
  t: TestApp,
  registration: { registrationId: string; attendees: { attendeeId: string }[] },
  attendee = registration.attendees[0]!,
): Promise<string> {
  const [row] = await t.db
    .select({ qrUuid: registrations.qrUuid })
    .from(registrations)
    .where(eq(registrations.id, registration.registrationId));
  return ticketQrText({
    registrationId: registration.registrationId,
    attendeeId: attendee.attendeeId,
    qrUuid: row!.qrUuid,
  });
}

/** The QR text of an extras voucher sold where the answer carries none (the box office's), read from the database. */
export async function storedVoucherQrOf(t: TestApp, voucherId: string): Promise<string> {
  const [row] = await t.db
    .select({ qrUuid: extrasPurchases.qrUuid })
    .from(extrasPurchases)
    .where(eq(extrasPurchases.id, voucherId));
  return extrasQrText(voucherId, row!.qrUuid);
}

import { inject } from 'vitest';
import type { TAnswers, TOrder, TRegistration } from '@clubtix/contract';
import { fetchTransport, seedKit, type AttendeeDetails, type SeedAdmin, type SeededEvent } from '@clubtix/seed-kit';
import { api, type ApiResult } from './helpers';

/** The API's answer, or a failure that says which seeding call went wrong and why. */
function ok<T>(what: string, result: ApiResult<T>): T {
  if (result.status !== 200) {
    throw new Error(`${what} failed with ${result.status}: ${JSON.stringify(result.body)}`);
  }
  return result.body.payload;
}

export type Admin = SeedAdmin;
export type { AttendeeDetails, SeededEvent };

/** The seeding kit (packages/seed-kit) over HTTP to the run's server (global-setup.ts). */
const kit = () => seedKit(fetchTransport(inject('baseUrl')));

/** A new club with its first admin, signed in (self-service sign-up). */
export function registerClubAdmin(name = 'Ada Admin'): Promise<Admin> {
  return kit().clubAdmin({ name });
}

/**
 * A published event in London, in pounds, with two ticket types, an extra, a sponsorship package,
 * a three-question form and donations and sponsorships open (the kit's `regatta`). Given an admin,
 * the event is another of that admin's club (a second event at the same door staff's club).
 */
export function seedPublishedEvent(clubAdmin?: Admin): Promise<SeededEvent> {
  return kit().regatta(clubAdmin);
}

/**
 * A purchase made and paid with the test card entirely through the public API, as a buyer's browser
 * would. Each attendee answers the diet question, and `attendeeAnswers` besides.
 */
export function buyTicketsViaApi(
  seeded: SeededEvent,
  people: AttendeeDetails[],
  attendeeAnswers: TAnswers = {},
): Promise<{ registration: TRegistration; order: TOrder }> {
  return kit().buy(seeded, people, attendeeAnswers);
}

/** The registration as its club's admin reads it (attendees, answers, check-in state). */
export async function registrationAsAdmin(admin: Admin, registrationId: string): Promise<TRegistration> {
  return ok(
    'Reading the registration',
    await api<TRegistration>('GET', '/registration/getRegistrationById', {
      token: admin.token,
      query: { registrationId },
    }),
  );
}

/** The event's orders as its admin sees them. */
export async function ordersAsAdmin(admin: Admin, eventId: string): Promise<TOrder[]> {
  return ok(
    'Reading the orders',
    await api<TOrder[]>('GET', '/order/getOrdersByEventId', { token: admin.token, query: { eventId } }),
  );
}

import {
  endpoints,
  type Endpoint,
  type PayloadOf,
  type TRegisterRequest,
  type TSaveClubRequest,
  type TSaveEventRequest,
  type TSaveExtrasRequest,
  type TSaveFormRequest,
  type TSavePackageRequest,
  type TSaveTicketRequest,
} from '@clubtix/contract';
import { sendTyped, type SeedTransport, type TypedRequest } from './transport';

/**
 * The catalogue as an admin sets it up, through the contract's endpoints: each body's defaults are
 * written here once, and each caller (apps/api/test/catalogue.ts, e2e/fixtures.ts, bench/lib.mjs)
 * overrides only what its tests assert on.
 */

const DAY = 24 * 60 * 60 * 1000;
/** An ISO date `days` from now (negative: in the past). */
export const daysFromNow = (days: number) => new Date(Date.now() + days * DAY).toISOString();

/** The dates of an event that starts `startsInMs` from now and lasts `lengthMs`. */
export function startingIn(startsInMs: number, lengthMs: number): { startDate: string; endDate: string } {
  const start = Date.now() + startsInMs;
  return { startDate: new Date(start).toISOString(), endDate: new Date(start + lengthMs).toISOString() };
}

let counter = 0;
/** A value no other seeding uses (the e2e specs and the benches share one database). */
export function unique(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}-${(counter++).toString(36)}`;
}

/** The password of every admin the kit signs up. */
export const SEED_PASSWORD = 'rowing2026';

export function registerBody(overrides: Partial<TRegisterRequest> = {}): TRegisterRequest {
  return {
    name: 'Ada Admin',
    email: `${unique('admin')}@example.org`,
    password: SEED_PASSWORD,
    clubName: unique('Harbour Rowing'),
    ...overrides,
  };
}

/** A published event a month ahead, in London and in pounds. */
export function eventBody(overrides: Partial<TSaveEventRequest> = {}): TSaveEventRequest {
  return {
    title: 'Spring Regatta',
    startDate: daysFromNow(30),
    endDate: daysFromNow(31),
    timezone: 'Europe/London',
    currency: 'gbp',
    status: 'published',
    ...overrides,
  };
}

export function ticketBody(eventId: string, overrides: Partial<TSaveTicketRequest> = {}): TSaveTicketRequest {
  return { eventId, name: 'Adult', price: 2500, quantity: 100, ...overrides };
}

export function extrasBody(eventId: string, overrides: Partial<TSaveExtrasRequest> = {}): TSaveExtrasRequest {
  return { eventId, name: 'Lunch box', price: 1200, ...overrides };
}

export function packageBody(eventId: string, overrides: Partial<TSavePackageRequest> = {}): TSavePackageRequest {
  return { eventId, name: 'Gold', amount: 50_000, benefits: ['Logo on the sail'], ...overrides };
}

export type TAdminAuth = PayloadOf<typeof endpoints.auth.register>;

/** A club's first admin, signed in: the token as the API hands it back (`Bearer ...`). */
export interface SeedAdmin {
  token: string;
  user: TAdminAuth['currentUser'];
}

/** The catalogue's seeding calls over one transport. */
export function catalogueKit(transport: SeedTransport) {
  const send = <E extends Endpoint>(what: string, endpoint: E, request: TypedRequest<E>) =>
    sendTyped(transport, what, endpoint, request);
  const payload = async <T>(answer: Promise<{ payload: T }>) => (await answer).payload;
  return {
    /** A new club with its first admin, signed in (self-service sign-up). */
    async clubAdmin(overrides: Partial<TRegisterRequest> = {}): Promise<SeedAdmin> {
      const answer = await send('Registering a club', endpoints.auth.register, { body: registerBody(overrides) });
      if (!answer.authorization) throw new Error('Registering a club answered no authorization header');
      return { token: answer.authorization, user: answer.payload.currentUser };
    },
    /** A club made by the sudo (the benches' clubs). */
    club: (token: string, body: TSaveClubRequest) =>
      payload(send('Saving the club', endpoints.club.save, { token, body })),
    event: (token: string, overrides: Partial<TSaveEventRequest> = {}) =>
      payload(send('Saving the event', endpoints.event.save, { token, body: eventBody(overrides) })),
    ticket: (token: string, eventId: string, overrides: Partial<TSaveTicketRequest> = {}) =>
      payload(
        send(`Saving ticket ${overrides.name ?? 'Adult'}`, endpoints.ticket.save, {
          token,
          body: ticketBody(eventId, overrides),
        }),
      ),
    extras: (token: string, eventId: string, overrides: Partial<TSaveExtrasRequest> = {}) =>
      payload(send('Saving the extra', endpoints.extras.saveExtras, { token, body: extrasBody(eventId, overrides) })),
    package: (token: string, eventId: string, overrides: Partial<TSavePackageRequest> = {}) =>
      payload(
        send('Saving the package', endpoints.sponsorshipPackage.save, {
          token,
          body: packageBody(eventId, overrides),
        }),
      ),
    form: (token: string, eventId: string, questions: TSaveFormRequest['questions']) =>
      payload(send('Saving the form', endpoints.form.save, { token, body: { eventId, questions } })),
  };
}

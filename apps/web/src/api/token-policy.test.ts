import { describe, expect, it } from 'vitest';
import { endpoints, type Endpoint } from '@clubtix/contract';
import { shouldSendToken, TOKENLESS_CALLS } from './token-policy';

/** docs/product.md section 6, call by call: the only calls that go without the token when one is held. */
const SPEC_TOKENLESS = [
  'GET /event/getEventBySlug', // event by slug
  'GET /event/getEvent', // event
  'GET /event/getAllEvents', // all events
  'GET /club/getClub', // club
  'POST /registration/initRegistration', // registration init
  'POST /registration/save', // registration save
  'GET /registration/getRegistrationByEmail', // registration by email
  'POST /stripe/create-payment-intent', // payment-intent create
  'POST /stripe/confirm-payment', // confirm
  'GET /stripe/get-registration-from-payment', // registration-from-payment
  'GET /ticket/getTicketsByEventId', // tickets by event
  'GET /ticket/getTicketById', // tickets by id
  'POST /order/createOrder', // order create
  'POST /extras/purchaseExtras', // extras purchase
  'GET /extras/getExtrasByEventId', // extras by event
  'GET /extras/getExtrasByIds', // extras by ids
  'GET /sponsorship-package/getPackagesByEventId', // packages by event
  'GET /info', // /info
];

const every = Object.values(endpoints).flatMap((group) => Object.values(group as Record<string, Endpoint>));
const keyOf = (endpoint: Endpoint) => `${endpoint.method} ${endpoint.path}`;

describe('shouldSendToken', () => {
  it('lists exactly the public calls of docs/product.md section 6, each one in the endpoint table', () => {
    expect(TOKENLESS_CALLS.map(keyOf).sort()).toEqual([...SPEC_TOKENLESS].sort());
    expect(every.map(keyOf)).toEqual(expect.arrayContaining(SPEC_TOKENLESS));
  });

  it.each(every.map((endpoint) => [keyOf(endpoint), endpoint] as const))(
    '%s: carries the token when one is held unless docs/product.md section 6 lists it',
    (key, endpoint) => {
      expect(shouldSendToken(endpoint, true, false)).toBe(!SPEC_TOKENLESS.includes(key));
      expect(shouldSendToken(endpoint, false, false)).toBe(false);
      expect(shouldSendToken(endpoint, false, true)).toBe(false);
    },
  );

  it.each([
    ['sign-in', endpoints.auth.signin],
    ['register', endpoints.auth.register],
    ['active events of a club', endpoints.event.getAllActiveEvents],
    ['form questions', endpoints.form.getFormQuestions],
    ['registration by id and QR code', endpoints.registration.getRegistration],
    ['sponsorship create', endpoints.sponsorship.create],
    ['sponsorship payment intent', endpoints.sponsorship.createSponsorshipPaymentIntent],
    ['health', endpoints.system.health],
    ['an admin call', endpoints.club.getAllClubs],
    ['a sudo call', endpoints.club.removeClub],
  ])('sends the token on %s, a call docs/product.md does not list', (_name, endpoint) => {
    expect(shouldSendToken(endpoint, true, false)).toBe(true);
    expect(shouldSendToken(endpoint, true, true)).toBe(true);
  });

  it.each([
    ['event', endpoints.event.getEvent],
    ['all events', endpoints.event.getAllEvents],
    ['tickets by event', endpoints.ticket.getTicketsByEventId],
    ['tickets by id', endpoints.ticket.getTicketById],
    ['packages by event', endpoints.sponsorshipPackage.getPackagesByEventId],
  ])(
    'sends the token on the listed read %s only from an admin screen (asManager), to show its drafts',
    (_n, endpoint) => {
      expect(endpoint.optionalAuth).toBe(true);
      expect(shouldSendToken(endpoint, true, false)).toBe(false);
      expect(shouldSendToken(endpoint, true, true)).toBe(true);
    },
  );

  it.each([
    ['event by slug', endpoints.event.getEventBySlug],
    ['club', endpoints.club.getClub],
    ['order create', endpoints.order.createOrder],
    ['/info', endpoints.system.info],
  ])('never sends the token on the listed call %s, even asManager', (_name, endpoint) => {
    expect(shouldSendToken(endpoint, true, false)).toBe(false);
    expect(shouldSendToken(endpoint, true, true)).toBe(false);
  });
});

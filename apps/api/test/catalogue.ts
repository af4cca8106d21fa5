import { expect } from 'vitest';
import {
  endpoints,
  type BodyOf,
  type TEvent,
  type TSaveEventRequest,
  type TSaveExtrasRequest,
  type TSaveFormRequest,
  type TSavePackageRequest,
  type TSaveTicketRequest,
  type TTicket,
} from '@clubtix/contract';
import { seedKit, startingIn } from '@clubtix/seed-kit';
import { okPayload, type ApiResponse, type TestApp } from './helpers';
import { appTransport, callEndpoint } from './call-endpoint';

/**
 * The catalogue factories of the integration tests: the seeding kit (packages/seed-kit) over the
 * in-process app, the bodies' defaults written there once. Each saves through the API, as an admin
 * would set it up.
 */

export { daysFromNow, eventBody } from '@clubtix/seed-kit';

const kit = (t: TestApp) => seedKit(appTransport(t));

/** Matches any string (a server-made id or timestamp) inside an expected object. */
export const anyString = expect.any(String) as string;

/** The payload of a 200 answer (the message of any other answer shows in the failure). */
export function payloadOf<T>(response: ApiResponse): T {
  return okPayload(response) as T;
}

export const saveEventCall = (t: TestApp, token: string, body: BodyOf<typeof endpoints.event.save>) =>
  callEndpoint(t, endpoints.event.save, { token, body });

/** An event of the kit's defaults: "Spring Regatta", a month ahead, published. */
export const createEvent = (t: TestApp, token: string, overrides: Partial<TSaveEventRequest> = {}) =>
  kit(t).event(token, overrides);

/** A ticket type of the kit's defaults: Adult, £25, 100 of them. */
export const createTicket = (t: TestApp, token: string, eventId: string, overrides: Partial<TSaveTicketRequest> = {}) =>
  kit(t).ticket(token, eventId, overrides);

export const createExtras = (t: TestApp, token: string, eventId: string, overrides: Partial<TSaveExtrasRequest> = {}) =>
  kit(t).extras(token, eventId, overrides);

export const createPackage = (
  t: TestApp,
  token: string,
  eventId: string,
  overrides: Partial<TSavePackageRequest> = {},
) => kit(t).package(token, eventId, overrides);

export const saveForm = (t: TestApp, token: string, eventId: string, questions: TSaveFormRequest['questions']) =>
  kit(t).form(token, eventId, questions);

/** A published event a week ahead, three hours long, under a title of its own. */
export function publishEvent(t: TestApp, token: string, fields: Partial<TSaveEventRequest> = {}): Promise<TEvent> {
  return kit(t).event(token, {
    title: `Harbour Tour ${Math.random().toString(36).slice(2, 8)}`,
    ...startingIn(7 * 24 * 3600_000, 3 * 3600_000),
    ...fields,
  });
}

/** A ticket type of ten Adult tickets at £15. */
export function addTicket(
  t: TestApp,
  token: string,
  eventId: string,
  fields: Partial<TSaveTicketRequest> = {},
): Promise<TTicket> {
  return kit(t).ticket(token, eventId, { price: 1500, quantity: 10, ...fields });
}

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
import { okPayload, type ApiResponse, type TestApp } from './helpers';
import { callEndpoint, expectPayload } from './call-endpoint';

/** Shared factories of the catalogue: each saves through the API, as an admin would set it up. */

const DAY = 24 * 60 * 60 * 1000;
/** An ISO date `days` from now (negative: in the past). */
export const daysFromNow = (days: number) => new Date(Date.now() + days * DAY).toISOString();

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

/** Matches any string (a server-made id or timestamp) inside an expected object. */
export const anyString = expect.any(String) as string;

/** The payload of a 200 answer (the message of any other answer shows in the failure). */
export function payloadOf<T>(response: ApiResponse): T {
  return okPayload(response) as T;
}

export const saveEventCall = (t: TestApp, token: string, body: BodyOf<typeof endpoints.event.save>) =>
  callEndpoint(t, endpoints.event.save, { token, body });

export async function createEvent(t: TestApp, token: string, overrides: Partial<TSaveEventRequest> = {}) {
  return expectPayload(await callEndpoint(t, endpoints.event.save, { token, body: eventBody(overrides) }));
}

export async function createTicket(
  t: TestApp,
  token: string,
  eventId: string,
  overrides: Partial<TSaveTicketRequest> = {},
) {
  const body: TSaveTicketRequest = { eventId, name: 'Adult', price: 2500, quantity: 100, ...overrides };
  return expectPayload(await callEndpoint(t, endpoints.ticket.save, { token, body }));
}

export async function createExtras(
  t: TestApp,
  token: string,
  eventId: string,
  overrides: Partial<TSaveExtrasRequest> = {},
) {
  const body: TSaveExtrasRequest = { eventId, name: 'Lunch box', price: 1200, ...overrides };
  return expectPayload(await callEndpoint(t, endpoints.extras.saveExtras, { token, body }));
}

export async function createPackage(
  t: TestApp,
  token: string,
  eventId: string,
  overrides: Partial<TSavePackageRequest> = {},
) {
  const body: TSavePackageRequest = {
    eventId,
    name: 'Gold',
    amount: 50_000,
    benefits: ['Logo on the sail'],
    ...overrides,
  };
  return expectPayload(await callEndpoint(t, endpoints.sponsorshipPackage.save, { token, body }));
}

export async function saveForm(t: TestApp, token: string, eventId: string, questions: TSaveFormRequest['questions']) {
  return expectPayload(await callEndpoint(t, endpoints.form.save, { token, body: { eventId, questions } }));
}

/** A published event through the API, as an admin would set it up. */
export async function publishEvent(t: TestApp, token: string, fields: Record<string, unknown> = {}): Promise<TEvent> {
  const start = new Date(Date.now() + 7 * 24 * 3600_000);
  const response = await callEndpoint(t, endpoints.event.save, {
    token,
    body: {
      title: `Harbour Tour ${Math.random().toString(36).slice(2, 8)}`,
      startDate: start.toISOString(),
      endDate: new Date(start.getTime() + 3 * 3600_000).toISOString(),
      timezone: 'Europe/London',
      currency: 'gbp',
      status: 'published',
      ...fields,
    },
  });
  if (response.status !== 200) throw new Error(`event not saved: ${JSON.stringify(response.body)}`);
  return response.body.payload!;
}

export async function addTicket(
  t: TestApp,
  token: string,
  eventId: string,
  fields: Record<string, unknown> = {},
): Promise<TTicket> {
  const response = await callEndpoint(t, endpoints.ticket.save, {
    token,
    body: { eventId, name: 'Adult', price: 1500, quantity: 10, ...fields },
  });
  if (response.status !== 200) throw new Error(`ticket not saved: ${JSON.stringify(response.body)}`);
  return response.body.payload!;
}

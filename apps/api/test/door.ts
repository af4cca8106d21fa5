import { expect } from 'vitest';
import {
  ticketQrText,
  type TAttendee,
  type TEvent,
  type TOrder,
  type TPaymentIntent,
  type TRegistration,
  type TTicket,
} from '@clubtix/contract';
import { addTicket, publishEvent } from './catalogue';
import { call, type ApiResponse, type TestApp } from './helpers';

/** Factories for the door: tickets bought and paid through the API, as a visitor would, and their QR texts. */

type Init = { registration: TRegistration; order: TOrder };

function ok<T>(response: ApiResponse, what: string): T {
  expect(response.status, `${what}: ${response.body.msg}`).toBe(200);
  return response.body.payload as T;
}

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

/** Holds tickets and fills in the attendees: a pending registration (not paid). */
export async function holdTickets(
  t: TestApp,
  eventId: string,
  ticketId: string,
  quantity = 1,
  email = 'buyer@example.org',
): Promise<Init> {
  const init = ok<Init>(
    await call(t, 'POST', '/registration/initRegistration', {
      body: { eventId, email, tickets: [{ ticketId, quantity }] },
    }),
    'initRegistration',
  );
  ok(
    await call(t, 'POST', '/registration/save', {
      body: {
        registrationId: init.registration.registrationId,
        qrUuid: init.registration.qrUuid,
        attendees: init.registration.attendees.map((a, i) => ({
          attendeeId: a.attendeeId,
          firstName: `Guest${i}`,
          lastName: 'Walker',
          email: `guest${i}@example.org`,
        })),
      },
    }),
    'registration/save',
  );
  return init;
}

/** Buys and pays tickets with the Test mode card: a confirmed registration. */
export async function buyTickets(
  t: TestApp,
  eventId: string,
  ticketId: string,
  quantity = 1,
  email = 'buyer@example.org',
): Promise<TRegistration> {
  const { registration } = await holdTickets(t, eventId, ticketId, quantity, email);
  const { order } = ok<{ order: TOrder }>(
    await call(t, 'POST', '/order/createOrder', {
      body: { registrationId: registration.registrationId, qrUuid: registration.qrUuid },
    }),
    'createOrder',
  );
  const intent = ok<TPaymentIntent>(
    await call(t, 'POST', '/stripe/create-payment-intent', { body: { orderId: order.id } }),
    'create-payment-intent',
  );
  const paid = ok<{ registration: TRegistration }>(
    await call(t, 'POST', '/stripe/confirm-payment', {
      body: { paymentIntentId: intent.paymentIntentId, testCard: '4242424242424242' },
    }),
    'confirm-payment',
  );
  expect(paid.registration.status).toBe('confirmed');
  return paid.registration;
}

/** The QR text of an attendee's ticket. */
export function qrOf(registration: TRegistration, attendee: TAttendee = registration.attendees[0]!): string {
  return ticketQrText({
    registrationId: registration.registrationId,
    attendeeId: attendee.attendeeId,
    qrUuid: registration.qrUuid,
  });
}

export const scan = (t: TestApp, token: string, eventId: string, payload: unknown) =>
  call(t, 'POST', '/checkin/scanByRegistrationId', { token, body: { payload, eventId } });

/** The scanner page with "Check in on scan": one call that reads the ticket and checks it in. */
export const scanAndCheckIn = (t: TestApp, token: string, eventId: string, payload: string) =>
  call(t, 'POST', '/checkin/scanByRegistrationId', { token, body: { payload, eventId, checkin: true } });

export const checkIn = (t: TestApp, token: string, eventId: string, registrationId: string, attendeeId: string) =>
  call(t, 'POST', '/checkin/save', { token, body: { eventId, registrationId, attendeeId } });

export const undoCheckIn = (t: TestApp, token: string, attendeeId: string) =>
  call(t, 'DELETE', '/checkin/delete', { token, body: { attendeeId } });

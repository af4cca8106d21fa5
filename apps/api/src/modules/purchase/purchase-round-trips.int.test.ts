import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { endpoints, type TOrder, type TPaymentIntent, type TRegistration } from '@clubtix/contract';
import { addTicket, publishEvent } from '../../../test/catalogue';
import { type ApiResponse, createAdminApp, type TestApp } from '../../../test/helpers';
import { callEndpoint } from '../../../test/call-endpoint';

/**
 * The purchase's calls reach the database in few round trips (docs/decisions/0052-purchase-round-trips.md;
 * docs/performance.md "Purchase round trips (2026-11-26)"): each message the app sends to PostgreSQL
 * is one call of pg's Client.query (the test shares the app's driver). The mail sender, which a
 * confirmation wakes after its commit, runs on its own and is not the call's.
 */
const isMailSender = (text: string) =>
  text === 'begin' ||
  text === 'commit' ||
  (text.includes('mail_outbox') && !/^\s*insert into "?mail_outbox/i.test(text));

async function roundTrips(request: () => Promise<ApiResponse>): Promise<{ response: ApiResponse; sent: string[] }> {
  const queries = vi.spyOn(pg.Client.prototype, 'query');
  try {
    const response = await request();
    const sent = queries.mock.calls
      .map(([query]) => (typeof query === 'string' ? query : ((query as { text?: string }).text ?? '')))
      .filter((text) => !isMailSender(text));
    return { response, sent };
  } finally {
    queries.mockRestore();
  }
}

describe('the purchase in round trips to PostgreSQL', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    ({ t, token } = await createAdminApp());
  });
  afterAll(async () => t.close());

  it('saves the details in 1, prices the order in 1, starts the payment in 1 and confirms it in 5', async () => {
    const event = await publishEvent(t, token);
    const ticket = await addTicket(t, token, event.id, { quantity: 5 });
    const init = await callEndpoint(t, endpoints.registration.initRegistration, {
      body: { eventId: event.id, email: 'rounds@example.org', tickets: [{ ticketId: ticket.id, quantity: 2 }] },
    });
    const held = init.body.payload!.registration;

    const save = await roundTrips(() =>
      callEndpoint(t, endpoints.registration.save, {
        body: {
          registrationId: held.registrationId,
          qrUuid: held.qrUuid,
          answers: {},
          attendees: held.attendees.map((slot, i) => ({
            attendeeId: slot.attendeeId,
            firstName: `Ann${i}`,
            lastName: 'Round',
            email: `ann${i}@example.org`,
            answers: {},
          })),
        },
      }),
    );
    expect(save.response.status).toBe(200);
    expect(save.sent).toHaveLength(1);

    const priced = await roundTrips(() =>
      callEndpoint(t, endpoints.order.createOrder, {
        body: { registrationId: held.registrationId, qrUuid: held.qrUuid },
      }),
    );
    expect(priced.response.status).toBe(200);
    expect(priced.sent).toHaveLength(1);
    const order = (priced.response.body.payload as { order: TOrder }).order;

    // The simulated provider's intent is made in the statement that attaches it (docs/decisions/0059-one-statement-a-call.md).
    const started = await roundTrips(() =>
      callEndpoint(t, endpoints.stripe.createPaymentIntent, { body: { orderId: order.id } }),
    );
    expect(started.response.status).toBe(200);
    expect(started.sent).toHaveLength(1);
    const intent = started.response.body.payload as TPaymentIntent;
    // Kept under the key `order:<id>:<amount>` the general path asks with: a second press finds the same intent.
    const again = await callEndpoint(t, endpoints.stripe.createPaymentIntent, { body: { orderId: order.id } });
    expect((again.body.payload as TPaymentIntent).paymentIntentId).toBe(intent.paymentIntentId);

    // Found by its intent and paid with the test card in one statement, the lock with the BEGIN, one
    // read, the ticket mail's insert, and the writes with the COMMIT.
    const confirmed = await roundTrips(() =>
      callEndpoint(t, endpoints.stripe.confirmPayment, {
        body: { paymentIntentId: intent.paymentIntentId, testCard: '4242 4242 4242 4242' },
      }),
    );
    expect(confirmed.response.status).toBe(200);
    expect(confirmed.sent).toHaveLength(5);
    const purchase = confirmed.response.body.payload as { registration: TRegistration; order: TOrder };
    expect(purchase.order).toMatchObject({ paymentStatus: 'paid', amount: order.amount });
    expect(purchase.registration.status).toBe('confirmed');
    expect(purchase.registration.attendees.map((a) => a.firstName)).toEqual(['Ann0', 'Ann1']);
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, type TOrder, type TRegistration } from '@clubtix/contract';
import { mailOutbox } from '../../db/schema';
import { lapseHold } from '../../../test/buying';
import { addTicket, publishEvent } from '../../../test/catalogue';
import { createAdminApp, type TestApp } from '../../../test/helpers';
import { callEndpoint } from '../../../test/call-endpoint';

type Init = { registration: TRegistration; order: TOrder };
type Purchase = { registration: TRegistration; order: TOrder };

describe('buying and paying (docs/product.md section 15)', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    ({ t, token } = await createAdminApp());
  });
  afterAll(async () => t.close());

  async function hold(eventId: string, ticketId: string, quantity: number) {
    const response = await callEndpoint(t, endpoints.registration.initRegistration, {
      body: { eventId, email: 'Buyer@Example.org', tickets: [{ ticketId, quantity }] },
    });
    expect(response.status).toBe(200);
    return response.body.payload as Init;
  }

  async function fillIn(init: Init, answers: Record<string, string | string[]> = {}) {
    return callEndpoint(t, endpoints.registration.save, {
      body: {
        registrationId: init.registration.registrationId,
        qrUuid: init.registration.qrUuid,
        attendees: init.registration.attendees.map((a, i) => ({
          attendeeId: a.attendeeId,
          firstName: `Ann${i}`,
          lastName: 'Walker',
          email: `ann${i}@example.org`,
          answers,
        })),
        answers: {},
      },
    });
  }

  async function startPaying(init: Init, extras: { extrasId: string; quantity: number }[] = []) {
    const order = await callEndpoint(t, endpoints.order.createOrder, {
      body: { registrationId: init.registration.registrationId, qrUuid: init.registration.qrUuid, extras },
    });
    expect(order.status).toBe(200);
    const intent = await callEndpoint(t, endpoints.stripe.createPaymentIntent, {
      body: { orderId: order.body.payload!.order.id },
    });
    expect(intent.status).toBe(200);
    return { order: order.body.payload!.order, intent: intent.body.payload! };
  }

  const pay = (paymentIntentId: string, testCard: string) =>
    callEndpoint(t, endpoints.stripe.confirmPayment, { body: { paymentIntentId, testCard } });

  const mailsTo = async (to: string) => t.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));

  it('holds, prices, declines, pays once and mails the tickets once', async () => {
    const event = await publishEvent(t, token);
    const ticket = await addTicket(t, token, event.id, { price: 1500, quantity: 3 });
    const extra = await callEndpoint(t, endpoints.extras.saveExtras, {
      token,
      body: { eventId: event.id, name: 'Lunch', price: 700 },
    });
    const question = await callEndpoint(t, endpoints.form.save, {
      token,
      body: {
        eventId: event.id,
        questions: [{ type: 4, label: 'Shirt size', required: true, options: ['S', 'M', 'L'] }],
      },
    });
    const questionId = (question.body.payload as { id: string }[])[0]!.id;

    const init = await hold(event.id, ticket.id, 2);
    expect(init.registration).toMatchObject({ status: 'pending', email: 'buyer@example.org' });
    expect(init.registration.attendees).toHaveLength(2);
    expect(init.order).toMatchObject({ amount: 3000, currency: 'gbp', paymentStatus: 'pending' });

    const missing = await fillIn(init);
    expect(missing.status).toBe(400);
    expect(missing.body.msg).toBe('Shirt size is required');
    const wrong = await fillIn(init, { [questionId]: 'XXL' });
    expect(wrong.status).toBe(400);
    expect((await fillIn(init, { [questionId]: 'M' })).status).toBe(200);

    const { order, intent } = await startPaying(init, [{ extrasId: extra.body.payload!.id, quantity: 2 }]);
    expect(order.amount).toBe(3000 + 1400);
    expect(intent).toMatchObject({ provider: 'simulated', amount: 4400, currency: 'gbp' });

    const declined = await pay(intent.paymentIntentId, '4000 0000 0000 0002');
    expect(declined.status).toBe(402);
    expect(declined.body).toMatchObject({ code: 'PAYMENT_FAILED', msg: 'Your card was declined.' });

    const paid = await pay(intent.paymentIntentId, '4242 4242 4242 4242');
    expect(paid.status).toBe(200);
    const purchase = paid.body.payload as Purchase;
    expect(purchase.order.paymentStatus).toBe('paid');
    expect(purchase.registration.status).toBe('confirmed');

    const twice = await pay(intent.paymentIntentId, '4242 4242 4242 4242');
    expect(twice.status).toBe(200);
    expect(await mailsTo('buyer@example.org')).toHaveLength(1);

    const list = await callEndpoint(t, endpoints.ticket.getTicketsByEventId, { query: { eventId: event.id } });
    expect(list.body.payload![0]).toMatchObject({ sold: 2, available: 1 });
    const fromPayment = await callEndpoint(t, endpoints.stripe.getRegistrationFromPayment, {
      query: { paymentIntentId: intent.paymentIntentId },
    });
    expect(fromPayment.body.payload).toMatchObject({
      registrationId: init.registration.registrationId,
      status: 'confirmed',
    });
  });

  it('refuses the buyer calls without the qrUuid secret', async () => {
    const event = await publishEvent(t, token);
    const ticket = await addTicket(t, token, event.id);
    const init = await hold(event.id, ticket.id, 1);
    const response = await callEndpoint(t, endpoints.registration.getRegistration, {
      query: { registrationId: init.registration.registrationId, qrUuid: 'guess' },
    });
    expect(response.status).toBe(404);
  });

  it('honours a payment that lands after its hold lapsed while seats remain', async () => {
    const event = await publishEvent(t, token);
    const ticket = await addTicket(t, token, event.id, { quantity: 5 });
    const init = await hold(event.id, ticket.id, 1);
    const { intent } = await startPaying(init);
    await lapseHold(t, init.registration.registrationId);
    const paid = await pay(intent.paymentIntentId, '4242424242424242');
    expect(paid.status).toBe(200);
    expect((paid.body.payload as Purchase).registration.status).toBe('confirmed');
    expect((paid.body.payload as Purchase).order.paymentStatus).toBe('paid');
  });

  it('flags a late payment for refund when its seats were sold meanwhile', async () => {
    const event = await publishEvent(t, token);
    const ticket = await addTicket(t, token, event.id, { quantity: 1 });
    const late = await hold(event.id, ticket.id, 1);
    const { intent } = await startPaying(late);
    await lapseHold(t, late.registration.registrationId);
    await hold(event.id, ticket.id, 1);
    const paid = await pay(intent.paymentIntentId, '4242424242424242');
    expect(paid.status).toBe(200);
    expect((paid.body.payload as Purchase).order.paymentStatus).toBe('refund_required');
    expect((paid.body.payload as Purchase).registration.status).toBe('expired');
    const orders = await callEndpoint(t, endpoints.order.getOrdersByEventId, { token, query: { eventId: event.id } });
    expect(orders.body.payload!.map((o) => o.paymentStatus).sort()).toEqual(['pending', 'refund_required']);
  });

  it('confirms a free order without a payment', async () => {
    const event = await publishEvent(t, token);
    const ticket = await addTicket(t, token, event.id, { price: 0 });
    const init = await hold(event.id, ticket.id, 1);
    const order = await callEndpoint(t, endpoints.order.createOrder, {
      body: { registrationId: init.registration.registrationId, qrUuid: init.registration.qrUuid },
    });
    expect(order.body.payload!.order).toMatchObject({ amount: 0, paymentStatus: 'paid' });
    const registration = await callEndpoint(t, endpoints.registration.getRegistration, {
      query: { registrationId: init.registration.registrationId, qrUuid: init.registration.qrUuid },
    });
    expect(registration.body.payload).toMatchObject({ status: 'confirmed' });
  });

  it('enforces per-order limits and refuses drafts', async () => {
    const event = await publishEvent(t, token, { maxTicketsPerOrder: 3 });
    const ticket = await addTicket(t, token, event.id, { maxPerOrder: 2 });
    const tooMany = await callEndpoint(t, endpoints.registration.initRegistration, {
      body: { eventId: event.id, email: 'a@example.org', tickets: [{ ticketId: ticket.id, quantity: 3 }] },
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.msg).toBe('Adult: at most 2 per order');
    const other = await addTicket(t, token, event.id, { name: 'Child', maxPerOrder: 2 });
    const overEvent = await callEndpoint(t, endpoints.registration.initRegistration, {
      body: {
        eventId: event.id,
        email: 'a@example.org',
        tickets: [
          { ticketId: ticket.id, quantity: 2 },
          { ticketId: other.id, quantity: 2 },
        ],
      },
    });
    expect(overEvent.status).toBe(400);
    expect(overEvent.body.msg).toBe('At most 3 tickets per order');
    const draft = await publishEvent(t, token, { status: 'draft' });
    const draftTicket = await addTicket(t, token, draft.id);
    const refused = await callEndpoint(t, endpoints.registration.initRegistration, {
      body: { eventId: draft.id, email: 'a@example.org', tickets: [{ ticketId: draftTicket.id, quantity: 1 }] },
    });
    expect(refused.status).toBe(404);
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, type TOrder, type TRegistration, type BodyOf } from '@clubtix/contract';
import { mailOutbox } from '../../../db/schema';
import { holdTickets, lapseHold } from '../../../../test/buying';
import { addTicket, createExtras, createPackage, publishEvent } from '../../../../test/catalogue';
import { createAdminApp, expectError, type TestApp } from '../../../../test/helpers';
import { callEndpoint, expectPayload } from '../../../../test/call-endpoint';

type Purchase = { registration: TRegistration; order: TOrder };

const GOOD_CARD = '4242424242424242';

/** What POST /stripe/confirm-payment answers, and says, for each thing a payment can end as. */
describe('what a confirmed payment became', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    ({ t, token } = await createAdminApp());
  });
  afterAll(async () => t.close());

  const pay = (paymentIntentId: string) =>
    callEndpoint(t, endpoints.stripe.confirmPayment, { body: { paymentIntentId, testCard: GOOD_CARD } });
  const startPaying = (body: Record<string, string>) => callEndpoint(t, endpoints.stripe.createPaymentIntent, { body });

  /** A buyer's registration, filled in and priced, with a payment intent made for it. */
  async function readyToPay(ticketQuantity: number, email: string) {
    const event = await publishEvent(t, token);
    const ticket = await addTicket(t, token, event.id, { price: 1500, quantity: ticketQuantity });
    const held = await holdTickets(t, event.id, ticket.id, email, [{ firstName: 'Pat', lastName: 'Payer', email }]);
    const { order } = expectPayload(
      await callEndpoint(t, endpoints.order.createOrder, {
        body: { registrationId: held.registrationId, qrUuid: held.qrUuid },
      }),
    );
    const intent = expectPayload(await startPaying({ orderId: order.id }));
    return { event, ticket, held, order, intent };
  }

  it('says the tickets are on their way when they are', async () => {
    const { intent } = await readyToPay(5, 'glad@example.org');
    const paid = await pay(intent.paymentIntentId);
    expect(paid.status).toBe(200);
    expect(paid.body.msg).toBe('Payment received: your tickets are on their way');
    expect((paid.body.payload as Purchase).registration.status).toBe('confirmed');
  });

  it('flags for refund, and keeps cancelled, a registration the admin cancelled before its payment landed', async () => {
    const { event, ticket, held, order, intent } = await readyToPay(5, 'cancelled@example.org');
    const cancelled = await callEndpoint(t, endpoints.registration.updateStatus, {
      token,
      body: { registrationId: held.registrationId, status: 'cancelled' },
    });
    expect(cancelled.status).toBe(200);

    // No new payment can be started for it...
    expectError(await startPaying({ orderId: order.id }), 409, 'CONFLICT', 'This registration was cancelled');

    // ...but one already under way lands: the money is flagged for the admin, the tickets are not brought back.
    const paid = await pay(intent.paymentIntentId);
    expect(paid.status).toBe(200);
    expect(paid.body.msg).toBe(
      'Payment received, but the organiser had cancelled this registration: they will refund you',
    );
    const purchase = paid.body.payload as Purchase;
    expect(purchase.order.paymentStatus).toBe('refund_required');
    expect(purchase.registration.status).toBe('cancelled');

    // Again (the buyer reloads): the same, and still no ticket mail.
    const again = await pay(intent.paymentIntentId);
    expect((again.body.payload as Purchase).order.paymentStatus).toBe('refund_required');
    expect(await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'cancelled@example.org'))).toHaveLength(0);

    const counts = expectPayload(
      await callEndpoint(t, endpoints.order.getOrderCountsByEventId, { token, query: { eventId: event.id } }),
    );
    expect(counts).toEqual({ total: 1, paid: 0, refunded: 0, refundRequired: 1 });
    const registration = await callEndpoint(t, endpoints.registration.getRegistrationById, {
      token,
      query: { registrationId: held.registrationId },
    });
    expect(registration.body.payload).toMatchObject({ status: 'cancelled' });
    const tickets = expectPayload(
      await callEndpoint(t, endpoints.ticket.getTicketsByEventId, { query: { eventId: event.id } }),
    );
    expect(tickets.find((row) => row.id === ticket.id)).toMatchObject({ sold: 0, available: 5 });
  });

  it('says the organiser will refund a payment whose tickets sold out after its hold lapsed', async () => {
    const { event, ticket, held, intent } = await readyToPay(1, 'late@example.org');
    await lapseHold(t, held.registrationId);
    await holdTickets(t, event.id, ticket.id, 'quicker@example.org', [
      { firstName: 'Quinn', lastName: 'Quick', email: 'quicker@example.org' },
    ]);
    const paid = await pay(intent.paymentIntentId);
    expect(paid.status).toBe(200);
    expect(paid.body.msg).toBe(
      'Payment received, but the tickets sold out after your hold lapsed: the organiser will refund you',
    );
    expect((paid.body.payload as Purchase).order.paymentStatus).toBe('refund_required');
  });

  it('thanks a donor and a sponsor, and says extras bought alone are paid', async () => {
    const event = await publishEvent(t, token, { donationsEnabled: true, sponsorshipsEnabled: true });
    const give = async (body: BodyOf<typeof endpoints.sponsorship.create>) => {
      const created = expectPayload(await callEndpoint(t, endpoints.sponsorship.create, { body })).sponsorship;
      const intent = expectPayload(
        await callEndpoint(t, endpoints.sponsorship.createSponsorshipPaymentIntent, {
          body: { sponsorshipId: created.id },
        }),
      );
      return pay(intent.paymentIntentId);
    };

    const donated = await give({ eventId: event.id, amount: 2500, name: 'Dora Donor', email: 'dora@example.org' });
    expect(donated.status).toBe(200);
    expect(donated.body.msg).toBe('Thank you for your donation');
    expect(donated.body.payload).toMatchObject({ refundRequired: false });

    const gold = await createPackage(t, token, event.id, { name: 'Gold', amount: 50_000 });
    const sponsored = await give({
      eventId: event.id,
      packageId: gold.id,
      amount: 50_000,
      name: 'Acme Ltd',
      email: 'acme@example.org',
    });
    expect(sponsored.status).toBe(200);
    expect(sponsored.body.msg).toBe('Thank you for your sponsorship');

    const programme = await createExtras(t, token, event.id, { name: 'Programme', price: 300 });
    const bought = expectPayload(
      await callEndpoint(t, endpoints.extrasPurchase.purchaseExtras, {
        body: { eventId: event.id, extrasId: programme.id, quantity: 1, email: 'fan@example.org' },
      }),
    );
    const intent = expectPayload(await startPaying({ extrasPurchaseId: bought.id }));
    const paid = await pay(intent.paymentIntentId);
    expect(paid.status).toBe(200);
    expect(paid.body.msg).toBe('Payment received: your extras are paid');
    expect(paid.body.payload).toEqual({ extrasPurchaseId: bought.id, refundRequired: false });
  });
});

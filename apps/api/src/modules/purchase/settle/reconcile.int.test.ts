import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, type TEvent } from '@clubtix/contract';
import { extrasPurchases, mailOutbox, orders, sponsorships } from '../../../db/schema';
import { holdTickets, lapseHold } from '../../../../test/buying';
import { addTicket, createExtras, publishEvent } from '../../../../test/catalogue';
import { createClubWithAdmin, createSiblingApp, createTestApp, type TestApp } from '../../../../test/helpers';
import { SECRET_KEY } from '../../../../test/stripe-fixture';
import { startStripeStandIn, type StripeStandIn } from '../../../../test/stripe-stand-in';
import { simulatedProvider } from '../pay/simulated-provider';
import { callEndpoint, expectPayload } from '../../../../test/call-endpoint';

const GOOD_CARD = '4242424242424242';
const DECLINED_CARD = '4000000000000002';
/** The reconciliation looks every 100 ms here (the product: every minute). */
const RECONCILE_MS = 100;
const POLL = { timeout: 30_000, interval: 50 };

/**
 * A payment that succeeded at the provider but that nobody confirmed (the buyer's tab closed, the
 * server died during confirm-payment, no webhook) is settled by the reconciliation on its own
 * (modules/purchase/settle/reconcile.ts), once, as confirm-payment would have settled it.
 */
function useShop(t: () => TestApp) {
  let token: string;
  beforeAll(async () => {
    token = (await createClubWithAdmin(t())).admin.token;
  });

  /** A buyer holding tickets of a fresh event, order priced, payment started; nothing paid yet. */
  async function readyToPay(email: string, { quantity = 5 } = {}) {
    const event = await publishEvent(t(), token);
    const ticket = await addTicket(t(), token, event.id, { price: 1500, quantity });
    const held = await holdTickets(t(), event.id, ticket.id, email, [{ firstName: 'Pat', lastName: 'Payer', email }]);
    const { order } = expectPayload(
      await callEndpoint(t(), endpoints.order.createOrder, {
        body: { registrationId: held.registrationId, qrUuid: held.qrUuid },
      }),
    );
    const intent = expectPayload(
      await callEndpoint(t(), endpoints.stripe.createPaymentIntent, { body: { orderId: order.id } }),
    );
    return { event, ticket, held, order, intent };
  }

  /** Past the grace period the reconciliation leaves to the buyer's own confirm-payment (2 minutes). */
  const backdate = async (
    table: typeof orders | typeof sponsorships | typeof extrasPurchases,
    id: string,
    minutes = 3,
  ) =>
    t()
      .db.update(table)
      .set({ createdAt: sql`now() - ${minutes} * interval '1 minute'` })
      .where(eq(table.id, id));

  const orderOf = async (orderId: string) =>
    expectPayload(await callEndpoint(t(), endpoints.order.getOrderById, { token, query: { orderId } }));
  const registrationOf = async (registrationId: string) =>
    expectPayload(
      await callEndpoint(t(), endpoints.registration.getRegistrationById, { token, query: { registrationId } }),
    );
  const ticketOf = async (event: TEvent, ticketId: string) =>
    expectPayload(await callEndpoint(t(), endpoints.ticket.getTicketsByEventId, { query: { eventId: event.id } })).find(
      (row) => row.id === ticketId,
    )!;
  const orderCounts = async (event: TEvent) =>
    expectPayload(
      await callEndpoint(t(), endpoints.order.getOrderCountsByEventId, { token, query: { eventId: event.id } }),
    );
  const mailsTo = async (to: string) => t().db.select().from(mailOutbox).where(eq(mailOutbox.to, to));

  return {
    get token() {
      return token;
    },
    readyToPay,
    backdate,
    orderOf,
    registrationOf,
    ticketOf,
    orderCounts,
    mailsTo,
  };
}

describe('payments nobody confirmed, with the simulated provider', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, { paymentReconcileMs: RECONCILE_MS });
  });
  afterAll(async () => t.close());
  const shop = useShop(() => t);
  const { readyToPay, backdate, orderOf, registrationOf, ticketOf, orderCounts, mailsTo } = shop;
  /** The provider's side, on the same database: the card was charged, and nobody called confirm-payment. */
  const charge = (paymentIntentId: string, card = GOOD_CARD) =>
    simulatedProvider(t.db).payWithTestCard!(paymentIntentId, card);
  const confirm = (paymentIntentId: string) =>
    callEndpoint(t, endpoints.stripe.confirmPayment, { body: { paymentIntentId, testCard: GOOD_CARD } });

  it('confirms the tickets of a charged order on its own, once, and a late confirm-payment changes nothing', async () => {
    const { event, ticket, held, order, intent } = await readyToPay('closed-tab@example.org');
    expect((await charge(intent.paymentIntentId))?.status).toBe('succeeded');
    await backdate(orders, order.id);

    await expect.poll(async () => (await orderOf(order.id)).paymentStatus, POLL).toBe('paid');
    expect((await registrationOf(held.registrationId)).status).toBe('confirmed');
    expect(await ticketOf(event, ticket.id)).toMatchObject({ sold: 1 });
    expect(await mailsTo('closed-tab@example.org')).toHaveLength(1);

    // The buyer's page comes back after all: the same answer as if it had settled it, nothing new.
    const late = await confirm(intent.paymentIntentId);
    expect(late.status).toBe(200);
    expect(late.body.payload).toMatchObject({
      registration: { status: 'confirmed' },
      order: { paymentStatus: 'paid' },
    });
    expect(await ticketOf(event, ticket.id)).toMatchObject({ sold: 1 });
    expect(await mailsTo('closed-tab@example.org')).toHaveLength(1);
  });

  it('settles once when two processes reconcile the same payment', async () => {
    const sibling = await createSiblingApp(t, {}, { paymentReconcileMs: RECONCILE_MS });
    try {
      const { event, ticket, order, intent } = await readyToPay('two-processes@example.org');
      await charge(intent.paymentIntentId);
      await backdate(orders, order.id);
      await expect.poll(async () => (await orderOf(order.id)).paymentStatus, POLL).toBe('paid');
      expect(await ticketOf(event, ticket.id)).toMatchObject({ sold: 1 });
      expect(await mailsTo('two-processes@example.org')).toHaveLength(1);
    } finally {
      await sibling.close();
    }
  });

  it('flags for refund a charged order whose seats went to someone else after its hold lapsed', async () => {
    const { event, ticket, held, order, intent } = await readyToPay('too-late@example.org', { quantity: 1 });
    await lapseHold(t, held.registrationId);
    await holdTickets(t, event.id, ticket.id, 'quicker@example.org', [
      { firstName: 'Quinn', lastName: 'Quick', email: 'quicker@example.org' },
    ]);
    await charge(intent.paymentIntentId);
    await backdate(orders, order.id);

    await expect.poll(async () => (await orderOf(order.id)).paymentStatus, POLL).toBe('refund_required');
    expect(await orderCounts(event)).toMatchObject({ paid: 0, refundRequired: 1 });
    expect((await registrationOf(held.registrationId)).status).toBe('expired');
    expect(await mailsTo('too-late@example.org')).toHaveLength(0);
  });

  it('settles extras bought alone and a donation that nobody confirmed', async () => {
    const event = await publishEvent(t, shop.token, { donationsEnabled: true });
    const programme = await createExtras(t, shop.token, event.id, { name: 'Programme', price: 300 });
    const bought = expectPayload(
      await callEndpoint(t, endpoints.extrasPurchase.purchaseExtras, {
        body: { eventId: event.id, extrasId: programme.id, quantity: 1, email: 'fan@example.org' },
      }),
    );
    const forExtras = expectPayload(
      await callEndpoint(t, endpoints.stripe.createPaymentIntent, { body: { extrasPurchaseId: bought.id } }),
    );
    const { sponsorship } = expectPayload(
      await callEndpoint(t, endpoints.sponsorship.create, {
        body: { eventId: event.id, amount: 2500, name: 'Dora Donor', email: 'dora@example.org' },
      }),
    );
    const forDonation = expectPayload(
      await callEndpoint(t, endpoints.sponsorship.createSponsorshipPaymentIntent, {
        body: { sponsorshipId: sponsorship.id },
      }),
    );
    await charge(forExtras.paymentIntentId);
    await charge(forDonation.paymentIntentId);
    await backdate(extrasPurchases, bought.id);
    await backdate(sponsorships, sponsorship.id);

    const donation = async () =>
      expectPayload(
        await callEndpoint(t, endpoints.sponsorship.getSponsorshipById, {
          token: shop.token,
          query: { sponsorshipId: sponsorship.id },
        }),
      );
    await expect.poll(async () => (await donation()).paymentStatus, POLL).toBe('paid');
    const paidExtras = async () =>
      expectPayload(
        await callEndpoint(t, endpoints.extras.getExtrasPurchasesByEventId, {
          token: shop.token,
          query: { eventId: event.id },
        }),
      ).purchases.map((row) => row.id);
    await expect.poll(paidExtras, POLL).toEqual([bought.id]);
    expect(await mailsTo('fan@example.org')).toHaveLength(1);
  });

  it('leaves pending a payment that did not go through, and a fresh one to the buyer', async () => {
    const declined = await readyToPay('declined@example.org');
    expect((await charge(declined.intent.paymentIntentId, DECLINED_CARD))?.status).toBe('requires_payment_method');
    await backdate(orders, declined.order.id, 5);
    const fresh = await readyToPay('still-on-the-page@example.org');
    await charge(fresh.intent.paymentIntentId);
    // Oldest first: once this one is settled, the declined one was looked at too.
    const paid = await readyToPay('paid-later@example.org');
    await charge(paid.intent.paymentIntentId);
    await backdate(orders, paid.order.id, 4);

    await expect.poll(async () => (await orderOf(paid.order.id)).paymentStatus, POLL).toBe('paid');
    expect((await orderOf(declined.order.id)).paymentStatus).toBe('pending');
    expect((await registrationOf(declined.held.registrationId)).status).toBe('pending');
    expect(await mailsTo('declined@example.org')).toHaveLength(0);
    expect((await orderOf(fresh.order.id)).paymentStatus).toBe('pending');
    expect(await mailsTo('still-on-the-page@example.org')).toHaveLength(0);
  });
});

describe('payments nobody confirmed, with Stripe and no webhook secret', () => {
  let stripe: StripeStandIn;
  let t: TestApp;
  beforeAll(async () => {
    stripe = await startStripeStandIn(SECRET_KEY);
    t = await createTestApp(
      { PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: SECRET_KEY, STRIPE_API_BASE: stripe.url },
      { paymentReconcileMs: RECONCILE_MS },
    );
  });
  afterAll(async () => {
    await t.close();
    await stripe.close();
  });
  const { readyToPay, backdate, orderOf, registrationOf, ticketOf, mailsTo } = useShop(() => t);

  it('confirms the tickets of an order Stripe charged after the 3-D Secure page never came back', async () => {
    const { event, ticket, held, order, intent } = await readyToPay('no-return@example.org');
    stripe.update(intent.paymentIntentId, { status: 'succeeded' });
    await backdate(orders, order.id);

    await expect.poll(async () => (await orderOf(order.id)).paymentStatus, POLL).toBe('paid');
    expect((await registrationOf(held.registrationId)).status).toBe('confirmed');
    expect(await ticketOf(event, ticket.id)).toMatchObject({ sold: 1 });
    expect(await mailsTo('no-return@example.org')).toHaveLength(1);

    const late = await callEndpoint(t, endpoints.stripe.confirmPayment, {
      body: { paymentIntentId: intent.paymentIntentId },
    });
    expect(late.status).toBe(200);
    expect(late.body.payload).toMatchObject({ order: { paymentStatus: 'paid' } });
    expect(await mailsTo('no-return@example.org')).toHaveLength(1);
  });

  it('leaves an intent Stripe has not charged, and one Stripe cancelled', async () => {
    const waiting = await readyToPay('waiting@example.org');
    const cancelled = await readyToPay('cancelled@example.org');
    stripe.update(cancelled.intent.paymentIntentId, { status: 'canceled' });
    await backdate(orders, waiting.order.id, 6);
    await backdate(orders, cancelled.order.id, 5);
    const paid = await readyToPay('paid@example.org');
    stripe.update(paid.intent.paymentIntentId, { status: 'succeeded' });
    await backdate(orders, paid.order.id, 4);

    await expect.poll(async () => (await orderOf(paid.order.id)).paymentStatus, POLL).toBe('paid');
    expect((await orderOf(waiting.order.id)).paymentStatus).toBe('pending');
    expect((await orderOf(cancelled.order.id)).paymentStatus).toBe('pending');
  });
});

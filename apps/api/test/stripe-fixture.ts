import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, expect } from 'vitest';
import { endpoints, type TOrder, type TRegistration } from '@clubtix/contract';
import { mailOutbox, orders } from '../src/db/schema';
import { addTicket, createExtras, publishEvent } from './catalogue';
import { call, createClubWithAdmin, createTestApp, type TestApp } from './helpers';
import { startStripeStandIn, type StandInIntent, type StripeStandIn } from './stripe-stand-in';
import { callEndpoint, expectPayload } from './call-endpoint';

/**
 * The set-up shared by the Stripe tests (modules/purchase/pay/stripe*.int.test.ts): an app configured
 * for Stripe against the local stand-in for its API (docs/product.md section 15), and the buyer's and
 * Stripe's side of a payment.
 */

export const SECRET_KEY = 'sk_test_clubtix_stand_in';
export const PUBLISHABLE_KEY = 'pk_test_clubtix_stand_in';
export const WEBHOOK_SECRET = 'whsec_clubtix_stand_in';

/** What a confirmed payment answers. */
export interface Purchase {
  registration: TRegistration;
  order: TOrder;
}

/**
 * Starts the stand-in and an app that pays through it (webhook secret set) for the enclosing
 * describe, with a club admin. `t`, `stripe` and `token` exist once beforeAll has run: read them
 * inside the tests; the helpers may be destructured at once.
 */
export function useStripeApp() {
  let stripe: StripeStandIn;
  let t: TestApp;
  let token: string;
  let buyers = 0;

  beforeAll(async () => {
    stripe = await startStripeStandIn(SECRET_KEY);
    t = await createTestApp({
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: SECRET_KEY,
      STRIPE_PUBLISHABLE_KEY: PUBLISHABLE_KEY,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_BASE: stripe.url,
    });
    token = (await createClubWithAdmin(t)).admin.token;
  });
  afterAll(async () => {
    await t.close();
    await stripe.close();
  });

  /** Each buyer has an e-mail of their own, so that the mails each was sent can be counted. */
  const nextBuyer = () => `buyer${(buyers += 1)}@example.org`;

  /** One buyer holding one ticket of a fresh event, order priced. */
  async function buy(price = 1500) {
    const event = await publishEvent(t, token);
    const ticket = await addTicket(t, token, event.id, { price, quantity: 5 });
    const email = nextBuyer();
    const init = await callEndpoint(t, endpoints.registration.initRegistration, {
      body: { eventId: event.id, email, tickets: [{ ticketId: ticket.id, quantity: 1 }] },
    });
    expect(init.status).toBe(200);
    const { registration } = init.body.payload!;
    const priced = await callEndpoint(t, endpoints.order.createOrder, {
      body: { registrationId: registration.registrationId, qrUuid: registration.qrUuid },
    });
    expect(priced.status).toBe(200);
    return { email, order: priced.body.payload!.order };
  }

  /** A buyer holding one 15.00 ticket of a fresh event that sells a 7.00 lunch, priced with or without it. */
  async function buyWithLunch() {
    const event = await publishEvent(t, token);
    const ticket = await addTicket(t, token, event.id, { price: 1500, quantity: 5 });
    const lunch = await createExtras(t, token, event.id, { name: 'Lunch', price: 700 });
    const email = nextBuyer();
    const { registration } = expectPayload(
      await callEndpoint(t, endpoints.registration.initRegistration, {
        body: { eventId: event.id, email, tickets: [{ ticketId: ticket.id, quantity: 1 }] },
      }),
    );
    const createOrder = (withLunch: boolean) =>
      callEndpoint(t, endpoints.order.createOrder, {
        body: {
          registrationId: registration.registrationId,
          qrUuid: registration.qrUuid,
          extras: withLunch ? [{ extrasId: lunch.id, quantity: 1 }] : [],
        },
      });
    const price = async (withLunch: boolean) => expectPayload(await createOrder(withLunch)).order;
    return { email, price, createOrder };
  }

  async function startPaying(orderId: string) {
    const response = await callEndpoint(t, endpoints.stripe.createPaymentIntent, { body: { orderId } });
    expect(response.status, response.body.msg).toBe(200);
    return response.body.payload!;
  }

  const confirm = (paymentIntentId: string) =>
    callEndpoint(t, endpoints.stripe.confirmPayment, { body: { paymentIntentId } });

  /** A Stripe event as Stripe sends it (pretty-printed JSON), signed with the SDK's own test helper. */
  function stripeEvent(type: string, object: unknown, secret = WEBHOOK_SECRET) {
    const event = {
      id: `evt_${randomBytes(8).toString('hex')}`,
      object: 'event',
      api_version: Stripe.API_VERSION,
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
      data: { object },
    };
    const payload = JSON.stringify(event, null, 2);
    return { payload, signature: Stripe.webhooks.generateTestHeaderString({ payload, secret }) };
  }

  const webhook = ({ payload, signature }: { payload: string; signature: string }) =>
    call(t, 'POST', '/stripe/webhook', {
      body: payload,
      headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
    });

  const succeeded = (intent: StandInIntent) => stripeEvent('payment_intent.succeeded', intent);
  const orderRow = async (id: string) => (await t.db.select().from(orders).where(eq(orders.id, id)))[0]!;
  const mailsTo = async (to: string) => t.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));

  return {
    get t() {
      return t;
    },
    get stripe() {
      return stripe;
    },
    get token() {
      return token;
    },
    buy,
    buyWithLunch,
    startPaying,
    confirm,
    stripeEvent,
    webhook,
    succeeded,
    orderRow,
    mailsTo,
  };
}

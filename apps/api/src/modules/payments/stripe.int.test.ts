import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TOrder, TPaymentIntent, TRegistration } from '@clubtix/contract';
import { mailOutbox, orders } from '../../db/schema';
import { addTicket, createExtras, payloadOf, publishEvent } from '../../../test/catalogue';
import {
  call,
  createClubWithAdmin,
  createSiblingApp,
  createTestApp,
  expectError,
  type TestApp,
} from '../../../test/helpers';
import { startStripeStandIn, type StandInIntent, type StripeStandIn } from '../../../test/stripe-stand-in';
import { CANCELLED_PAYMENT_MESSAGE } from './provider';

const SECRET_KEY = 'sk_test_clubtix_stand_in';
const PUBLISHABLE_KEY = 'pk_test_clubtix_stand_in';
const WEBHOOK_SECRET = 'whsec_clubtix_stand_in';

type Init = { registration: TRegistration; order: TOrder };
type Purchase = { registration: TRegistration; order: TOrder };

describe('paying with Stripe, through a local stand-in for its API (DECISIONS.md section 6)', () => {
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

  /** One buyer (own e-mail, so mails can be counted) holding one ticket of a fresh event, order priced. */
  async function buy(price = 1500) {
    const event = await publishEvent(t, token);
    const ticket = await addTicket(t, token, event.id, { price, quantity: 5 });
    const email = `buyer${(buyers += 1)}@example.org`;
    const init = await call(t, 'POST', '/registration/initRegistration', {
      body: { eventId: event.id, email, tickets: [{ ticketId: ticket.id, quantity: 1 }] },
    });
    expect(init.status).toBe(200);
    const { registration } = init.body.payload as Init;
    const priced = await call(t, 'POST', '/order/createOrder', {
      body: { registrationId: registration.registrationId, qrUuid: registration.qrUuid },
    });
    expect(priced.status).toBe(200);
    return { email, order: (priced.body.payload as { order: TOrder }).order };
  }

  async function startPaying(orderId: string) {
    const response = await call(t, 'POST', '/stripe/create-payment-intent', { body: { orderId } });
    expect(response.status, response.body.msg).toBe(200);
    return response.body.payload as TPaymentIntent;
  }

  const confirm = (paymentIntentId: string) =>
    call(t, 'POST', '/stripe/confirm-payment', { body: { paymentIntentId } });

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

  it('creates one PaymentIntent per order, with an idempotency key, and hands the browser what Elements needs', async () => {
    const { order } = await buy(2500);
    const before = stripe.created();
    const intent = await startPaying(order.id);
    const stored = stripe.intents.get(intent.paymentIntentId)!;
    expect(intent).toEqual({
      provider: 'stripe',
      clientSecret: stored.client_secret,
      paymentIntentId: stored.id,
      publishableKey: PUBLISHABLE_KEY,
      amount: 2500,
      currency: 'gbp',
    });
    expect(stored).toMatchObject({
      amount: 2500,
      currency: 'gbp',
      metadata: { orderId: order.id },
      automatic_payment_methods: { enabled: true },
    });

    const again = await startPaying(order.id);
    expect(again.paymentIntentId).toBe(intent.paymentIntentId);
    expect(again.clientSecret).toBe(intent.clientSecret);
    expect(stripe.created() - before).toBe(1);
    expect(stripe.idempotencyKeys.slice(-2)).toEqual([`order:${order.id}:2500`, `order:${order.id}:2500`]);
  });

  it('refuses to confirm before Stripe says succeeded, in Stripe’s own words, then confirms', async () => {
    const { order } = await buy();
    const intent = await startPaying(order.id);
    expectError(await confirm(intent.paymentIntentId), 402, 'PAYMENT_FAILED', 'The payment has not gone through yet');

    stripe.update(intent.paymentIntentId, {
      last_payment_error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' },
    });
    expectError(await confirm(intent.paymentIntentId), 402, 'PAYMENT_FAILED', 'Your card was declined.');
    expect((await orderRow(order.id)).paymentStatus).toBe('pending');

    stripe.update(intent.paymentIntentId, { status: 'succeeded', last_payment_error: null });
    const paid = await confirm(intent.paymentIntentId);
    expect(paid.status).toBe(200);
    const purchase = paid.body.payload as Purchase;
    expect(purchase.order.paymentStatus).toBe('paid');
    expect(purchase.registration.status).toBe('confirmed');
  });

  it('settles once when the browser confirms twice and the webhook arrives too, all at once', async () => {
    const { email, order } = await buy();
    const intent = await startPaying(order.id);
    const paidIntent = stripe.update(intent.paymentIntentId, { status: 'succeeded' });
    const answers = await Promise.all([
      confirm(intent.paymentIntentId),
      confirm(intent.paymentIntentId),
      webhook(succeeded(paidIntent)),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(answers[2].body).toEqual({ received: true });
    const settled = await orderRow(order.id);
    expect(settled).toMatchObject({ paymentStatus: 'paid', provider: 'stripe' });

    // And once more of each, later: nothing changes, no second mail.
    expect((await confirm(intent.paymentIntentId)).status).toBe(200);
    expect((await webhook(succeeded(paidIntent))).status).toBe(200);
    expect(await orderRow(order.id)).toEqual(settled);
    expect(await mailsTo(email)).toHaveLength(1);
  });

  it('settles from the webhook alone when the browser never comes back', async () => {
    const { email, order } = await buy();
    const intent = await startPaying(order.id);
    const response = await webhook(succeeded(stripe.update(intent.paymentIntentId, { status: 'succeeded' })));
    expect(response.status).toBe(200);
    expect((await orderRow(order.id)).paymentStatus).toBe('paid');
    expect(await mailsTo(email)).toHaveLength(1);
    const confirmed = await call(t, 'GET', '/stripe/get-registration-from-payment', {
      query: { paymentIntentId: intent.paymentIntentId },
    });
    expect(confirmed.body.payload).toMatchObject({ status: 'confirmed' });
  });

  it('answers 400 to a webhook whose signature does not match, and changes nothing', async () => {
    const { email, order } = await buy();
    const intent = await startPaying(order.id);
    const paidIntent = stripe.update(intent.paymentIntentId, { status: 'succeeded' });

    const forged = stripeEvent('payment_intent.succeeded', paidIntent, 'whsec_someone_else');
    expectError(await webhook(forged), 400, 'BAD_INPUT', 'The webhook signature does not match');
    const genuine = succeeded(paidIntent);
    const tampered = {
      payload: genuine.payload.replace('"livemode": false', '"livemode": true'),
      signature: genuine.signature,
    };
    expect((await webhook(tampered)).status).toBe(400);
    const unsigned = await call(t, 'POST', '/stripe/webhook', {
      body: genuine.payload,
      headers: { 'content-type': 'application/json' },
    });
    expect(unsigned.status).toBe(400);

    expect((await orderRow(order.id)).paymentStatus).toBe('pending');
    expect(await mailsTo(email)).toHaveLength(0);
  });

  it('does not settle an order from a payment of another amount', async () => {
    const { email, order } = await buy(1500);
    const intent = await startPaying(order.id);
    const paidIntent = stripe.update(intent.paymentIntentId, { status: 'succeeded' });
    const response = await webhook(succeeded({ ...paidIntent, amount: 100 }));
    expect(response.status).toBe(200);
    expect((await orderRow(order.id)).paymentStatus).toBe('pending');
    expect(await mailsTo(email)).toHaveLength(0);
  });

  it('acknowledges events it has no use for: unknown payments and other event types', async () => {
    const stranger = {
      id: 'pi_not_ours',
      object: 'payment_intent',
      amount: 1500,
      currency: 'gbp',
      status: 'succeeded',
    };
    const unknown = await webhook(stripeEvent('payment_intent.succeeded', stranger));
    expect({ status: unknown.status, body: unknown.body }).toEqual({ status: 200, body: { received: true } });
    expect((await webhook(stripeEvent('charge.refunded', { id: 'ch_1', object: 'charge' }))).status).toBe(200);
  });

  /** A buyer holding one 15.00 ticket of a fresh event that sells a 7.00 lunch, priced with or without it. */
  async function buyWithLunch() {
    const event = await publishEvent(t, token);
    const ticket = await addTicket(t, token, event.id, { price: 1500, quantity: 5 });
    const lunch = await createExtras(t, token, event.id, { name: 'Lunch', price: 700 });
    const email = `buyer${(buyers += 1)}@example.org`;
    const { registration } = payloadOf<Init>(
      await call(t, 'POST', '/registration/initRegistration', {
        body: { eventId: event.id, email, tickets: [{ ticketId: ticket.id, quantity: 1 }] },
      }),
    );
    const createOrder = (withLunch: boolean) =>
      call(t, 'POST', '/order/createOrder', {
        body: {
          registrationId: registration.registrationId,
          qrUuid: registration.qrUuid,
          extras: withLunch ? [{ extrasId: lunch.id, quantity: 1 }] : [],
        },
      });
    const price = async (withLunch: boolean) => payloadOf<{ order: TOrder }>(await createOrder(withLunch)).order;
    return { email, price, createOrder };
  }

  it('cancels the intent at Stripe when the order is re-priced, and makes a new one for the new amount', async () => {
    const { price } = await buyWithLunch();
    const order = await price(true);
    const first = await startPaying(order.id);
    expect(first.amount).toBe(2200);

    expect(await price(false)).toMatchObject({ id: order.id, amount: 1500, paymentStatus: 'pending' });
    expect(stripe.intents.get(first.paymentIntentId)?.status).toBe('canceled');
    expect(stripe.cancelled).toContain(first.paymentIntentId);
    expectError(await confirm(first.paymentIntentId), 402, 'PAYMENT_FAILED', CANCELLED_PAYMENT_MESSAGE);

    const second = await startPaying(order.id);
    expect(second.paymentIntentId).not.toBe(first.paymentIntentId);
    expect(stripe.intents.get(second.paymentIntentId)).toMatchObject({
      amount: 1500,
      status: 'requires_payment_method',
    });

    // Back to the lunch: Stripe replays the first key's (cancelled) intent, so a new one follows it.
    expect((await price(true)).amount).toBe(2200);
    expect(stripe.intents.get(second.paymentIntentId)?.status).toBe('canceled');
    const third = await startPaying(order.id);
    expect(third.paymentIntentId).not.toBe(first.paymentIntentId);
    expect(stripe.intents.get(third.paymentIntentId)).toMatchObject({
      amount: 2200,
      status: 'requires_payment_method',
    });
    expect(stripe.idempotencyKeys.slice(-2)).toEqual([
      `order:${order.id}:2200`,
      `order:${order.id}:2200:after:${first.paymentIntentId}`,
    ]);
    // The same again (a reload) follows the same chain to the same intent.
    expect((await startPaying(order.id)).paymentIntentId).toBe(third.paymentIntentId);

    stripe.update(third.paymentIntentId, { status: 'succeeded' });
    const paid = await confirm(third.paymentIntentId);
    expect(paid.status).toBe(200);
    expect((paid.body.payload as Purchase).order).toMatchObject({ amount: 2200, paymentStatus: 'paid' });
  });

  it('keeps the intent when the order is priced again with the same extras', async () => {
    const { price } = await buyWithLunch();
    const order = await price(true);
    const intent = await startPaying(order.id);
    expect(await price(true)).toEqual(order);
    expect(stripe.cancelled).not.toContain(intent.paymentIntentId);
    expect((await startPaying(order.id)).paymentIntentId).toBe(intent.paymentIntentId);
  });

  it('settles, at the amount paid and without re-pricing, an order whose intent succeeded before the re-price', async () => {
    const { email, price } = await buyWithLunch();
    const order = await price(true);
    const intent = await startPaying(order.id);
    // Paid in another tab: Stripe took the money, neither the browser nor the webhook has told us yet.
    const paidIntent = stripe.update(intent.paymentIntentId, { status: 'succeeded' });

    const answered = await price(false);
    expect(answered).toMatchObject({ id: order.id, amount: 2200, paymentStatus: 'paid' });
    expect(answered.items.map((item) => item.kind).sort()).toEqual(['extras', 'ticket']);
    expect(stripe.intents.get(intent.paymentIntentId)?.status).toBe('succeeded');

    // The other tab's confirmation and the webhook come after: the same order, one mail.
    const confirmed = await confirm(intent.paymentIntentId);
    expect(confirmed.status).toBe(200);
    expect((confirmed.body.payload as Purchase).registration.status).toBe('confirmed');
    expect((await webhook(succeeded(paidIntent))).status).toBe(200);
    expect(await orderRow(order.id)).toMatchObject({ amount: 2200, paymentStatus: 'paid' });
    expect(await mailsTo(email)).toHaveLength(1);
  });

  it('refuses to re-price while Stripe is still processing the payment, and changes nothing', async () => {
    const { price, createOrder } = await buyWithLunch();
    const order = await price(true);
    const intent = await startPaying(order.id);
    stripe.update(intent.paymentIntentId, { status: 'processing' });
    expectError(
      await createOrder(false),
      409,
      'CONFLICT',
      'Your payment is being processed: wait for it to complete before changing the order',
    );
    expect(await orderRow(order.id)).toMatchObject({ amount: 2200, paymentIntentId: intent.paymentIntentId });
    expect((await startPaying(order.id)).paymentIntentId).toBe(intent.paymentIntentId);
  });

  it('keeps the webhook, which only Stripe calls, out of the OpenAPI document', async () => {
    const doc = await call(t, 'GET', '/docs/json');
    expect(doc.status).toBe(200);
    const paths = Object.keys((JSON.parse(doc.text) as { paths: Record<string, unknown> }).paths);
    expect(paths).toContain('/stripe/confirm-payment');
    expect(paths).not.toContain('/stripe/webhook');
  });

  it('has no webhook without a webhook secret: the browser alone confirms', async () => {
    const sibling = await createSiblingApp(t, {
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: SECRET_KEY,
      STRIPE_API_BASE: stripe.url,
    });
    try {
      const { payload, signature } = stripeEvent('payment_intent.succeeded', {
        id: 'pi_any',
        object: 'payment_intent',
      });
      const response = await call(sibling, 'POST', '/stripe/webhook', {
        body: payload,
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      });
      expectError(response, 404, 'NOT_FOUND');
    } finally {
      await sibling.close();
    }
  });
});

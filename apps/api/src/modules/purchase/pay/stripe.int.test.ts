import { describe, expect, it } from 'vitest';
import { call, createSiblingApp, expectError } from '../../../../test/helpers';
import { PUBLISHABLE_KEY, SECRET_KEY, useStripeApp, type Purchase } from '../../../../test/stripe-fixture';
import { endpoints } from '@clubtix/contract';
import { callEndpoint } from '../../../../test/call-endpoint';

/**
 * Paying with Stripe: one PaymentIntent per order, confirmed by the browser or by the webhook, settled
 * once whichever comes first; signatures checked; the webhook only when a secret is set. Re-pricing an
 * order being paid is in stripe-repricing.int.test.ts.
 */
describe('paying with Stripe, through a local stand-in for its API (docs/product.md section 15)', () => {
  const world = useStripeApp();
  const { buy, startPaying, confirm, stripeEvent, webhook, succeeded, orderRow, mailsTo } = world;

  it('creates one PaymentIntent per order, with an idempotency key, and hands the browser what Elements needs', async () => {
    const { order } = await buy(2500);
    const before = world.stripe.created();
    const intent = await startPaying(order.id);
    const stored = world.stripe.intents.get(intent.paymentIntentId)!;
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
    expect(world.stripe.created() - before).toBe(1);
    expect(world.stripe.idempotencyKeys.slice(-2)).toEqual([`order:${order.id}:2500`, `order:${order.id}:2500`]);
  });

  it('refuses to confirm before Stripe says succeeded, in Stripe’s own words, then confirms', async () => {
    const { order } = await buy();
    const intent = await startPaying(order.id);
    expectError(await confirm(intent.paymentIntentId), 402, 'PAYMENT_FAILED', 'The payment has not gone through yet');

    world.stripe.update(intent.paymentIntentId, {
      last_payment_error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' },
    });
    expectError(await confirm(intent.paymentIntentId), 402, 'PAYMENT_FAILED', 'Your card was declined.');
    expect((await orderRow(order.id)).paymentStatus).toBe('pending');

    world.stripe.update(intent.paymentIntentId, { status: 'succeeded', last_payment_error: null });
    const paid = await confirm(intent.paymentIntentId);
    expect(paid.status).toBe(200);
    const purchase = paid.body.payload as Purchase;
    expect(purchase.order.paymentStatus).toBe('paid');
    expect(purchase.registration.status).toBe('confirmed');
  });

  it('settles once when the browser confirms twice and the webhook arrives too, all at once', async () => {
    const { email, order } = await buy();
    const intent = await startPaying(order.id);
    const paidIntent = world.stripe.update(intent.paymentIntentId, { status: 'succeeded' });
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
    const response = await webhook(succeeded(world.stripe.update(intent.paymentIntentId, { status: 'succeeded' })));
    expect(response.status).toBe(200);
    expect((await orderRow(order.id)).paymentStatus).toBe('paid');
    expect(await mailsTo(email)).toHaveLength(1);
    const confirmed = await callEndpoint(world.t, endpoints.stripe.getRegistrationFromPayment, {
      query: { paymentIntentId: intent.paymentIntentId },
    });
    expect(confirmed.body.payload).toMatchObject({ status: 'confirmed' });
  });

  it('answers 400 to a webhook whose signature does not match, and changes nothing', async () => {
    const { email, order } = await buy();
    const intent = await startPaying(order.id);
    const paidIntent = world.stripe.update(intent.paymentIntentId, { status: 'succeeded' });

    const forged = stripeEvent('payment_intent.succeeded', paidIntent, 'whsec_someone_else');
    expectError(await webhook(forged), 400, 'BAD_INPUT', 'The webhook signature does not match');
    const genuine = succeeded(paidIntent);
    const tampered = {
      payload: genuine.payload.replace('"livemode": false', '"livemode": true'),
      signature: genuine.signature,
    };
    expect((await webhook(tampered)).status).toBe(400);
    const unsigned = await call(world.t, 'POST', '/stripe/webhook', {
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
    const paidIntent = world.stripe.update(intent.paymentIntentId, { status: 'succeeded' });
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

  it('keeps the webhook, which only Stripe calls, out of the OpenAPI document', async () => {
    const doc = await call(world.t, 'GET', '/docs/json');
    expect(doc.status).toBe(200);
    const paths = Object.keys((JSON.parse(doc.text) as { paths: Record<string, unknown> }).paths);
    expect(paths).toContain('/stripe/confirm-payment');
    expect(paths).not.toContain('/stripe/webhook');
  });

  it('has no webhook without a webhook secret: the browser alone confirms', async () => {
    const sibling = await createSiblingApp(world.t, {
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: SECRET_KEY,
      STRIPE_API_BASE: world.stripe.url,
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

import { describe, expect, it } from 'vitest';
import { expectError } from '../../../../test/helpers';
import { useStripeApp, type Purchase } from '../../../../test/stripe-fixture';
import { CANCELLED_PAYMENT_MESSAGE } from '../../../core/payment-provider';

/**
 * Re-pricing an order (other extras chosen) while it is being paid with Stripe: the old intent is
 * cancelled and a new one made for the new amount, unless the old one has already succeeded or is
 * still processing (docs/product.md section 15).
 */
describe('paying with Stripe for an order that is re-priced, through a local stand-in for its API', () => {
  const world = useStripeApp();
  const { buyWithLunch, startPaying, confirm, webhook, succeeded, orderRow, mailsTo } = world;

  it('cancels the intent at Stripe when the order is re-priced, and makes a new one for the new amount', async () => {
    const { price } = await buyWithLunch();
    const order = await price(true);
    const first = await startPaying(order.id);
    expect(first.amount).toBe(2200);

    expect(await price(false)).toMatchObject({ id: order.id, amount: 1500, paymentStatus: 'pending' });
    expect(world.stripe.intents.get(first.paymentIntentId)?.status).toBe('canceled');
    expect(world.stripe.cancelled).toContain(first.paymentIntentId);
    expectError(await confirm(first.paymentIntentId), 402, 'PAYMENT_FAILED', CANCELLED_PAYMENT_MESSAGE);

    const second = await startPaying(order.id);
    expect(second.paymentIntentId).not.toBe(first.paymentIntentId);
    expect(world.stripe.intents.get(second.paymentIntentId)).toMatchObject({
      amount: 1500,
      status: 'requires_payment_method',
    });

    // Back to the lunch: Stripe replays the first key's (cancelled) intent, so a new one follows it.
    expect((await price(true)).amount).toBe(2200);
    expect(world.stripe.intents.get(second.paymentIntentId)?.status).toBe('canceled');
    const third = await startPaying(order.id);
    expect(third.paymentIntentId).not.toBe(first.paymentIntentId);
    expect(world.stripe.intents.get(third.paymentIntentId)).toMatchObject({
      amount: 2200,
      status: 'requires_payment_method',
    });
    expect(world.stripe.idempotencyKeys.slice(-2)).toEqual([
      `order:${order.id}:2200`,
      `order:${order.id}:2200:after:${first.paymentIntentId}`,
    ]);
    // The same again (a reload) follows the same chain to the same intent.
    expect((await startPaying(order.id)).paymentIntentId).toBe(third.paymentIntentId);

    world.stripe.update(third.paymentIntentId, { status: 'succeeded' });
    const paid = await confirm(third.paymentIntentId);
    expect(paid.status).toBe(200);
    expect((paid.body.payload as Purchase).order).toMatchObject({ amount: 2200, paymentStatus: 'paid' });
  });

  it('keeps the intent when the order is priced again with the same extras', async () => {
    const { price } = await buyWithLunch();
    const order = await price(true);
    const intent = await startPaying(order.id);
    // The same order; starting to pay named its provider (paymentMethod, docs/decisions/0034-box-office.md).
    expect(await price(true)).toEqual({ ...order, paymentMethod: 'stripe' });
    expect(world.stripe.cancelled).not.toContain(intent.paymentIntentId);
    expect((await startPaying(order.id)).paymentIntentId).toBe(intent.paymentIntentId);
  });

  it('settles, at the amount paid and without re-pricing, an order whose intent succeeded before the re-price', async () => {
    const { email, price } = await buyWithLunch();
    const order = await price(true);
    const intent = await startPaying(order.id);
    // Paid in another tab: Stripe took the money, neither the browser nor the webhook has told us yet.
    const paidIntent = world.stripe.update(intent.paymentIntentId, { status: 'succeeded' });

    const answered = await price(false);
    expect(answered).toMatchObject({ id: order.id, amount: 2200, paymentStatus: 'paid' });
    expect(answered.items.map((item) => item.kind).sort()).toEqual(['extras', 'ticket']);
    expect(world.stripe.intents.get(intent.paymentIntentId)?.status).toBe('succeeded');

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
    world.stripe.update(intent.paymentIntentId, { status: 'processing' });
    expectError(
      await createOrder(false),
      409,
      'CONFLICT',
      'Your payment is being processed: wait for it to complete before changing the order',
    );
    expect(await orderRow(order.id)).toMatchObject({ amount: 2200, paymentIntentId: intent.paymentIntentId });
    expect((await startPaying(order.id)).paymentIntentId).toBe(intent.paymentIntentId);
  });
});

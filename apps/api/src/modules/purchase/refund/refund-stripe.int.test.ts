import { describe, expect, it } from 'vitest';
import { WEBHOOK_SECRET, useStripeApp } from '../../../../test/stripe-fixture';
import { endpoints } from '@clubtix/contract';
import { expectError } from '../../../../test/helpers';
import { refund, refundedOrder, refundRows } from '../../../../test/refunds';
import { callEndpoint, expectPayload } from '../../../../test/call-endpoint';

/** Refunds through Stripe's refunds API (the local stand-in), and refunds made in Stripe's dashboard. */
describe('refunds with Stripe', () => {
  const fixture = useStripeApp();
  const { buy, startPaying, confirm, webhook, orderRow, mailsTo } = fixture;
  const app = () => fixture;

  async function paidOrder(price = 3000) {
    const { email, order } = await buy(price);
    const intent = await startPaying(order.id);
    app().stripe.update(intent.paymentIntentId, { status: 'succeeded' });
    expect((await confirm(intent.paymentIntentId)).status).toBe(200);
    return { email, order, paymentIntentId: intent.paymentIntentId };
  }

  it('refunds through stripe.refunds with one idempotency key per refund', async () => {
    const { order, paymentIntentId } = await paidOrder(3000);
    const part = refundedOrder(await refund(app().t, app().token, { orderId: order.id, amount: 1200 }));
    expect(part).toMatchObject({ paymentStatus: 'partially_refunded', refundedAmount: 1200 });
    const rest = refundedOrder(await refund(app().t, app().token, { orderId: order.id }));
    expect(rest).toMatchObject({ paymentStatus: 'refunded', refundedAmount: 3000 });
    const made = app().stripe.refunds.filter((r) => r.payment_intent === paymentIntentId);
    expect(made.map((r) => r.amount)).toEqual([1200, 1800]);
    expect(made[0]!.metadata).toMatchObject({ orderId: order.id });
    const keys = app().stripe.refundKeys.slice(-2);
    expect(new Set(keys).size).toBe(2);
    const rows = await refundRows(app().t, order.id);
    expect(rows.map((r) => r.providerRefundId).sort()).toEqual(made.map((r) => r.id).sort());
  });

  it("counts its own refund once when Stripe's webhook for it arrives", async () => {
    const { order, paymentIntentId } = await paidOrder(2000);
    await refund(app().t, app().token, { orderId: order.id, amount: 500 });
    const [made] = app().stripe.refunds.filter((r) => r.payment_intent === paymentIntentId);
    expect((await webhook(app().stripe.signedEvent('refund.created', made, WEBHOOK_SECRET))).status).toBe(200);
    expect((await orderRow(order.id)).refundedAmount).toBe(500);
    expect(await refundRows(app().t, order.id)).toHaveLength(1);
  });

  it("records a refund made in Stripe's dashboard from its webhooks, once, and tells the buyer", async () => {
    const { email, order, paymentIntentId } = await paidOrder(2500);
    const { refund: made, events } = app().stripe.refundInDashboard(paymentIntentId, 1000, WEBHOOK_SECRET);
    for (const event of [...events, ...events]) expect((await webhook(event)).status).toBe(200);
    expect(await orderRow(order.id)).toMatchObject({ paymentStatus: 'partially_refunded', refundedAmount: 1000 });
    const rows = await refundRows(app().t, order.id);
    expect(rows).toEqual([expect.objectContaining({ source: 'provider', providerRefundId: made.id, amount: 1000 })]);
    expect((await mailsTo(email)).filter((mail) => mail.subject.startsWith('Refund of'))).toHaveLength(1);
    // charge.refunded alone (its refund.created lost) finds the refund by listing the payment's refunds.
    const second = app().stripe.refundInDashboard(paymentIntentId, 1500, WEBHOOK_SECRET);
    expect((await webhook(second.events[1]!)).status).toBe(200);
    expect(await orderRow(order.id)).toMatchObject({ paymentStatus: 'refunded', refundedAmount: 2500 });
  });

  it("answers Stripe's refusal 402 with its words and records nothing", async () => {
    const { order, paymentIntentId } = await paidOrder(2000);
    app().stripe.refuseRefundsOf(paymentIntentId);
    expectError(await refund(app().t, app().token, { orderId: order.id }), 402, 'PAYMENT_FAILED', /disputed/);
    expect(await orderRow(order.id)).toMatchObject({ paymentStatus: 'paid', refundedAmount: 0 });
    expect(await refundRows(app().t, order.id)).toEqual([]);
  });

  it('leaves an order Stripe refuses refund_required when cancelling its event, counted as failed, for the admin to retry', async () => {
    const first = await paidOrder(2000);
    const { order: refused, paymentIntentId } = await paidOrder(2000);
    const eventOf = async (orderId: string) => (await orderRow(orderId)).eventId;
    // Each paid order has an event of its own: the other one's stays paid.
    app().stripe.refuseRefundsOf(paymentIntentId);
    const eventId = await eventOf(refused.id);
    const cancelled = await callEndpoint(app().t, endpoints.event.cancelEvent, {
      token: app().token,
      body: { eventId, refundAll: true },
    });
    expect(cancelled.status, cancelled.body.msg).toBe(200);
    const progress = async () =>
      expectPayload(
        await callEndpoint(app().t, endpoints.event.getCancellation, { token: app().token, query: { eventId } }),
      );
    await expect.poll(async () => (await progress()).finished, { timeout: 30_000 }).toBe(true);
    expect(await progress()).toMatchObject({ ordersToRefund: 1, ordersRefunded: 0, ordersFailed: 1 });
    expect(await orderRow(refused.id)).toMatchObject({ paymentStatus: 'refund_required', refundedAmount: 0 });
    // The failed try is not a refund the admin sees.
    const read = expectPayload(
      await callEndpoint(app().t, endpoints.order.getOrderById, { token: app().token, query: { orderId: refused.id } }),
    );
    expect(read.refunds).toEqual([]);
    expect((await orderRow(first.order.id)).paymentStatus).toBe('paid');
  });
});

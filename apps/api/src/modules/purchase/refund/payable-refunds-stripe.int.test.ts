import { describe, expect, it } from 'vitest';
import { endpoints, type TPaymentIntent } from '@clubtix/contract';
import { WEBHOOK_SECRET, useStripeApp } from '../../../../test/stripe-fixture';
import { createExtras, publishEvent } from '../../../../test/catalogue';
import {
  extrasPurchaseRow,
  refundedSponsorship,
  refundExtrasPurchase,
  refundRowsOfExtras,
  refundRowsOfSponsorship,
  refundSponsorship,
  sponsorshipRow,
} from '../../../../test/payable-refunds';
import { callEndpoint, expectPayload } from '../../../../test/call-endpoint';

/** Refunds of donations and extras bought alone through Stripe (the local stand-in), and from its dashboard. */
describe('refunds of other payables with Stripe', () => {
  const fixture = useStripeApp();
  const { confirm, webhook, mailsTo } = fixture;
  const app = () => fixture;
  let people = 0;
  const nextPerson = () => `stripe.payable${(people += 1)}@example.org`;

  async function pay(intentCall: Promise<{ body: { payload?: unknown } }>) {
    const intent = (await intentCall).body.payload as TPaymentIntent;
    app().stripe.update(intent.paymentIntentId, { status: 'succeeded' });
    expect((await confirm(intent.paymentIntentId)).status).toBe(200);
    return intent.paymentIntentId;
  }

  async function paidDonation(amount: number) {
    const event = await publishEvent(app().t, app().token, { donationsEnabled: true });
    const email = nextPerson();
    const { sponsorship } = expectPayload(
      await callEndpoint(app().t, endpoints.sponsorship.create, {
        body: { eventId: event.id, amount, name: 'Stripe Giver', email },
      }),
    );
    const paymentIntentId = await pay(
      callEndpoint(app().t, endpoints.sponsorship.createSponsorshipPaymentIntent, {
        body: { sponsorshipId: sponsorship.id },
      }),
    );
    return { email, sponsorship, paymentIntentId };
  }

  async function paidExtras() {
    const event = await publishEvent(app().t, app().token);
    const extras = await createExtras(app().t, app().token, event.id, { name: 'Lunch', price: 900, quantity: 3 });
    const email = nextPerson();
    const purchase = expectPayload(
      await callEndpoint(app().t, endpoints.extrasPurchase.purchaseExtras, {
        body: { eventId: event.id, extrasId: extras.id, quantity: 1, email },
      }),
    );
    const paymentIntentId = await pay(
      callEndpoint(app().t, endpoints.stripe.createPaymentIntent, { body: { extrasPurchaseId: purchase.id } }),
    );
    return { email, purchase, paymentIntentId };
  }

  it('refunds a donation through stripe.refunds with one idempotency key per refund, naming the sponsorship', async () => {
    const { sponsorship, paymentIntentId } = await paidDonation(3000);
    const part = refundedSponsorship(
      await refundSponsorship(app().t, app().token, { sponsorshipId: sponsorship.id, amount: 1200 }),
    );
    expect(part).toMatchObject({ paymentStatus: 'partially_refunded', refundedAmount: 1200 });
    await refundSponsorship(app().t, app().token, { sponsorshipId: sponsorship.id });
    const made = app().stripe.refunds.filter((r) => r.payment_intent === paymentIntentId);
    expect(made.map((r) => r.amount)).toEqual([1200, 1800]);
    expect(made[0]!.metadata).toMatchObject({ sponsorshipId: sponsorship.id });
    expect(new Set(app().stripe.refundKeys.slice(-2)).size).toBe(2);
    const rows = await refundRowsOfSponsorship(app().t, sponsorship.id);
    expect(rows.map((r) => r.providerRefundId).sort()).toEqual(made.map((r) => r.id).sort());
    expect(await sponsorshipRow(app().t, sponsorship.id)).toMatchObject({ paymentStatus: 'refunded' });
  });

  it("records a donation refunded in Stripe's dashboard once, and tells the giver", async () => {
    const { email, sponsorship, paymentIntentId } = await paidDonation(2500);
    const { refund: made, events } = app().stripe.refundInDashboard(paymentIntentId, 1000, WEBHOOK_SECRET);
    for (const event of [...events, ...events]) expect((await webhook(event)).status).toBe(200);
    expect(await sponsorshipRow(app().t, sponsorship.id)).toMatchObject({
      paymentStatus: 'partially_refunded',
      refundedAmount: 1000,
    });
    expect(await refundRowsOfSponsorship(app().t, sponsorship.id)).toEqual([
      expect.objectContaining({ source: 'provider', providerRefundId: made.id, amount: 1000 }),
    ]);
    const mails = (await mailsTo(email)).filter((mail) => mail.subject.startsWith('Refund of'));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('of your donation to');
  });

  it("extras refunded in full in Stripe's dashboard: refunded, the voucher stops, counted once with our own", async () => {
    const { purchase, paymentIntentId } = await paidExtras();
    await refundExtrasPurchase(app().t, app().token, { extrasPurchaseId: purchase.id, amount: 400 });
    const ours = app().stripe.refunds.find((r) => r.payment_intent === paymentIntentId)!;
    expect((await webhook(app().stripe.signedEvent('refund.created', ours, WEBHOOK_SECRET))).status).toBe(200);
    const { events } = app().stripe.refundInDashboard(paymentIntentId, 500, WEBHOOK_SECRET);
    for (const event of events) expect((await webhook(event)).status).toBe(200);
    expect(await extrasPurchaseRow(app().t, purchase.id)).toMatchObject({
      paymentStatus: 'refunded',
      refundedAmount: 900,
    });
    const rows = await refundRowsOfExtras(app().t, purchase.id);
    expect(rows.map((r) => [r.source, r.amount, r.releasedTickets])).toEqual(
      expect.arrayContaining([
        ['admin', 400, false],
        ['provider', 500, true],
      ]),
    );
    expect(rows).toHaveLength(2);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, type TPaymentIntent, type BodyOf } from '@clubtix/contract';
import { publishEvent } from '../../../test/catalogue';
import { createAdminApp, createClubWithAdmin, type TestApp } from '../../../test/helpers';
import { callEndpoint } from '../../../test/call-endpoint';

describe('donations, sponsorships and extras bought alone', () => {
  let t: TestApp;
  let token: string;
  let otherToken: string;
  beforeAll(async () => {
    ({ t, token } = await createAdminApp());
    otherToken = (await createClubWithAdmin(t)).admin.token;
  });
  afterAll(async () => t.close());

  const give = (body: BodyOf<typeof endpoints.sponsorship.create>) =>
    callEndpoint(t, endpoints.sponsorship.create, { body });
  async function payFor(
    intentCall: Promise<{ status: number; body: { payload?: unknown } }>,
    card = '4242424242424242',
  ) {
    const intent = (await intentCall).body.payload as TPaymentIntent;
    return callEndpoint(t, endpoints.stripe.confirmPayment, {
      body: { paymentIntentId: intent.paymentIntentId, testCard: card },
    });
  }

  it('takes a donation of the giver’s amount, declines a bad card, and counts it once paid', async () => {
    const event = await publishEvent(t, token, { donationsEnabled: true, currency: 'eur' });
    const created = await give({
      eventId: event.id,
      amount: 2500,
      name: 'Dora Donor',
      email: 'Dora@Example.org',
      message: 'Good luck!',
    });
    expect(created.status).toBe(200);
    // docs/product.md section 3: the create response holds a sponsorship object, as an order's holds `order`.
    expect(Object.keys(created.body.payload as object)).toEqual(['sponsorship']);
    const { sponsorship: donation } = created.body.payload!;
    expect(donation).toMatchObject({
      amount: 2500,
      currency: 'eur',
      paymentStatus: 'pending',
      packageId: null,
      email: 'dora@example.org',
    });

    const intentCall = () =>
      callEndpoint(t, endpoints.sponsorship.createSponsorshipPaymentIntent, { body: { sponsorshipId: donation.id } });
    const declined = await payFor(intentCall(), '4000000000000002');
    expect(declined.status).toBe(402);
    const paid = await payFor(intentCall());
    expect(paid.status).toBe(200);
    expect(paid.body.payload).toEqual({ sponsorshipId: donation.id, refundRequired: false });

    const list = await callEndpoint(t, endpoints.sponsorship.getSponsorshipsByEventId, {
      token,
      query: { eventId: event.id },
    });
    expect(list.body.payload!.map((s) => s.paymentStatus)).toEqual(['paid']);
    expect(
      (
        await callEndpoint(t, endpoints.sponsorship.getSponsorshipsByEventId, {
          token: otherToken,
          query: { eventId: event.id },
        })
      ).status,
    ).toBe(404);
  });

  it("charges a package's amount, whatever amount is sent", async () => {
    const event = await publishEvent(t, token, { sponsorshipsEnabled: true });
    const pkg = await callEndpoint(t, endpoints.sponsorshipPackage.save, {
      token,
      body: { eventId: event.id, name: 'Gold', amount: 50_000, benefits: ['Logo on the boats'] },
    });
    const packageId = pkg.body.payload!.id;
    const created = await give({
      eventId: event.id,
      packageId,
      amount: 100,
      name: 'Acme Ltd',
      email: 'acme@example.org',
    });
    const { sponsorship } = created.body.payload!;
    expect(sponsorship).toMatchObject({ amount: 50_000, packageName: 'Gold', packageId });
    const byId = await callEndpoint(t, endpoints.sponsorship.getSponsorshipById, {
      token,
      query: { sponsorshipId: sponsorship.id },
    });
    expect(byId.body.payload).toMatchObject({ name: 'Acme Ltd', paymentStatus: 'pending' });
  });

  it('refuses what the event does not take, and bad amounts', async () => {
    const closed = await publishEvent(t, token);
    expect((await give({ eventId: closed.id, amount: 1000, name: 'A', email: 'a@example.org' })).status).toBe(409);
    const open = await publishEvent(t, token, { donationsEnabled: true });
    const tooSmall = await give({ eventId: open.id, amount: 50, name: 'A', email: 'a@example.org' });
    expect(tooSmall.status).toBe(400);
    expect(tooSmall.body.msg).toBe('amount: The smallest donation is 1.00');
    expect((await give({ eventId: open.id, amount: 10.5, name: 'A', email: 'a@example.org' })).status).toBe(400);
    expect((await give({ eventId: open.id, name: 'A', email: 'a@example.org' })).status).toBe(400);
    const draft = await publishEvent(t, token, { status: 'draft', donationsEnabled: true });
    expect((await give({ eventId: draft.id, amount: 1000, name: 'A', email: 'a@example.org' })).status).toBe(404);
  });

  it('sells an extra on its own, paid through the same provider, with its own QR secret', async () => {
    const event = await publishEvent(t, token);
    const extra = await callEndpoint(t, endpoints.extras.saveExtras, {
      token,
      body: { eventId: event.id, name: 'Programme', price: 300 },
    });
    const bought = await callEndpoint(t, endpoints.extrasPurchase.purchaseExtras, {
      body: {
        eventId: event.id,
        extrasId: extra.body.payload!.id,
        quantity: 2,
        email: 'fan@example.org',
      },
    });
    expect(bought.status).toBe(200);
    const purchase = bought.body.payload!;
    expect(purchase).toMatchObject({ amount: 600, paymentStatus: 'pending', quantity: 2 });
    const paid = await payFor(
      callEndpoint(t, endpoints.stripe.createPaymentIntent, { body: { extrasPurchaseId: purchase.id } }),
    );
    expect(paid.body.payload).toEqual({ extrasPurchaseId: purchase.id, refundRequired: false });
    const again = await callEndpoint(t, endpoints.stripe.createPaymentIntent, {
      body: { extrasPurchaseId: purchase.id },
    });
    expect(again.status).toBe(409);
    const both = await callEndpoint(t, endpoints.stripe.createPaymentIntent, {
      body: { orderId: 'x', extrasPurchaseId: purchase.id },
    });
    expect(both.status).toBe(400);
  });
});

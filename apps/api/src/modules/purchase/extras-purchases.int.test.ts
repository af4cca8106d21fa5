import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, extrasQrText, type TEvent, type TExtras, type TExtrasPurchase } from '@clubtix/contract';
import { extrasPurchases } from '../../db/schema';
import { anyString, createExtras, payloadOf, publishEvent } from '../../../test/catalogue';
import { createClubWithAdmin, createSudo, createTestApp, expectError, type TestApp } from '../../../test/helpers';
import { callEndpoint, expectPayload } from '../../../test/call-endpoint';

/** GET /extras/getExtrasPurchasesByEventId: the admin's list of extras bought, with docs/product.md section 4's filter. */
describe('the extras purchases of an event', () => {
  let t: TestApp;
  let a: Awaited<ReturnType<typeof createClubWithAdmin>>;
  let b: Awaited<ReturnType<typeof createClubWithAdmin>>;
  let event: TEvent;
  let lunch: TExtras;
  let parking: TExtras;
  /** Bought and paid, in this order: Ann's lunch (redeemed), Bob's parking, Cy's lunch. */
  let ann: TExtrasPurchase;
  let bob: TExtrasPurchase;
  let cy: TExtrasPurchase;
  let unpaid: TExtrasPurchase;

  async function buy(extras: TExtras, email: string, quantity: number, pay = true): Promise<TExtrasPurchase> {
    const bought = expectPayload(
      await callEndpoint(t, endpoints.extrasPurchase.purchaseExtras, {
        body: { eventId: extras.eventId, extrasId: extras.id, quantity, email },
      }),
    );
    if (pay) {
      const intent = expectPayload(
        await callEndpoint(t, endpoints.stripe.createPaymentIntent, { body: { extrasPurchaseId: bought.id } }),
      );
      const paid = await callEndpoint(t, endpoints.stripe.confirmPayment, {
        body: { paymentIntentId: intent.paymentIntentId, testCard: '4242424242424242' },
      });
      expect(paid.status).toBe(200);
    }
    return bought;
  }

  const list = (query: Record<string, string | number | string[]>, token = a.admin.token) =>
    callEndpoint(t, endpoints.extras.getExtrasPurchasesByEventId, { token, query: { eventId: event.id, ...query } });
  const emailsOf = (response: Awaited<ReturnType<typeof list>>) =>
    expectPayload(response).purchases.map((purchase) => purchase.email);

  beforeAll(async () => {
    t = await createTestApp();
    a = await createClubWithAdmin(t);
    b = await createClubWithAdmin(t);
    event = await publishEvent(t, a.admin.token);
    lunch = await createExtras(t, a.admin.token, event.id, { name: 'Lunch box', price: 1200 });
    parking = await createExtras(t, a.admin.token, event.id, { name: 'Parking', price: 500 });
    ann = await buy(lunch, 'ann@example.org', 2);
    bob = await buy(parking, 'bob@example.org', 1);
    cy = await buy(lunch, 'cy@example.org', 1);
    unpaid = await buy(lunch, 'unpaid@example.org', 1, false);
    const redeemed = await callEndpoint(t, endpoints.checkin.scanByExtrasPurchaseId, {
      token: a.admin.token,
      body: { eventId: event.id, payload: extrasQrText(ann.id, ann.qrUuid) },
    });
    expect(redeemed.status).toBe(200);
  });
  afterAll(async () => t.close());

  it('lists the paid purchases, latest first, with who bought which extra, how many, what was paid and when', async () => {
    const response = await list({});
    const page = expectPayload(response);
    expect(page.total).toBe(3);
    expect(page.purchases.map((purchase) => purchase.email)).toEqual([
      'cy@example.org',
      'bob@example.org',
      'ann@example.org',
    ]);
    const [ofCy, , ofAnn] = page.purchases;
    expect(ofAnn).toEqual({
      id: ann.id,
      eventId: event.id,
      extrasId: lunch.id,
      extrasName: 'Lunch box',
      email: 'ann@example.org',
      quantity: 2,
      amount: 2400,
      currency: 'gbp',
      paidAt: anyString,
      redeemedAt: anyString,
      createdAt: ann.createdAt,
      paymentStatus: 'paid',
      refundedAmount: 0,
      boughtAlone: true,
      // Scanned at the door, not handed over by a box-office sale.
      handedOver: false,
    });
    expect(ofCy).toMatchObject({ id: cy.id, extrasName: 'Lunch box', quantity: 1, amount: 1200, redeemedAt: null });
    expect(Date.now() - Date.parse(ofAnn!.paidAt!)).toBeLessThan(60_000);
    // The voucher's secret stays with the buyer: the list is not a way to forge its QR.
    expect(response.text).not.toContain(ann.qrUuid);
    expect(response.text).not.toContain(unpaid.id);
  });

  it('filters Not Redeemed (false), Redeemed (true), and everything for the empty choice', async () => {
    expect(emailsOf(await list({ redeemed: 'false' }))).toEqual(['cy@example.org', 'bob@example.org']);
    expect(expectPayload(await list({ redeemed: 'false' })).total).toBe(2);
    expect(emailsOf(await list({ redeemed: 'true' }))).toEqual(['ann@example.org']);
    expect(expectPayload(await list({ redeemed: 'true' })).total).toBe(1);
    expect(emailsOf(await list({ redeemed: '' }))).toEqual(['cy@example.org', 'bob@example.org', 'ann@example.org']);
  });

  it('pages, with the total of all that match', async () => {
    const first = expectPayload(await list({ page: 1, pageSize: 2 }));
    const second = expectPayload(await list({ page: 2, pageSize: 2 }));
    expect(first.purchases.map((p) => p.id)).toEqual([cy.id, bob.id]);
    expect(second.purchases.map((p) => p.id)).toEqual([ann.id]);
    expect([first.total, second.total]).toEqual([3, 3]);
    expect(expectPayload(await list({ page: 3, pageSize: 2 }))).toEqual({ purchases: [], total: 3 });
  });

  it('follows a redemption at the door', async () => {
    const redeemed = await callEndpoint(t, endpoints.checkin.scanByExtrasPurchaseId, {
      token: a.admin.token,
      body: { eventId: event.id, payload: extrasQrText(bob.id, bob.qrUuid) },
    });
    expect(redeemed.status).toBe(200);
    try {
      expect(emailsOf(await list({ redeemed: 'true' }))).toEqual(['bob@example.org', 'ann@example.org']);
      expect(emailsOf(await list({ redeemed: 'false' }))).toEqual(['cy@example.org']);
    } finally {
      await t.db.update(extrasPurchases).set({ redeemedAt: null }).where(eq(extrasPurchases.id, bob.id));
    }
  });

  it('answers an empty list for an event with no extras bought', async () => {
    const quiet = await publishEvent(t, a.admin.token);
    expect(payloadOf(await list({ eventId: quiet.id }))).toEqual({ purchases: [], total: 0 });
  });

  it.each([
    ['a redeemed that is not true or false', { redeemed: 'yes' }, 'redeemed'],
    ['redeemed given twice', { redeemed: ['true', 'false'] }, 'redeemed'],
    ['a page that is not a number', { page: 'two' }, 'page'],
    ['page 0', { page: 0 }, 'page'],
    ['a fractional page', { page: 1.5 }, 'page'],
    ['a pageSize over 500', { pageSize: 501 }, 'pageSize'],
    ['an empty eventId', { eventId: '' }, 'eventId'],
    ['an eventId given twice', { eventId: ['x', 'y'] }, 'eventId'],
  ])('answers 400, not 500, for %s', async (_title, query, field) => {
    const response = await list(query);
    expectError(response, 400, 'BAD_INPUT', new RegExp(`^${field}: `));
    expect(response.body.errors?.[0]?.path).toBe(field);
  });

  it('answers 400 without an eventId', async () => {
    const response = await callEndpoint(t, endpoints.extras.getExtrasPurchasesByEventId, { token: a.admin.token });
    expectError(response, 400, 'BAD_INPUT', /^eventId: /);
  });

  it("answers 404 to another club's admin, and to an unknown event, showing nothing", async () => {
    const refused = await list({}, b.admin.token);
    expectError(refused, 404, 'NOT_FOUND', 'Event not found');
    expect(refused.text).not.toContain('ann@example.org');
    expectError(await list({ eventId: 'no-such-event' }), 404, 'NOT_FOUND');
  });

  it('needs a token, and lets the super user see every club', async () => {
    expectError(
      await callEndpoint(t, endpoints.extras.getExtrasPurchasesByEventId, { query: { eventId: event.id } }),
      401,
      'UNAUTHENTICATED',
    );
    const sudo = await createSudo(t);
    expect(expectPayload(await list({}, sudo.token)).total).toBe(3);
  });
});

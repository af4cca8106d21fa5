import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, type TEvent, type TPaymentIntent, type TSponsorshipPackage } from '@clubtix/contract';
import { sponsorships } from '../../db/schema';
import { createPackage, payloadOf, publishEvent } from '../../../test/catalogue';
import { createAdminApp, createSiblingApp, expectError, type TestApp } from '../../../test/helpers';
import { callEndpoint, expectPayload } from '../../../test/call-endpoint';

/**
 * docs/product.md section 14: a sponsorship package's `quantity` is how many sponsors it takes. Paid
 * sponsorships and pending ones younger than RESERVATION_MINUTES count; over it, 409 SOLD_OUT.
 */
describe('sponsorship packages with a quantity', () => {
  let t: TestApp;
  let token: string;
  let event: TEvent;

  beforeAll(async () => {
    ({ t, token } = await createAdminApp());
    event = await publishEvent(t, token, { sponsorshipsEnabled: true, donationsEnabled: true });
  });
  afterAll(async () => t.close());

  const sponsor = (pkg: TSponsorshipPackage, name: string, app: TestApp = t) =>
    callEndpoint(app, endpoints.sponsorship.create, {
      body: { eventId: event.id, packageId: pkg.id, name, email: `${name.toLowerCase()}@example.org` },
    });
  const sponsorshipsOf = async (pkg: TSponsorshipPackage) =>
    expectPayload(
      await callEndpoint(t, endpoints.sponsorship.getSponsorshipsByEventId, { token, query: { eventId: event.id } }),
    ).filter((item) => item.packageId === pkg.id);
  const byId = async (id: string) =>
    expectPayload(
      await callEndpoint(t, endpoints.sponsorship.getSponsorshipById, { token, query: { sponsorshipId: id } }),
    );
  /** Its hold lapsed: created longer ago than RESERVATION_MINUTES (15 by default). */
  const lapse = (id: string) =>
    t.db
      .update(sponsorships)
      .set({ createdAt: sql`now() - interval '16 minutes'` })
      .where(eq(sponsorships.id, id));
  const startPayment = (id: string) =>
    callEndpoint(t, endpoints.sponsorship.createSponsorshipPaymentIntent, { body: { sponsorshipId: id } });
  const pay = (intent: TPaymentIntent) =>
    callEndpoint(t, endpoints.stripe.confirmPayment, {
      body: { paymentIntentId: intent.paymentIntentId, testCard: '4242424242424242' },
    });

  it('takes as many sponsors as the quantity, then answers 409 SOLD_OUT naming the package, storing nothing', async () => {
    const gold = await createPackage(t, token, event.id, { name: 'Gold', quantity: 2 });
    const first = expectPayload(await sponsor(gold, 'Acme')).sponsorship;
    payloadOf(await pay(expectPayload(await startPayment(first.id))));
    expect((await sponsor(gold, 'Brig')).status).toBe(200);

    expectError(await sponsor(gold, 'Cutter'), 409, 'SOLD_OUT', 'Gold is sold out');
    expect((await sponsorshipsOf(gold)).map((item) => item.name)).toEqual(['Brig', 'Acme']);

    // Donations and packages without a quantity are not limited.
    const open = await createPackage(t, token, event.id, { name: 'Friend' });
    for (const name of ['Dinghy', 'Ketch', 'Sloop']) expect((await sponsor(open, name)).status).toBe(200);
    const donation = await callEndpoint(t, endpoints.sponsorship.create, {
      body: { eventId: event.id, amount: 1000, name: 'Dora', email: 'dora@example.org' },
    });
    expect(donation.status).toBe(200);
  });

  it('gives a lapsed pending sponsorship’s place to the next sponsor', async () => {
    const silver = await createPackage(t, token, event.id, { name: 'Silver', quantity: 1 });
    const stale = expectPayload(await sponsor(silver, 'Early')).sponsorship;
    expectError(await sponsor(silver, 'Late'), 409, 'SOLD_OUT', 'Silver is sold out');
    await lapse(stale.id);
    expect((await sponsor(silver, 'Late')).status).toBe(200);
    // The lapsed one cannot start paying for a place now taken.
    expectError(await startPayment(stale.id), 409, 'SOLD_OUT', 'Silver is sold out');
  });

  it('honours a late payment while the package has room, and marks it for refund when it has none', async () => {
    const bronze = await createPackage(t, token, event.id, { name: 'Bronze', quantity: 1 });
    const honoured = expectPayload(await sponsor(bronze, 'Slow')).sponsorship;
    const honouredIntent = expectPayload(await startPayment(honoured.id));
    await lapse(honoured.id);
    expect((await pay(honouredIntent)).status).toBe(200);
    expect(await byId(honoured.id)).toMatchObject({ paymentStatus: 'paid' });
    expectError(await sponsor(bronze, 'After'), 409, 'SOLD_OUT', 'Bronze is sold out');

    const copper = await createPackage(t, token, event.id, { name: 'Copper', quantity: 1 });
    const late = expectPayload(await sponsor(copper, 'Later')).sponsorship;
    const lateIntent = expectPayload(await startPayment(late.id));
    await lapse(late.id);
    const taker = expectPayload(await sponsor(copper, 'Taker')).sponsorship;
    payloadOf(await pay(expectPayload(await startPayment(taker.id))));
    const refundMessage =
      'Payment received, but this sponsorship package was taken after your reservation lapsed: the organiser will refund you';
    const first = await pay(lateIntent);
    expect(first.status).toBe(200);
    expect(first.body.msg).toBe(refundMessage);
    expect(await byId(late.id)).toMatchObject({ paymentStatus: 'refund_required' });
    // Confirming again changes nothing, and says the same.
    const again = await pay(lateIntent);
    expect(again.status).toBe(200);
    expect(again.body.msg).toBe(refundMessage);
    expect(await byId(late.id)).toMatchObject({ paymentStatus: 'refund_required' });
    const paid = (await sponsorshipsOf(copper)).filter((item) => item.paymentStatus === 'paid');
    expect(paid.map((item) => item.name)).toEqual(['Taker']);
  });

  it('never takes more than the quantity with 30 sponsors at once on two processes', async () => {
    const sibling = await createSiblingApp(t);
    try {
      const platinum = await createPackage(t, token, event.id, { name: 'Platinum', quantity: 5 });
      const responses = await Promise.all(
        Array.from({ length: 30 }, (_, i) => sponsor(platinum, `Rush${i}`, i % 2 === 0 ? t : sibling)),
      );
      expect(responses.filter((response) => response.status === 200)).toHaveLength(5);
      const refused = responses.filter((response) => response.status !== 200);
      expect(refused).toHaveLength(25);
      for (const response of refused) expectError(response, 409, 'SOLD_OUT', 'Platinum is sold out');
      expect(await sponsorshipsOf(platinum)).toHaveLength(5);
    } finally {
      await sibling.close();
    }
  });
});

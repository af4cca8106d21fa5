import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { endpoints } from '@clubtix/contract';
import { passPurchases, refunds, registrations, users } from '../../db/schema';
import { callEndpoint, expectPayload } from '../../../test/call-endpoint';
import { WEBHOOK_SECRET, useStripeApp } from '../../../test/stripe-fixture';
import { createPass, createSeries, purchasePass } from '../../../test/passes';

/** A season pass paid through Stripe (the local stand-in): the webhook settles it, its dashboard refunds it. */
describe('a season pass with Stripe', () => {
  const fixture = useStripeApp();
  const clubIdOf = async () => (await fixture.t.db.select().from(users).limit(1))[0]!.clubId!;

  it('is settled by the webhook alone, and a full refund in the dashboard ends its places', async () => {
    const { t, token } = fixture;
    const season = await createSeries(t, token, await clubIdOf(), 2, { capacity: 30 });
    const pass = await createPass(t, token, season.seriesId, { price: 4_000 });
    const held = expectPayload(await purchasePass(t, pass.id, 7)).passPurchase;
    const intent = expectPayload(
      await callEndpoint(t, endpoints.stripe.createPaymentIntent, { body: { passPurchaseId: held.id } }),
    );
    expect(intent).toMatchObject({ provider: 'stripe', amount: 4_000, currency: 'gbp' });
    const made = fixture.stripe.update(intent.paymentIntentId, { status: 'succeeded' });
    expect(made.metadata).toMatchObject({ passPurchaseId: held.id });
    expect((await fixture.webhook(fixture.succeeded(made))).status).toBe(200);
    const [paid] = await t.db.select().from(passPurchases).where(eq(passPurchases.id, held.id));
    expect(paid).toMatchObject({ status: 'confirmed', paymentStatus: 'paid', provider: 'stripe' });

    const { events } = fixture.stripe.refundInDashboard(intent.paymentIntentId, 4_000, WEBHOOK_SECRET);
    for (const event of [...events, ...events]) expect((await fixture.webhook(event)).status).toBe(200);
    const [refunded] = await t.db.select().from(passPurchases).where(eq(passPurchases.id, held.id));
    expect(refunded).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded', refundedAmount: 4_000 });
    expect(await t.db.select().from(refunds).where(eq(refunds.passPurchaseId, held.id))).toEqual([
      expect.objectContaining({ source: 'provider', amount: 4_000, eventId: null, releasedTickets: true }),
    ]);
    const places = await t.db.select().from(registrations).where(eq(registrations.passPurchaseId, held.id));
    expect(places.map((place) => place.status)).toEqual(['cancelled', 'cancelled']);
    const mails = await fixture.mailsTo('holder-7@example.org');
    expect(mails.map((mail) => mail.subject)).toEqual([
      'Your season pass: Season pass',
      expect.stringMatching(/^Refund of £40/),
    ]);
    expect(mails[1]!.text).toContain('of your season pass Season pass');
  });
});

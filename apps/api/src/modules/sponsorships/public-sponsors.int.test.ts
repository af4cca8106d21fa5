import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, type TEvent, type TSponsorship, type BodyOf } from '@clubtix/contract';
import { sponsorships } from '../../db/schema';
import { createPackage, payloadOf, publishEvent } from '../../../test/catalogue';
import { call, createAdminApp, expectError, multipartBody, type TestApp } from '../../../test/helpers';
import { callEndpoint, expectPayload } from '../../../test/call-endpoint';

/**
 * docs/product.md section 21: the public event page shows an event's paid sponsors who chose to be
 * shown, by package, and each package's places left as the purchase path counts them.
 */
describe('GET /sponsorship/getPublicSponsors and POST /sponsorship/uploadLogo', () => {
  let t: TestApp;
  let token: string;
  let event: TEvent;
  let png: Buffer;

  beforeAll(async () => {
    ({ t, token } = await createAdminApp());
    event = await publishEvent(t, token, { sponsorshipsEnabled: true, donationsEnabled: true });
    png = await sharp({ create: { width: 40, height: 20, channels: 3, background: { r: 10, g: 90, b: 200 } } })
      .png()
      .toBuffer();
  });
  afterAll(async () => t.close());

  const uploadLogo = (eventId: string, data: Buffer = png) => {
    const { payload, contentType } = multipartBody([{ filename: 'logo.png', contentType: 'image/png', data }]);
    return callEndpoint(t, endpoints.sponsorship.uploadLogo, {
      query: { eventId },
      raw: payload,
      headers: { 'content-type': contentType },
    });
  };
  const sponsor = async (body: Omit<BodyOf<typeof endpoints.sponsorship.create>, 'eventId'>) =>
    expectPayload(await callEndpoint(t, endpoints.sponsorship.create, { body: { eventId: event.id, ...body } }))
      .sponsorship;
  const pay = async (sponsorship: TSponsorship) => {
    const intent = expectPayload(
      await callEndpoint(t, endpoints.sponsorship.createSponsorshipPaymentIntent, {
        body: { sponsorshipId: sponsorship.id },
      }),
    );
    payloadOf(
      await callEndpoint(t, endpoints.stripe.confirmPayment, {
        body: { paymentIntentId: intent.paymentIntentId, testCard: '4242424242424242' },
      }),
    );
  };
  const publicSponsors = async (eventId = event.id) =>
    expectPayload(await callEndpoint(t, endpoints.sponsorship.getPublicSponsors, { query: { eventId } }));

  it('lists only paid sponsors who chose to be shown, with name and logo and nothing else', async () => {
    const logoUrl = expectPayload(await uploadLogo(event.id)).url;
    expect(logoUrl).toMatch(/^\/api\/media\/[0-9a-f-]+\.png$/);
    const gold = await createPackage(t, token, event.id, { name: 'Gold', amount: 90_000, quantity: 5 });
    const bronze = await createPackage(t, token, event.id, { name: 'Bronze', amount: 10_000 });
    await createPackage(t, token, event.id, { name: 'Hidden', amount: 20_000, isActive: false });

    const shown = await sponsor({
      packageId: gold.id,
      name: 'Acme Sails',
      email: 'acme@example.org',
      message: 'Fair winds',
      logoUrl,
      showPublicly: true,
    });
    expect(shown).toMatchObject({ logoUrl, showPublicly: true });
    await pay(shown);
    const plain = await sponsor({
      packageId: bronze.id,
      name: 'Brig Ropes',
      email: 'brig@example.org',
      showPublicly: true,
    });
    await pay(plain);
    const partlyRefunded = await sponsor({
      packageId: bronze.id,
      name: 'Cutter Co',
      email: 'c@example.org',
      showPublicly: true,
    });
    await pay(partlyRefunded);
    payloadOf(
      await callEndpoint(t, endpoints.sponsorship.refund, {
        token,
        body: { sponsorshipId: partlyRefunded.id, amount: 100 },
      }),
    );

    const privateOne = await sponsor({ packageId: gold.id, name: 'Quiet Ltd', email: 'quiet@example.org', logoUrl });
    expect(privateOne.showPublicly).toBe(false);
    await pay(privateOne);
    const refunded = await sponsor({
      packageId: bronze.id,
      name: 'Gone Away',
      email: 'gone@example.org',
      showPublicly: true,
    });
    await pay(refunded);
    payloadOf(await callEndpoint(t, endpoints.sponsorship.refund, { token, body: { sponsorshipId: refunded.id } }));
    const pending = await sponsor({
      packageId: gold.id,
      name: 'Pending Pier',
      email: 'p@example.org',
      showPublicly: true,
    });
    const failed = await sponsor({
      packageId: bronze.id,
      name: 'Failed Ferry',
      email: 'f@example.org',
      showPublicly: true,
    });
    await t.db.update(sponsorships).set({ paymentStatus: 'failed' }).where(eq(sponsorships.id, failed.id));
    // A donation is no package's sponsor, even when paid and shown.
    await pay(await sponsor({ amount: 500, name: 'Dora Donor', email: 'dora@example.org', showPublicly: true }));

    const answer = await publicSponsors();
    expect(answer).toEqual({
      packages: [
        {
          packageId: bronze.id,
          name: 'Bronze',
          amount: 10_000,
          placesLeft: null,
          sponsors: [
            { name: 'Brig Ropes', logoUrl: null },
            { name: 'Cutter Co', logoUrl: null },
          ],
        },
        // Paid Acme and private Quiet, and pending Pier within its hold: 3 of 5 taken.
        {
          packageId: gold.id,
          name: 'Gold',
          amount: 90_000,
          placesLeft: 2,
          sponsors: [{ name: 'Acme Sails', logoUrl }],
        },
      ],
    });
    const text = JSON.stringify(answer);
    for (const secret of ['@', 'Fair winds', 'Quiet', 'Pending', 'Gone', 'Failed', 'Dora', '9000000'])
      expect(text).not.toContain(secret);
    expect(pending.paymentStatus).toBe('pending');

    // The admin list carries both new fields.
    const list = expectPayload(
      await callEndpoint(t, endpoints.sponsorship.getSponsorshipsByEventId, { token, query: { eventId: event.id } }),
    );
    expect(list.find((item) => item.id === shown.id)).toMatchObject({ logoUrl, showPublicly: true });
    expect(list.find((item) => item.id === privateOne.id)).toMatchObject({ logoUrl, showPublicly: false });
  });

  it('counts a held place, and a package taken whole reads 0 places left', async () => {
    const solo = await createPackage(t, token, event.id, { name: 'Solo', amount: 5_000, quantity: 1 });
    const placesOf = async () => (await publicSponsors()).packages.find((item) => item.packageId === solo.id);
    expect((await placesOf())?.placesLeft).toBe(1);
    const held = await sponsor({ packageId: solo.id, name: 'Holder', email: 'h@example.org', showPublicly: true });
    expect(await placesOf()).toMatchObject({ placesLeft: 0, sponsors: [] });
    expectError(
      await callEndpoint(t, endpoints.sponsorship.create, {
        body: { eventId: event.id, packageId: solo.id, name: 'Late', email: 'late@example.org' },
      }),
      409,
      'SOLD_OUT',
    );
    await pay(held);
    expect(await placesOf()).toMatchObject({ placesLeft: 0, sponsors: [{ name: 'Holder', logoUrl: null }] });
  });

  it('answers 404 for a draft or unknown event, to the public and on upload', async () => {
    const draft = await publishEvent(t, token, { status: 'draft', sponsorshipsEnabled: true });
    for (const eventId of [draft.id, '00000000-0000-4000-8000-000000000000']) {
      expectError(
        await callEndpoint(t, endpoints.sponsorship.getPublicSponsors, { query: { eventId } }),
        404,
        'NOT_FOUND',
      );
      expectError(await uploadLogo(eventId), 404, 'NOT_FOUND');
    }
    const empty = await publishEvent(t, token, {});
    expect(await publicSponsors(empty.id)).toEqual({ packages: [] });
    // An event that takes no sponsorships takes no sponsor's logo either.
    expectError(await uploadLogo(empty.id), 409, 'CONFLICT');
  });

  it('refuses a logo that is not an image, and a logo address another scheme', async () => {
    expectError(await uploadLogo(event.id, Buffer.from('<svg onload="alert(1)"/>')), 400, 'BAD_INPUT');
    for (const logoUrl of ['javascript:alert(1)', 'data:image/png;base64,AAAA', '/etc/passwd', 12]) {
      const response = await call(t, 'POST', '/sponsorship/create', {
        body: { eventId: event.id, amount: 500, name: 'X', email: 'x@example.org', logoUrl },
      });
      expectError(response, 400, 'BAD_INPUT');
    }
    const notBoolean = await call(t, 'POST', '/sponsorship/create', {
      body: { eventId: event.id, amount: 500, name: 'X', email: 'x@example.org', showPublicly: 'yes' },
    });
    expectError(notBoolean, 400, 'BAD_INPUT', /showPublicly must be true or false/);
  });
});

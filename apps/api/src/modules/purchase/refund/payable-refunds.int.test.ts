import { endpoints, extrasQrText } from '@clubtix/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminApp, createClubWithAdmin, expectError, type TestApp } from '../../../../test/helpers';
import { outboxDrained } from '../../../../test/mail';
import {
  buyPaidExtras,
  extrasPurchaseRow,
  givePaid,
  onePlacePackage,
  refundedExtrasPurchase,
  refundedSponsorship,
  refundExtrasPurchase,
  refundRowsOfExtras,
  refundRowsOfSponsorship,
  refundSponsorship,
  sponsorshipRow,
} from '../../../../test/payable-refunds';
import { buyPaidOrder } from '../../../../test/refunds';
import { startSmtpListener, type SmtpListener } from '../../../../test/smtp-listener';
import { callEndpoint, expectPayload } from '../../../../test/call-endpoint';

/**
 * POST /sponsorship/refund and /extrasPurchase/refund with the simulated provider (docs/product.md
 * section 19): the same rules as an order's refund, mail through a real SMTP listener.
 */
describe('refunds of sponsorships, donations and extras bought alone', () => {
  let t: TestApp;
  let smtp: SmtpListener;
  let token: string;
  let otherToken: string;
  let people = 0;
  const nextPerson = () => `payable.refund${(people += 1)}@example.org`;

  beforeAll(async () => {
    smtp = await startSmtpListener();
    ({ t, token } = await createAdminApp({ SMTP_URL: smtp.url }));
    otherToken = (await createClubWithAdmin(t)).admin.token;
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const refundMails = async (to: string) => {
    await outboxDrained(t);
    return smtp.mailsTo(to).filter((mail) => mail.parsed.subject?.startsWith('Refund of'));
  };

  it('refunds a donation in part then the rest; the giver is told each time; the totals count what is kept', async () => {
    const giver = nextPerson();
    const { event, sponsorship } = await givePaid(t, token, giver, { amount: 5000 });
    const part = refundedSponsorship(
      await refundSponsorship(t, token, { sponsorshipId: sponsorship.id, amount: 2000, reason: 'Gave twice' }),
    );
    expect(part).toMatchObject({ paymentStatus: 'partially_refunded', refundedAmount: 2000, amount: 5000 });
    const [first] = await refundMails(giver);
    expect(first?.parsed.subject).toBe(`Refund of £20 for ${event.title}`);
    expect(first?.parsed.text).toContain(`We have refunded £20 of your donation to ${event.title}`);
    expect(first?.parsed.text).toContain('£30 of the £50 you paid stays paid.');
    expect(first?.parsed.text).toContain('Reason: Gave twice');
    const totals = expectPayload(
      await callEndpoint(t, endpoints.sponsorship.getSponsorshipTotalsByEventId, {
        token,
        query: { eventId: event.id },
      }),
    );
    expect(totals).toMatchObject({ paidCount: 1, donationCount: 1 });
    expect(totals.byCurrency).toEqual([expect.objectContaining({ total: 3000, donations: 3000 })]);

    const over = await refundSponsorship(t, token, { sponsorshipId: sponsorship.id, amount: 3001 });
    expectError(over, 400, 'BAD_INPUT');
    expect(over.body.errors).toEqual([{ path: 'amount', message: 'At most £30 is left to refund on this donation' }]);
    const rest = refundedSponsorship(await refundSponsorship(t, token, { sponsorshipId: sponsorship.id }));
    expect(rest).toMatchObject({ paymentStatus: 'refunded', refundedAmount: 5000 });
    expect((await refundMails(giver))[1]?.parsed.text).toContain('Your donation is now fully refunded.');
    expectError(
      await refundSponsorship(t, token, { sponsorshipId: sponsorship.id, amount: 100 }),
      409,
      'CONFLICT',
      /nothing is left/,
    );
    expect((await refundRowsOfSponsorship(t, sponsorship.id)).map((r) => r.amount).sort()).toEqual([2000, 3000]);
    const list = expectPayload(
      await callEndpoint(t, endpoints.sponsorship.getSponsorshipsByEventId, { token, query: { eventId: event.id } }),
    );
    expect(list[0]).toMatchObject({ paymentStatus: 'refunded', refundedAmount: 5000 });
  });

  it("a full refund of a sponsorship gives its package's place back", async () => {
    const { event, pkg } = await onePlacePackage(t, token);
    const sponsor = nextPerson();
    const { sponsorship } = await givePaid(t, token, sponsor, { event, pkg });
    const full = await callEndpoint(t, endpoints.sponsorship.create, {
      body: { eventId: event.id, packageId: pkg.id, name: 'Late', email: nextPerson() },
    });
    expectError(full, 409, 'SOLD_OUT');
    // In part, the sponsor keeps the place.
    await refundSponsorship(t, token, { sponsorshipId: sponsorship.id, amount: 10_000 });
    expectError(
      await callEndpoint(t, endpoints.sponsorship.create, {
        body: { eventId: event.id, packageId: pkg.id, name: 'Late', email: nextPerson() },
      }),
      409,
      'SOLD_OUT',
    );
    await refundSponsorship(t, token, { sponsorshipId: sponsorship.id });
    const [, mail] = await refundMails(sponsor);
    expect(mail?.parsed.text).toContain('Your sponsorship is now fully refunded.');
    const again = await callEndpoint(t, endpoints.sponsorship.create, {
      body: { eventId: event.id, packageId: pkg.id, name: 'Next', email: nextPerson() },
    });
    expect(again.status, again.body.msg).toBe(200);
  });

  it('refunds extras bought alone: in part the voucher still admits, in full it answers 409 CANCELLED and the extras sell again', async () => {
    const buyer = nextPerson();
    const paid = await buyPaidExtras(t, token, buyer, { price: 800, quantity: 2, stock: 2 });
    const qr = extrasQrText(paid.purchase.id, paid.purchase.qrUuid);
    expectError(
      await callEndpoint(t, endpoints.extrasPurchase.purchaseExtras, {
        body: { eventId: paid.event.id, extrasId: paid.extras.id, quantity: 1, email: nextPerson() },
      }),
      409,
      'SOLD_OUT',
    );
    const part = refundedExtrasPurchase(
      await refundExtrasPurchase(t, token, { extrasPurchaseId: paid.purchase.id, amount: 600 }),
    );
    expect(part).toMatchObject({ paymentStatus: 'partially_refunded', refundedAmount: 600 });
    const lookUp = await callEndpoint(t, endpoints.checkin.scanByExtrasPurchaseId, {
      token,
      body: { payload: qr, eventId: paid.event.id, redeem: false },
    });
    expect(lookUp.status, lookUp.body.msg).toBe(200);
    const [partMail] = await refundMails(buyer);
    expect(partMail?.parsed.text).toContain('Your voucher is still valid');

    const rest = refundedExtrasPurchase(await refundExtrasPurchase(t, token, { extrasPurchaseId: paid.purchase.id }));
    expect(rest).toMatchObject({ paymentStatus: 'refunded', refundedAmount: 1600 });
    const [, fullMail] = await refundMails(buyer);
    expect(fullMail?.parsed.text).toContain('Your voucher is cancelled: it no longer admits at the door.');
    const scanned = await callEndpoint(t, endpoints.checkin.scanByExtrasPurchaseId, {
      token,
      body: { payload: qr, eventId: paid.event.id },
    });
    expectError(scanned, 409, 'CANCELLED');
    const bought = await callEndpoint(t, endpoints.extrasPurchase.purchaseExtras, {
      body: { eventId: paid.event.id, extrasId: paid.extras.id, quantity: 2, email: nextPerson() },
    });
    expect(bought.status, bought.body.msg).toBe(200);
    const list = expectPayload(
      await callEndpoint(t, endpoints.extras.getExtrasPurchasesByEventId, { token, query: { eventId: paid.event.id } }),
    );
    expect(list.purchases).toEqual([
      expect.objectContaining({
        id: paid.purchase.id,
        paymentStatus: 'refunded',
        refundedAmount: 1600,
        boughtAlone: true,
      }),
    ]);
  });

  it("answers another club's sponsorship or purchase 404 and refunds nothing", async () => {
    const { sponsorship } = await givePaid(t, token, nextPerson());
    const extras = await buyPaidExtras(t, token, nextPerson());
    expectError(await refundSponsorship(t, otherToken, { sponsorshipId: sponsorship.id }), 404, 'NOT_FOUND');
    expectError(await refundExtrasPurchase(t, otherToken, { extrasPurchaseId: extras.purchase.id }), 404, 'NOT_FOUND');
    expect(await sponsorshipRow(t, sponsorship.id)).toMatchObject({ paymentStatus: 'paid', refundedAmount: 0 });
    expect(await extrasPurchaseRow(t, extras.purchase.id)).toMatchObject({ paymentStatus: 'paid', refundedAmount: 0 });
    expect(await refundRowsOfSponsorship(t, sponsorship.id)).toEqual([]);
    expect(await refundRowsOfExtras(t, extras.purchase.id)).toEqual([]);
  });

  it('never paid: 409; a voucher of an order: 404 (it is refunded with its order)', async () => {
    const event = (await givePaid(t, token, nextPerson())).event;
    const { sponsorship } = expectPayload(
      await callEndpoint(t, endpoints.sponsorship.create, {
        body: { eventId: event.id, amount: 1000, name: 'Not yet', email: nextPerson() },
      }),
    );
    expectError(await refundSponsorship(t, token, { sponsorshipId: sponsorship.id }), 409, 'CONFLICT', /Only a paid/);
    const order = await buyPaidOrder(t, token, nextPerson(), { lunch: true });
    expectError(await refundExtrasPurchase(t, token, { extrasPurchaseId: order.vouchers[0]!.id }), 404, 'NOT_FOUND');
  });

  it('answers the first refund to the same requestKey, and to the same call again', async () => {
    const giver = nextPerson();
    const { sponsorship } = await givePaid(t, token, giver, { amount: 4000 });
    const body = { sponsorshipId: sponsorship.id, amount: 1000, requestKey: 'dialog-0001' };
    await refundSponsorship(t, token, body);
    const again = await refundSponsorship(t, token, body);
    expect(again.body.msg).toMatch(/^Already refunded/);
    expect(refundedSponsorship(again).refundedAmount).toBe(1000);
    const plain = { sponsorshipId: sponsorship.id, amount: 500, reason: 'Late train' };
    await refundSponsorship(t, token, plain);
    await refundSponsorship(t, token, plain);
    expect((await sponsorshipRow(t, sponsorship.id)).refundedAmount).toBe(1500);
    expect(await refundMails(giver)).toHaveLength(2);

    const extras = await buyPaidExtras(t, token, nextPerson(), { price: 900 });
    const twice = await Promise.all(
      [0, 1, 2].map(() => refundExtrasPurchase(t, token, { extrasPurchaseId: extras.purchase.id })),
    );
    expect(twice.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(await refundRowsOfExtras(t, extras.purchase.id)).toHaveLength(1);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, extrasQrText, type TEvent, type TExtrasPurchase } from '@clubtix/contract';
import { buyTickets, confirmPayment } from '../../../test/buying';
import { addTicket, createExtras, publishEvent } from '../../../test/catalogue';
import { createAdminApp, type TestApp } from '../../../test/helpers';
import { outboxDrained, qrCodesOf } from '../../../test/mail';
import { startSmtpListener, type SmtpListener } from '../../../test/smtp-listener';
import { callEndpoint, expectPayload } from '../../../test/call-endpoint';

/**
 * Extras bought later (docs/decisions/0015-door-answers-and-the-gate.md, "Mail for what was paid"): the
 * buyer of an extra on its own gets its voucher by e-mail once it is paid (a phone that lost the page
 * still has it), and a ticket buyer's mail says what was paid.
 */
describe('the mail of what was paid, over SMTP', () => {
  let smtp: SmtpListener;
  let t: TestApp;
  let token: string;
  let event: TEvent;

  beforeAll(async () => {
    smtp = await startSmtpListener();
    ({ t, token } = await createAdminApp({ SMTP_URL: smtp.url }));
    event = await publishEvent(t, token, { title: 'Lighthouse Walk', currency: 'gbp' });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  async function purchaseExtras(extrasId: string, email: string, quantity: number): Promise<TExtrasPurchase> {
    return expectPayload(
      await callEndpoint(t, endpoints.extrasPurchase.purchaseExtras, {
        body: { eventId: event.id, extrasId, quantity, email },
      }),
    );
  }

  it('mails the voucher of an extra bought on its own once, when it is paid, with its QR and the amount', async () => {
    const picnic = await createExtras(t, token, event.id, { name: 'Picnic & flask', price: 650 });
    const buyer = 'picnic.buyer@example.org';
    const bought = await purchaseExtras(picnic.id, buyer, 2);
    const intent = expectPayload(
      await callEndpoint(t, endpoints.stripe.createPaymentIntent, { body: { extrasPurchaseId: bought.id } }),
    );

    // Declined first: nothing is mailed for a purchase not paid.
    const declined = await callEndpoint(t, endpoints.stripe.confirmPayment, {
      body: { paymentIntentId: intent.paymentIntentId, testCard: '4000000000000002' },
    });
    expect(declined.status).toBe(402);
    await outboxDrained(t);
    expect(smtp.mailsTo(buyer)).toHaveLength(0);

    // Paid, then confirmed again: one mail.
    for (let i = 0; i < 2; i++) {
      const paid = await callEndpoint(t, endpoints.stripe.confirmPayment, {
        body: { paymentIntentId: intent.paymentIntentId, testCard: '4242424242424242' },
      });
      expect(paid.status).toBe(200);
    }
    await outboxDrained(t);
    const [mail, ...more] = smtp.mailsTo(buyer);
    expect(more).toHaveLength(0);
    expect(mail!.parsed.subject).toBe('Your extras for Lighthouse Walk');
    const html = String(mail!.parsed.html);
    expect(html).toContain('Picnic &amp; flask × 2');
    expect(html).toContain('£13');
    expect(mail!.parsed.text).toContain('Paid: £13');
    expect(mail!.parsed.text).not.toContain('QR code of each ticket');
    expect((await qrCodesOf(mail!.parsed)).map((code) => code.qr)).toEqual([extrasQrText(bought.id, bought.qrUuid)]);
  });

  it('mails a free extra at once, with no amount', async () => {
    const map = await createExtras(t, token, event.id, { name: 'Trail map', price: 0 });
    const buyer = 'map.taker@example.org';
    const bought = await purchaseExtras(map.id, buyer, 1);
    expect(bought.paymentStatus).toBe('paid');
    await outboxDrained(t);
    const [mail, ...more] = smtp.mailsTo(buyer);
    expect(more).toHaveLength(0);
    expect(mail!.parsed.text).not.toContain('Paid:');
    expect((await qrCodesOf(mail!.parsed)).map((code) => code.qr)).toEqual([extrasQrText(bought.id, bought.qrUuid)]);
  });

  it("says in the ticket buyer's mail what the order came to, and not in an attendee's own", async () => {
    const ticket = await addTicket(t, token, event.id, { name: 'Walker', price: 1250, quantity: 10 });
    const buyer = 'walk.buyer@example.org';
    const { paymentIntentId } = await buyTickets(t, event.id, ticket.id, buyer, [
      { firstName: 'Ann', lastName: 'Hale', email: buyer },
      { firstName: 'Ben', lastName: 'Hale', email: 'ben.hale@example.org' },
    ]);
    expect((await confirmPayment(t, paymentIntentId)).status).toBe(200);
    await outboxDrained(t);
    expect(smtp.mailsTo(buyer)[0]!.parsed.text).toContain('Paid: £25');
    expect(smtp.mailsTo('ben.hale@example.org')[0]!.parsed.text).not.toContain('Paid:');
  });
});

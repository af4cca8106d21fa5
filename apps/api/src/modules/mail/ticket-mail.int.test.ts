import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  endpoints,
  extrasQrText,
  formatShortCode,
  type TEvent,
  type TSendTicketResult,
  type TTicket,
} from '@clubtix/contract';
import { clubs, mailOutbox } from '../../db/schema';
import { buyTickets, confirmPayment, holdTickets, payFor } from '../../../test/buying';
import { addTicket, createExtras, publishEvent } from '../../../test/catalogue';
import { createAdmin, createAdminApp, createClubWithAdmin, createTestApp, type TestApp } from '../../../test/helpers';
import { expectedQr, outboxDrained, qrCodesOf, viewerLink } from '../../../test/mail';
import { startSmtpListener, type SmtpListener } from '../../../test/smtp-listener';
import { callEndpoint } from '../../../test/call-endpoint';

const PUBLIC_URL = 'https://tickets.example.org';

/**
 * The ticket mail (ticket-mail-content.ts): what a buyer finds in the inbox, delivered over SMTP to a real
 * listener started here and parsed back as a mail client would.
 */
describe('ticket mail over SMTP', () => {
  let smtp: SmtpListener;
  let t: TestApp;
  let token: string;
  let event: TEvent;
  let ticket: TTicket;

  beforeAll(async () => {
    smtp = await startSmtpListener();
    ({ t, token } = await createAdminApp({
      SMTP_URL: smtp.url,
      PUBLIC_URL,
      MAIL_FROM: 'Harbour Club <tickets@example.org>',
    }));
    event = await publishEvent(t, token, {
      title: 'Harbour <Tour> & "Friends"',
      startDate: '2031-06-14T09:30:00.000Z',
      endDate: '2031-06-14T12:00:00.000Z',
      timezone: 'Europe/London',
      venue: 'Pier 4 <North>',
      address: '1 Quay Street, Bristol',
    });
    ticket = await addTicket(t, token, event.id, { name: 'Adult & Co', price: 1500, quantity: 20 });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('sends one mail per confirmed purchase, even when the payment is confirmed twice', async () => {
    const buyer = 'buyer.one@example.org';
    const { registration, paymentIntentId } = await buyTickets(t, event.id, ticket.id, buyer, [
      { firstName: 'Ann', lastName: 'Walker', email: buyer },
      { firstName: 'Bob', lastName: "O'Hara <b>bold</b>", email: 'bob@example.org' },
    ]);
    expect((await confirmPayment(t, paymentIntentId)).status).toBe(200);
    await outboxDrained(t);

    const [mail, ...more] = smtp.mailsTo(buyer);
    expect(more).toHaveLength(0);
    const parsed = mail!.parsed;
    expect(parsed.subject).toBe('Your tickets for Harbour <Tour> & "Friends"');
    expect(parsed.from?.text).toContain('tickets@example.org');

    // The event's details, in the event's own time zone (10:30 in London is 09:30 UTC in June).
    const html = String(parsed.html);
    expect(html).toContain('Harbour &lt;Tour&gt; &amp; &quot;Friends&quot;');
    expect(html).toContain('Sat 14/06/2031 10:30 – 13:00 (Europe/London)');
    expect(parsed.text).toContain('When: Sat 14/06/2031 10:30 – 13:00 (Europe/London)');
    expect(html).toContain('Pier 4 &lt;North&gt;');
    expect(html).toContain('1 Quay Street, Bristol');
    expect(parsed.text).toContain('Where: Pier 4 <North>, 1 Quay Street, Bristol');

    // Each attendee: name and ticket type, escaped; nothing a user typed becomes markup.
    expect(html).toContain('Ann Walker');
    expect(html).toContain('Bob O&#39;Hara &lt;b&gt;bold&lt;/b&gt;');
    expect(html).not.toContain('<b>bold</b>');
    expect(html).toContain('Adult &amp; Co');
    expect(parsed.text).toContain("Bob O'Hara <b>bold</b> - Adult & Co");

    // The QR codes as images, read back from their pixels, and the viewer links.
    const [ann, bob] = registration.attendees;
    const codes = await qrCodesOf(parsed);
    expect(codes.map((code) => code.qr)).toEqual([
      expectedQr(registration.registrationId, ann!.attendeeId, registration.qrUuid),
      expectedQr(registration.registrationId, bob!.attendeeId, registration.qrUuid),
    ]);
    for (const attendee of [ann!, bob!]) {
      const link = viewerLink(
        PUBLIC_URL,
        event.id,
        registration.registrationId,
        attendee.attendeeId,
        registration.qrUuid,
      );
      expect(html).toContain(`href="${link}"`);
      expect(parsed.text).toContain(link);
      // The short code typed at the door when the QR will not scan (docs/product.md section 20).
      expect(html).toContain(formatShortCode(attendee.shortCode));
      expect(parsed.text).toContain(`Ticket code: ${formatShortCode(attendee.shortCode)}`);
    }

    // Bob, named with an e-mail of his own, gets his own ticket (and only his).
    const [bobsMail, ...bobsMore] = smtp.mailsTo('bob@example.org');
    expect(bobsMore).toHaveLength(0);
    expect(bobsMail!.parsed.subject).toBe('Your ticket for Harbour <Tour> & "Friends"');
    expect((await qrCodesOf(bobsMail!.parsed)).map((code) => code.qr)).toEqual([
      expectedQr(registration.registrationId, bob!.attendeeId, registration.qrUuid),
    ]);
    expect(String(bobsMail!.parsed.html)).not.toContain('Ann Walker');

    const rows = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, buyer));
    expect(rows.map((row) => row.status)).toEqual(['sent']);
  });

  it('gives the buyer the vouchers of the extras paid with the tickets, each QR readable from its image', async () => {
    const lunch = await createExtras(t, token, event.id, { name: 'Lunch & box', price: 700 });
    const buyer = 'buyer.extras@example.org';
    const held = await holdTickets(t, event.id, ticket.id, buyer, [
      { firstName: 'Flo', lastName: 'Fisher', email: 'flo@example.org' },
    ]);
    const { extrasVouchers } = await payFor(t, held, [{ extrasId: lunch.id, quantity: 2 }]);
    const [voucher] = extrasVouchers;
    await outboxDrained(t);

    const [mail] = smtp.mailsTo(buyer);
    const html = String(mail!.parsed.html);
    expect(html).toContain('Your extras');
    expect(html).toContain('Lunch &amp; box × 2');
    expect((await qrCodesOf(mail!.parsed)).map((code) => code.qr)).toEqual([
      expectedQr(held.registrationId, held.attendees[0]!.attendeeId, held.qrUuid),
      extrasQrText(voucher!.id, voucher!.qrUuid),
    ]);
    // The attendee with an e-mail of their own gets the ticket, not the buyer's extras.
    const [flosMail] = smtp.mailsTo('flo@example.org');
    expect((await qrCodesOf(flosMail!.parsed)).map((code) => code.qr)).toEqual([
      expectedQr(held.registrationId, held.attendees[0]!.attendeeId, held.qrUuid),
    ]);
  });

  it("sends an attendee's ticket again through sendTicket, each time it is asked", async () => {
    const buyer = 'buyer.two@example.org';
    const { registration } = await buyTickets(t, event.id, ticket.id, buyer, [
      { firstName: 'Cleo', lastName: 'Stone', email: 'cleo@example.org' },
    ]);
    await outboxDrained(t);
    const cleo = registration.attendees[0]!;
    const before = smtp.mailsTo('cleo@example.org').length;

    for (let i = 0; i < 2; i++) {
      const response = await callEndpoint(t, endpoints.registration.sendTicket, {
        token,
        query: { attendeeId: cleo.attendeeId, eventId: event.id },
      });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        payload: { sent: true, to: 'cleo@example.org' } satisfies TSendTicketResult,
        msg: 'Ticket sent',
      });
    }
    await outboxDrained(t);
    const resent = smtp.mailsTo('cleo@example.org').slice(before);
    expect(resent).toHaveLength(2);
    for (const mail of resent) {
      expect(mail.parsed.subject).toBe('Your ticket for Harbour <Tour> & "Friends"');
      expect((await qrCodesOf(mail.parsed)).map((code) => code.qr)).toEqual([
        expectedQr(registration.registrationId, cleo.attendeeId, registration.qrUuid),
      ]);
      expect(mail.parsed.text).toContain(`Ticket code: ${formatShortCode(cleo.shortCode)}`);
    }
  });

  it('mails the tickets of an e-mail again through getRegistrationByEmail, and only when it has some', async () => {
    const buyer = 'buyer.three@example.org';
    const { registration } = await buyTickets(t, event.id, ticket.id, buyer, [
      { firstName: 'Dan', lastName: 'Reed', email: buyer },
    ]);
    await outboxDrained(t);
    const before = smtp.received.length;

    const found = await callEndpoint(t, endpoints.registration.getRegistrationByEmail, {
      query: { email: 'Buyer.Three@Example.org', eventId: event.id },
    });
    expect(found.body.payload).toEqual({ found: true });
    const missing = await callEndpoint(t, endpoints.registration.getRegistrationByEmail, {
      query: { email: 'nobody@example.org', eventId: event.id },
    });
    expect(missing.status).toBe(200);
    expect(missing.body.payload).toEqual({ found: false });
    expect(missing.text).not.toContain(registration.registrationId);

    await outboxDrained(t);
    const sent = smtp.received.slice(before);
    expect(sent.map((mail) => mail.to)).toEqual([[buyer]]);
    expect((await qrCodesOf(sent[0]!.parsed)).map((code) => code.qr)).toEqual([
      expectedQr(registration.registrationId, registration.attendees[0]!.attendeeId, registration.qrUuid),
    ]);
  });
});

/** The club is the sender (docs/decisions/0067-the-club-as-sender.md), as a mail client shows it. */
describe('the club as the sender of its mails', () => {
  let smtp: SmtpListener;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtpListener();
    t = await createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL, MAIL_FROM: 'ClubTix <tickets@example.org>' });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('says "<club> via ClubTix", answers to the club, and shows its name and logo, however the name is spelt', async () => {
    const { club, admin } = await createClubWithAdmin(t);
    await createAdmin(t, club.id, 'later.admin@example.org');
    // Quotes, a comma, non-ASCII, and a line break that would start a header of its own.
    await t.db
      .update(clubs)
      .set({ name: 'Ann\'s "Boat", Club\r\nBcc: evil@example.org Ünïcode', logoUrl: '/api/media/logo-1.png' })
      .where(eq(clubs.id, club.id));
    const event = await publishEvent(t, admin.token, { title: 'Regatta' });
    const ticket = await addTicket(t, admin.token, event.id);
    const buyer = 'sender.buyer@example.org';
    await buyTickets(t, event.id, ticket.id, buyer, [{ firstName: 'Sam', lastName: 'Hill', email: buyer }]);
    await outboxDrained(t);

    const name = 'Ann\'s "Boat", Club Bcc: evil@example.org Ünïcode';
    expect(smtp.received.flatMap((mail) => mail.to)).not.toContain('evil@example.org');
    const [mail] = smtp.mailsTo(buyer);
    const parsed = mail!.parsed;
    expect(parsed.from?.value).toEqual([{ name: `${name} via ClubTix`, address: 'tickets@example.org' }]);
    expect(parsed.headers.has('bcc')).toBe(false);
    // No contact address set: the club's first admin answers.
    expect(parsed.replyTo?.value).toEqual([{ name, address: admin.row.email }]);
    expect(parsed.text).toContain(name);
    const html = String(parsed.html);
    expect(html).toContain('Ann&#39;s &quot;Boat&quot;, Club Bcc: evil@example.org Ünïcode');
    expect(html).toContain('<img src="https://tickets.example.org/api/media/logo-1.png?w=480"');

    // The club's own contact address, once set, is where replies go; a list of two is refused.
    const refused = await callEndpoint(t, endpoints.club.save, {
      token: admin.token,
      body: { id: club.id, contactEmail: 'a@example.org, b@example.org' },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.errors?.map((error) => error.path)).toEqual(['contactEmail']);
    const saved = await callEndpoint(t, endpoints.club.save, {
      token: admin.token,
      body: { id: club.id, contactEmail: ' Box.Office@Example.org ' },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.payload).toMatchObject({ contactEmail: 'box.office@example.org' });
    // The admins read it back; the public club page does not show it.
    const read = await callEndpoint(t, endpoints.club.getAllClubs, { token: admin.token });
    expect(read.body.payload).toMatchObject([{ contactEmail: 'box.office@example.org' }]);
    const publicRead = await callEndpoint(t, endpoints.club.getClub, { query: { clubId: club.id } });
    expect(publicRead.text).not.toContain('box.office@example.org');

    const second = 'sender.second@example.org';
    await buyTickets(t, event.id, ticket.id, second, [{ firstName: 'Kim', lastName: 'Hill', email: second }]);
    await outboxDrained(t);
    expect(smtp.mailsTo(second)[0]!.parsed.replyTo?.value).toEqual([{ name, address: 'box.office@example.org' }]);
  });
});

describe('ticket mail with no SMTP_URL', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    ({ t, token } = await createAdminApp());
  });
  afterAll(async () => t.close());

  it('keeps the mail in the outbox, with its QR codes described, and says so on a resend', async () => {
    const event = await publishEvent(t, token);
    const ticket = await addTicket(t, token, event.id);
    const buyer = 'kept@example.org';
    const { registration } = await buyTickets(t, event.id, ticket.id, buyer, [
      { firstName: 'Eve', lastName: 'Long', email: buyer },
    ]);
    await outboxDrained(t);
    const rows = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, buyer));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'kept', subject: `Your ticket for ${event.title}` });
    const eve = registration.attendees[0]!;
    expect(rows[0]!.attachments).toEqual([
      expect.objectContaining({
        kind: 'qr',
        text: expectedQr(registration.registrationId, eve.attendeeId, registration.qrUuid),
      }),
      // The ticket PDF is described, not stored: drawn when the mail is sent (docs/decisions/0044-pdf-tickets.md).
      { kind: 'ticketsPdf', registrationId: registration.registrationId, qrUuid: registration.qrUuid },
    ]);

    const resend = await callEndpoint(t, endpoints.registration.sendTicket, {
      token,
      query: { attendeeId: eve.attendeeId, eventId: event.id },
    });
    expect(resend.body).toEqual({
      payload: { sent: false, to: buyer },
      msg: 'No mail server is set up: the ticket was kept in the outbox',
    });
    await outboxDrained(t);
    const after = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, buyer));
    expect(after.map((row) => row.status)).toEqual(['kept', 'kept']);
  });
});

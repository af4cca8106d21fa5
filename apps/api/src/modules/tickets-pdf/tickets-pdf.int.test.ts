import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  endpoints,
  extrasQrText,
  formatShortCode,
  type TEvent,
  type TExtrasVoucher,
  type TRegistration,
  type TTicket,
} from '@clubtix/contract';
import { clubs, registrations } from '../../db/schema';
import { holdTickets, payFor } from '../../../test/buying';
import { addTicket, createExtras, publishEvent } from '../../../test/catalogue';
import {
  call,
  createClubWithAdmin,
  createTestApp,
  expectError,
  uploadImage,
  type TestApp,
} from '../../../test/helpers';
import { expectedQr, outboxDrained } from '../../../test/mail';
import { readPdf } from '../../../test/pdf';
import { startSmtpListener, type SmtpListener } from '../../../test/smtp-listener';
import { callEndpoint } from '../../../test/call-endpoint';

/** Text without Thai vowels and tone marks written above or below a letter, nor spaces. */
const withoutThaiMarks = (text: string) => text.replace(/[\u0E31\u0E34-\u0E3A\u0E47-\u0E4E\s]/g, '');

/**
 * PDF tickets (docs/product.md section 22, docs/decisions/0044-pdf-tickets.md): read back as a
 * person's PDF reader and the door's scanner would, through poppler's pdftotext and pdftoppm and a
 * QR decoder on the rendered pages.
 */
describe('ticket PDF', () => {
  let smtp: SmtpListener;
  let t: TestApp;
  let token: string;
  let event: TEvent;
  let ticket: TTicket;
  let registration: TRegistration;
  let voucher: TExtrasVoucher;
  const buyer = 'pdf.buyer@example.org';

  const getPdf = (registrationId: string, qrUuid: string) =>
    t.app.inject({ method: 'GET', url: '/api/registration/getTicketsPdf', query: { registrationId, qrUuid } });

  beforeAll(async () => {
    smtp = await startSmtpListener();
    t = await createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://tickets.example.org' });
    const { club, admin } = await createClubWithAdmin(t);
    token = admin.token;
    const logo = await sharp({ create: { width: 300, height: 120, channels: 3, background: '#1d4ed8' } })
      .png()
      .toBuffer();
    const upload = await uploadImage(t, token, [{ filename: 'logo.png', contentType: 'image/png', data: logo }]);
    const logoUrl = (upload.body.payload as { url: string }).url;
    await t.db.update(clubs).set({ logoUrl }).where(eq(clubs.id, club.id));
    event = await publishEvent(t, token, {
      title: 'Harbour Tour',
      startDate: '2031-06-14T09:30:00.000Z',
      endDate: '2031-06-14T12:00:00.000Z',
      timezone: 'Europe/London',
      venue: 'Pier 4',
      address: '1 Quay Street, Bristol',
    });
    ticket = await addTicket(t, token, event.id, { name: 'Adult', price: 1500, quantity: 20 });
    const lunch = await createExtras(t, token, event.id, { name: 'Lunch box', price: 700 });
    const held = await holdTickets(t, event.id, ticket.id, buyer, [
      { firstName: 'Ann', lastName: 'Walker', email: buyer },
      { firstName: 'สมชาย', lastName: 'ใจดี', email: 'somchai@example.org' },
    ]);
    const paid = await payFor(t, held, [{ extrasId: lunch.id, quantity: 2 }]);
    registration = paid.registration;
    voucher = paid.extrasVouchers[0]!;
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('prints a page per attendee and one per voucher, each QR readable from the rendered page', async () => {
    const response = await getPdf(registration.registrationId, registration.qrUuid);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="tickets-Harbour-Tour.pdf"; filename*=UTF-8''tickets-Harbour-Tour.pdf`,
    );
    expect(response.headers['cache-control']).toBe('no-store');
    const pdf = await readPdf(response.rawPayload);
    expect(pdf.pages).toBe(3);
    const [ann, somchai] = registration.attendees;
    expect(pdf.qrs).toEqual([
      expectedQr(registration.registrationId, ann!.attendeeId, registration.qrUuid),
      expectedQr(registration.registrationId, somchai!.attendeeId, registration.qrUuid),
      extrasQrText(voucher.id, voucher.qrUuid),
    ]);
    const [first, second, third] = pdf.texts;
    for (const page of pdf.texts) {
      expect(page).toContain('Harbour Tour');
      // In the event's zone: 10:30 in London is 09:30 UTC in June.
      expect(page).toContain('When: Sat, 14/06/2031, 10:30–13:00 (Europe/London)');
      expect(page).toContain('Where: Pier 4, 1 Quay Street, Bristol');
    }
    expect(first).toContain('Ann Walker');
    expect(first).toContain('Adult');
    expect(first).toContain('Ticket 1 of 2');
    expect(first).toContain(formatShortCode(ann!.shortCode));
    expect(second).toContain('สมชาย ใจดี');
    expect(second).toContain(formatShortCode(somchai!.shortCode));
    expect(third).toContain('Extras voucher');
    expect(third).toContain('Lunch box × 2');
    // The club's logo on every page (the QR is drawn as vector squares, not an image).
    expect(pdf.images).toEqual([1, 1, 1]);
  });

  it('speaks the language the booking was made in', async () => {
    await t.db.update(registrations).set({ language: 'th' }).where(eq(registrations.id, registration.registrationId));
    try {
      const response = await getPdf(registration.registrationId, registration.qrUuid);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-disposition']).toContain(
        `filename*=UTF-8''${encodeURIComponent('ตั๋ว-Harbour-Tour.pdf')}`,
      );
      const pdf = await readPdf(response.rawPayload);
      // pdftotext may give a stacked tone mark after the next letter ("ตัว๋ "): compared without them.
      const [first, , third] = pdf.texts.map(withoutThaiMarks);
      expect(first).toContain(withoutThaiMarks('รหัสตั๋ว'));
      expect(first).toContain(withoutThaiMarks('ตั๋วใบที่ 1 จาก 2'));
      expect(first).toContain(withoutThaiMarks('วันและเวลา: เสาร์ 14/06/2031 10:30'));
      expect(third).toContain(withoutThaiMarks('ของเสริม'));
      expect(pdf.qrs[1]).toBe(
        expectedQr(registration.registrationId, registration.attendees[1]!.attendeeId, registration.qrUuid),
      );
    } finally {
      await t.db.update(registrations).set({ language: 'en' }).where(eq(registrations.id, registration.registrationId));
    }
  });

  it('answers 404 to a wrong qrUuid, as the ticket viewer does, and 409 to a booking not paid yet', async () => {
    const wrong = await getPdf(registration.registrationId, '00000000-0000-4000-8000-000000000000');
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json()).toMatchObject({ code: 'NOT_FOUND', msg: 'Registration not found' });
    expectError(
      await callEndpoint(t, endpoints.registration.getTicketsPdf, {
        query: { registrationId: 'nope', qrUuid: 'nope' },
      }),
      404,
      'NOT_FOUND',
    );
    const held = await holdTickets(t, event.id, ticket.id, 'unpaid@example.org', [
      { firstName: 'Una', lastName: 'Paid', email: 'unpaid@example.org' },
    ]);
    const unpaid = await getPdf(held.registrationId, held.qrUuid);
    expect(unpaid.statusCode).toBe(409);
    expect(unpaid.json()).toMatchObject({ code: 'CONFLICT' });
    expectError(await call(t, 'GET', '/registration/getTicketsPdf', { query: {} }), 400, 'BAD_INPUT');
  });

  it("attaches the PDF to the buyer's ticket mail, not to an attendee's own copy", async () => {
    await outboxDrained(t);
    const [mail, ...more] = smtp.mailsTo(buyer);
    expect(more).toHaveLength(0);
    const pdfs = mail!.parsed.attachments.filter((attachment) => attachment.contentType === 'application/pdf');
    expect(pdfs).toHaveLength(1);
    expect(pdfs[0]!.filename).toBe('tickets-Harbour-Tour.pdf');
    expect(pdfs[0]!.contentDisposition).toBe('attachment');
    const attached = await readPdf(pdfs[0]!.content);
    expect(attached.pages).toBe(3);
    expect(attached.qrs[2]).toBe(extrasQrText(voucher.id, voucher.qrUuid));
    const [guestMail] = smtp.mailsTo('somchai@example.org');
    expect(guestMail!.parsed.attachments.map((attachment) => attachment.contentType)).toEqual(['image/png']);
  });
});

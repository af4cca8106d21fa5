import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, formatMoney, zonedFormat, type TEvent, type TRegistration, type TTicket } from '@clubtix/contract';
import { extrasPurchases, orders, registrations, sponsorships, waitlistEntries } from '../../db/schema';
import { lapseHold, payFor } from '../../../test/buying';
import { addTicket, createExtras, publishEvent } from '../../../test/catalogue';
import { createAdminApp, type TestApp } from '../../../test/helpers';
import { outboxDrained } from '../../../test/mail';
import { startSmtpListener, type SmtpListener } from '../../../test/smtp-listener';
import { offerDepsOf } from '../../../test/waitlist';
import { sendDueReminders } from '../messages/reminders';
import { offerFreedTickets } from '../waitlist/offers';
import { callEndpoint, expectPayload } from '../../../test/call-endpoint';

const HOUR = 3_600_000;

/**
 * docs/product.md section 22: a buyer's mails speak the language they bought in (the Accept-Language
 * the web app sends), delivered over SMTP to a real listener and read back as a mail client would.
 */
describe('mails in the buyer language', () => {
  let smtp: SmtpListener;
  let t: TestApp;
  let token: string;
  let event: TEvent;
  let ticket: TTicket;
  let frenchRegistrationId: string;

  beforeAll(async () => {
    smtp = await startSmtpListener();
    ({ t, token } = await createAdminApp({ SMTP_URL: smtp.url }, { holdSweepMs: 24 * HOUR }));
    event = await publishEvent(t, token, {
      title: 'Gala <du port>',
      startDate: '2031-06-14T17:30:00.000Z',
      endDate: '2031-06-14T21:00:00.000Z',
      timezone: 'Europe/Paris',
      currency: 'eur',
      venue: 'Quai 4',
      donationsEnabled: true,
    });
    ticket = await addTicket(t, token, event.id, { name: 'Adulte', price: 1550, quantity: 20 });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  /** Held with the given Accept-Language (none when undefined), filled in, paid. */
  async function buyIn(language: string | undefined, email: string): Promise<TRegistration> {
    const init = expectPayload(
      await callEndpoint(t, endpoints.registration.initRegistration, {
        body: { eventId: event.id, email, tickets: [{ ticketId: ticket.id, quantity: 1 }] },
        ...(language ? { headers: { 'accept-language': language } } : {}),
      }),
    );
    const { registrationId, qrUuid, attendees } = init.registration;
    const saved = expectPayload(
      await callEndpoint(t, endpoints.registration.save, {
        body: {
          registrationId,
          qrUuid,
          attendees: [{ attendeeId: attendees[0]!.attendeeId, firstName: 'Léa', lastName: 'Roux', email }],
          answers: {},
        },
      }),
    );
    return (await payFor(t, saved)).registration;
  }

  const languageOf = async (registrationId: string) =>
    (await t.db.select().from(registrations).where(eq(registrations.id, registrationId)))[0]!.language;

  it('writes the ticket mail in French to a buyer who bought in French: words, dates and money', async () => {
    const buyer = 'lea.fr@example.org';
    const registration = await buyIn('fr-FR,fr;q=0.9,en;q=0.5', buyer);
    frenchRegistrationId = registration.registrationId;
    expect(await languageOf(registration.registrationId)).toBe('fr');
    await outboxDrained(t);
    const mail = smtp.mailsTo(buyer)[0]!.parsed;
    expect(mail.subject).toBe('Votre billet pour Gala <du port>');
    // 17:30 UTC is 19:30 in Paris in June; French weekday, dd/mm/yyyy, 24-hour clock.
    expect(mail.text).toContain('Quand : sam. 14/06/2031 19:30 – 23:00 (Europe/Paris)');
    expect(mail.text).toContain(`Payé : ${formatMoney(1550, 'eur', 'fr')}`);
    expect(formatMoney(1550, 'eur', 'fr')).toBe('15,50\u00a0€');
    expect(mail.text).toContain('Léa Roux - Adulte');
    expect(mail.text).toContain('Présentez le QR code de chaque billet à l’entrée');
    const html = String(mail.html);
    expect(html).toContain('<html lang="fr">');
    expect(html).toContain('<strong>Lieu :</strong> Quai 4');
    expect(html).toContain('Gala &lt;du port&gt;');
  });

  it('writes the refund of that order in French, whoever refunds it, the reason as typed', async () => {
    const [order] = await t.db.select().from(orders).where(eq(orders.registrationId, frenchRegistrationId));
    const refunded = await callEndpoint(t, endpoints.order.refund, {
      token,
      headers: { 'accept-language': 'en' },
      body: { orderId: order!.id, amount: 500, reason: 'Seat <moved>' },
    });
    expect(refunded.status, refunded.body.msg).toBe(200);
    await outboxDrained(t);
    const mail = smtp.mailsTo('lea.fr@example.org').find((m) => m.parsed.subject?.startsWith('Remboursement'))!.parsed;
    const euros = (text: string) => text.replace(/ €/g, '\u00a0€');
    expect(mail.subject).toBe(euros('Remboursement de 5 € pour Gala <du port>'));
    expect(mail.text).toContain(euros('Nous avons remboursé 5 € de votre commande pour Gala <du port>'));
    expect(mail.text).toContain(euros('10,50 € sur les 15,50 € payés restent acquis.'));
    expect(mail.text).toContain('Motif : Seat <moved>');
  });

  it('writes English to a buyer whose request named no language', async () => {
    const buyer = 'no.header@example.org';
    const registration = await buyIn(undefined, buyer);
    expect(await languageOf(registration.registrationId)).toBe('en');
    await outboxDrained(t);
    const mail = smtp.mailsTo(buyer)[0]!.parsed;
    expect(mail.subject).toBe('Your ticket for Gala <du port>');
    expect(mail.text).toContain('When: Sat 14/06/2031 19:30 – 23:00 (Europe/Paris)');
    expect(mail.text).toContain('Paid: €15.50');
    expect(String(mail.html)).toContain('<html lang="en">');
  });

  it('frames an organiser message in each reader language, the message itself as written', async () => {
    const sent = await callEndpoint(t, endpoints.message.send, {
      token,
      headers: { 'accept-language': 'de' },
      body: { eventId: event.id, subject: 'Parking info', body: 'Use gate B.', audience: 'all' },
    });
    expect(sent.status, sent.body.msg).toBe(200);
    await outboxDrained(t);
    const french = smtp.mailsTo('lea.fr@example.org').find((m) => m.parsed.subject === 'Parking info')!.parsed;
    expect(french.text).toContain('Use gate B.');
    expect(french.text).toContain(
      'Vous recevez ce message car vous avez un billet pour Gala <du port>, sam. 14/06/2031',
    );
    const english = smtp.mailsTo('no.header@example.org').find((m) => m.parsed.subject === 'Parking info')!.parsed;
    expect(english.text).toContain('You receive this because you have a ticket for Gala <du port>, Sat 14/06/2031');
  });

  it('records the language of extras bought alone and of a donation, and mails the voucher in it', async () => {
    const water = await createExtras(t, token, event.id, { name: 'Agua', price: 0 });
    const spanish = { 'accept-language': 'es-ES,es;q=0.9' };
    const bought = await callEndpoint(t, endpoints.extrasPurchase.purchaseExtras, {
      headers: spanish,
      body: { eventId: event.id, extrasId: water.id, quantity: 2, email: 'ana@example.org' },
    });
    expect(bought.status, bought.body.msg).toBe(200);
    const [purchase] = await t.db.select().from(extrasPurchases).where(eq(extrasPurchases.extrasId, water.id));
    expect(purchase!.language).toBe('es');
    await outboxDrained(t);
    const mail = smtp.mailsTo('ana@example.org')[0]!.parsed;
    expect(mail.subject).toBe('Tus extras para Gala <du port>');
    expect(mail.text).toContain('Cuándo: sáb 14/06/2031 19:30 – 23:00 (Europe/Paris)');
    expect(mail.text).toContain('Agua × 2: su código QR está entre las imágenes de este correo');

    const gift = await callEndpoint(t, endpoints.sponsorship.create, {
      headers: { 'accept-language': 'de' },
      body: { eventId: event.id, amount: 1000, name: 'Jonas', email: 'jonas.gift@example.org' },
    });
    expect(gift.status, gift.body.msg).toBe(200);
    const [given] = await t.db.select().from(sponsorships).where(eq(sponsorships.email, 'jonas.gift@example.org'));
    expect(given!.language).toBe('de');
  });

  it('offers waiting-list tickets in Thai to a person who joined in Thai', async () => {
    const small = await addTicket(t, token, event.id, { name: 'Deck', price: 0, quantity: 1 });
    const hold = await callEndpoint(t, endpoints.registration.initRegistration, {
      body: { eventId: event.id, email: 'holder@example.org', tickets: [{ ticketId: small.id, quantity: 1 }] },
    });
    expect(hold.status, hold.body.msg).toBe(200);
    const joined = await callEndpoint(t, endpoints.waitlist.join, {
      headers: { 'accept-language': 'th-TH,th;q=0.9' },
      body: { eventId: event.id, ticketId: small.id, email: 'somchai@example.org', quantity: 1 },
    });
    expect(joined.status, joined.body.msg).toBe(200);
    const [entry] = await t.db.select().from(waitlistEntries).where(eq(waitlistEntries.ticketId, small.id));
    expect(entry!.language).toBe('th');
    // The place is confirmed by mail at once, in Thai.
    await outboxDrained(t);
    await expect.poll(() => smtp.mailsTo('somchai@example.org').length, { timeout: 30_000 }).toBe(1);
    const confirmation = smtp.mailsTo('somchai@example.org')[0]!.parsed;
    expect(confirmation.subject).toBe('คุณอยู่ในรายชื่อรอสำหรับ Gala <du port> แล้ว');
    expect(confirmation.text).toContain('คุณอยู่ในรายชื่อรอสำหรับ 1 × Deck');

    await lapseHold(t, hold.body.payload!.registration.registrationId);
    expect(await offerFreedTickets(offerDepsOf(t), event.id)).toBe(1);
    await outboxDrained(t);
    await expect.poll(() => smtp.mailsTo('somchai@example.org').length, { timeout: 30_000 }).toBe(2);
    const mail = smtp.mailsTo('somchai@example.org').find((m) => m.parsed.subject !== confirmation.subject)!.parsed;
    expect(mail.subject).toBe('มีตั๋วสำหรับ Gala <du port> รอคุณอยู่');
    expect(mail.text).toContain('1 × Deck ถูกกันไว้ให้คุณคนเดียวจนถึง');
    // Thai in the Gregorian calendar with Latin digits: the year is 2031, not 2574.
    const weekday = zonedFormat({ weekday: 'short' }, 'Europe/Paris', 'th').format(new Date(event.startDate));
    expect(mail.text).toContain(`วันเวลา: ${weekday} 14/06/2031 19:30 – 23:00 (Europe/Paris)`);
    expect(String(mail.html)).toContain('<html lang="th">');
  });

  it('reminds a box-office buyer in the seller language, which the sale records', async () => {
    const start = new Date(Date.now() + 2 * HOUR);
    const soon = await publishEvent(t, token, {
      title: 'Nachtfahrt',
      startDate: start.toISOString(),
      endDate: new Date(start.getTime() + HOUR).toISOString(),
      timezone: 'Europe/Berlin',
      currency: 'eur',
      reminderHoursBefore: 3,
    });
    const deck = await addTicket(t, token, soon.id, { name: 'Deck', quantity: 10 });
    const sale = await callEndpoint(t, endpoints.boxoffice.sell, {
      token,
      headers: { 'accept-language': 'de-DE' },
      body: {
        eventId: soon.id,
        email: 'jonas@example.org',
        tickets: [{ ticketId: deck.id, quantity: 1 }],
        paymentMethod: 'complimentary',
      },
    });
    expect(sale.status, sale.body.msg).toBe(200);
    await outboxDrained(t);
    expect(smtp.mailsTo('jonas@example.org')[0]!.parsed.subject).toBe('Ihr Ticket für Nachtfahrt');

    expect(await sendDueReminders(t)).toBeGreaterThanOrEqual(1);
    await outboxDrained(t);
    const reminder = smtp.mailsTo('jonas@example.org').find((m) => m.parsed.subject?.startsWith('Erinnerung'));
    expect(reminder?.parsed.subject).toMatch(/^Erinnerung: Nachtfahrt, \S+ \d\d\.\d\d\.\d{4} \d\d:\d\d – /);
    expect(reminder?.parsed.text).toContain('Ticketcode:');
  });
});

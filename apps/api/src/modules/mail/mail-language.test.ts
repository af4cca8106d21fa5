import { describe, expect, it } from 'vitest';
import type { Config } from '../../config';
import { composeFreeConfirmationMail } from './free-confirmation-mail';
import { eventWhen, mailDateTime, mailLanguage } from './mail-format';
import { composeRefundMail } from './refund-mail';
import { composeTicketMail, type TicketEntry } from './ticket-mail-content';
import { composeWaitlistOfferMail } from './waitlist-mail';

const config = { publicUrl: 'https://tix.example.org' } as Config;
const event = {
  id: 'evt-1',
  slug: 'gala',
  title: 'Gala <night>',
  venue: 'Hall',
  address: null,
  startDate: new Date('2030-08-15T17:00:00Z'),
  endDate: new Date('2030-08-15T21:00:00Z'),
  timezone: 'Europe/Paris',
  status: 'published',
};
const ticket: TicketEntry = {
  registrationId: 'reg-1',
  qrUuid: 'secret-1',
  attendeeId: 'a-1',
  firstName: null,
  lastName: null,
  email: null,
  ticketName: 'Standard',
  shortCode: 'ABCD2345',
};

describe('mail moments in the reader language (docs/product.md section 22)', () => {
  const at = new Date('2030-08-15T17:00:00Z');
  it('keep English as it was, and write each language its own way', () => {
    expect(mailDateTime(at, 'Europe/Paris')).toBe('Thu 15/08/2030 19:00');
    expect(mailDateTime(at, 'Europe/Paris', 'fr')).toBe('jeu. 15/08/2030 19:00');
    expect(mailDateTime(at, 'Europe/Paris', 'de')).toBe('Do 15.08.2030 19:00');
    expect(mailDateTime(at, 'Europe/Paris', 'es')).toBe('jue 15/08/2030 19:00');
    // Gregorian year and Latin digits (docs/product.md section 22).
    expect(mailDateTime(at, 'Asia/Bangkok', 'th')).toMatch(/^\S+ 16\/08\/2030 00:00$/);
    expect(eventWhen(event, 'de')).toBe('Do 15.08.2030 19:00 – 23:00 (Europe/Paris)');
  });

  it('read a stored language, English when it is none ClubTix speaks', () => {
    expect(mailLanguage('th')).toBe('th');
    expect(mailLanguage('xx')).toBe('en');
    expect(mailLanguage(null)).toBe('en');
  });
});

describe('the ticket mail in French', () => {
  const mail = composeTicketMail(config, event, [ticket], {
    paid: '12,50 €',
    discount: { code: 'ETE', amount: '2,50 €' },
    language: 'fr',
  });

  it('speaks French around what the organiser and buyer typed, kept as typed', () => {
    expect(mail.subject).toBe('Votre billet pour Gala <night>');
    expect(mail.text).toContain('Quand : jeu. 15/08/2030 19:00 – 23:00 (Europe/Paris)');
    expect(mail.text).toContain('Réduction (ETE) : \u22122,50 €\nPayé : 12,50 €');
    expect(mail.text).toContain('Participant 1 - Standard');
    expect(mail.text).toContain('Code du billet : ABCD-2345');
    expect(mail.html).toContain('<html lang="fr">');
    expect(mail.html).toContain('<strong>Lieu :</strong> Hall');
    expect(mail.html).toContain('Ouvrir ce QR code dans votre navigateur');
    expect(mail.html).toContain('<h1 style="font-size:22px;">Gala &lt;night&gt;</h1>');
  });

  it('counts tickets in the subject by the language plural rules', () => {
    const two = composeTicketMail(config, event, [ticket, { ...ticket, attendeeId: 'a-2' }], { language: 'de' });
    expect(two.subject).toBe('Ihre Tickets für Gala <night>');
    expect(composeTicketMail(config, event, [ticket]).html).toContain('<html lang="en">');
  });
});

describe('the other mails in a language', () => {
  it('a free booking confirmation in Spanish', () => {
    const mail = composeFreeConfirmationMail(
      config,
      event,
      { id: 'reg-1', expiresAt: new Date('2030-08-01T10:00:00Z') },
      2,
      'token',
      'es',
    );
    expect(mail.subject).toBe('Confirma tu reserva para Gala <night>');
    expect(mail.text).toContain('Tus 2 entradas gratuitas están reservadas para ti hasta el jue 01/08/2030 12:00');
    expect(mail.html).toContain('<html lang="es">');
  });

  it('a waiting-list offer in Thai', () => {
    const offer = { ticketName: 'Deck', quantity: 2, token: 't', expiresAt: new Date('2030-08-01T10:00:00Z') };
    const mail = composeWaitlistOfferMail(config, event, offer, 'th');
    expect(mail.subject).toBe('มีตั๋วสำหรับ Gala <night> รอคุณอยู่');
    expect(mail.text).toContain('2 × Deck ถูกกันไว้ให้คุณคนเดียวจนถึง');
    expect(mail.text).toContain('01/08/2030 12:00 (Europe/Paris)');
  });

  it('a refund in German, its money the German way, the reason as typed', () => {
    const mail = composeRefundMail({
      event,
      kind: 'donation',
      order: { amount: 2000, currency: 'eur', refundedAmount: 500 },
      refund: { id: 'r-1', amount: 500, reason: 'Doppelt <gegeben>', releasedTickets: false, source: 'admin' },
      language: 'de',
    });
    // Intl puts a no-break space between the amount and the sign.
    const euros = (text: string) => text.replace(/ €/g, '\u00a0€');
    expect(mail.subject).toBe(euros('Erstattung von 5 € für Gala <night>'));
    expect(mail.text).toContain(euros('Wir haben 5 € Ihrer Spende an Gala <night> auf die Karte erstattet'));
    expect(mail.text).toContain(euros('15 € der bezahlten 20 € bleiben bezahlt.'));
    expect(mail.html).toContain('Grund: Doppelt &lt;gegeben&gt;');
  });
});

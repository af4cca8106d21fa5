import { describe, expect, it } from 'vitest';
import type { Config } from '../../config';
import {
  composeTicketMail,
  confirmationRecipients,
  eventWhen,
  mailDateTime,
  type TicketEntry,
} from './ticket-mail-content';

const config = { publicUrl: 'https://tix.example.org' } as Config;
const event = {
  id: 'evt-1',
  title: 'Night\nSwim <script>alert(1)</script>',
  venue: null,
  address: '  ',
  startDate: new Date('2031-01-10T22:00:00Z'),
  endDate: new Date('2031-01-11T01:00:00Z'),
  timezone: 'Asia/Bangkok',
};
const entry = (attendeeId: string, email: string | null, firstName: string | null = 'Ann'): TicketEntry => ({
  registrationId: 'reg-1',
  qrUuid: 'secret-1',
  attendeeId,
  firstName,
  lastName: null,
  email,
  ticketName: 'Swimmer',
  shortCode: `CODE${attendeeId.slice(-1)}XYZ`,
});

describe('composeTicketMail', () => {
  it('escapes what users typed, keeps the subject on one line and leaves out missing places', () => {
    const mail = composeTicketMail(config, event, [entry('a-1', null, '<img onerror=x>')]);
    expect(mail.subject).toBe('Your ticket for Night Swim <script>alert(1)</script>');
    expect(mail.html).not.toMatch(/<script|<img onerror/);
    expect(mail.html).toContain('Night\nSwim &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(mail.html).toContain('&lt;img onerror=x&gt;');
    expect(mail.html).not.toMatch(/Venue|Address/);
    expect(mail.text).not.toContain('Where:');
  });

  it('draws one QR per attendee with the exact content, referred to by cid, and links its viewer', () => {
    const mail = composeTicketMail(config, event, [entry('a-1', null), entry('a-2', null, null)]);
    expect(mail.attachments).toEqual([
      {
        kind: 'qr',
        filename: 'ticket-1-qr.png',
        cid: 'qr-a-1@clubtix',
        text: '{"r":"reg-1","a":"a-1","q":"secret-1"}',
      },
      {
        kind: 'qr',
        filename: 'ticket-2-qr.png',
        cid: 'qr-a-2@clubtix',
        text: '{"r":"reg-1","a":"a-2","q":"secret-1"}',
      },
    ]);
    expect(mail.html).toContain('src="cid:qr-a-1@clubtix"');
    expect(mail.html).toContain('href="https://tix.example.org/event/evt-1/qr/reg-1/a-2/secret-1"');
    expect(mail.text).toContain('Attendee 2 - Swimmer');
  });

  it("shows each ticket's short code as XXXX-XXXX under its QR, in the text and the HTML", () => {
    const mail = composeTicketMail(config, event, [entry('a-1', null), entry('a-2', null, 'Bo')]);
    expect(mail.text).toContain('Ann - Swimmer\nTicket code: CODE-1XYZ\n');
    expect(mail.text).toContain('Bo - Swimmer\nTicket code: CODE-2XYZ\n');
    const afterFirstQr = mail.html.slice(mail.html.indexOf('cid:qr-a-1@clubtix'));
    expect(afterFirstQr.indexOf('CODE-1XYZ')).toBeGreaterThan(0);
    expect(afterFirstQr.indexOf('CODE-1XYZ')).toBeLessThan(afterFirstQr.indexOf('cid:qr-a-2@clubtix'));
    expect(mail.html).toContain('Ticket code: <strong>CODE-2XYZ</strong>');
  });

  it('lists the extras vouchers after the tickets, each with its QR ({"x","q"}) and what it is for', () => {
    const mail = composeTicketMail(config, event, [entry('a-1', null)], {
      vouchers: [{ id: 'xp-1', qrUuid: 'voucher-secret', extrasName: 'Lunch <box>', quantity: 2 }],
    });
    expect(mail.attachments).toEqual([
      expect.objectContaining({ cid: 'qr-a-1@clubtix' }),
      {
        kind: 'qr',
        filename: 'extras-1-qr.png',
        cid: 'extras-xp-1@clubtix',
        text: '{"x":"xp-1","q":"voucher-secret"}',
      },
    ]);
    expect(mail.html).toContain('Your extras');
    expect(mail.html).toContain('<strong>Lunch &lt;box&gt; × 2</strong>');
    expect(mail.html).toContain('src="cid:extras-xp-1@clubtix"');
    expect(mail.html.indexOf('cid:qr-a-1@clubtix')).toBeLessThan(mail.html.indexOf('cid:extras-xp-1@clubtix'));
    expect(mail.text).toContain('Lunch <box> × 2');
    expect(mail.subject).toBe('Your ticket for Night Swim <script>alert(1)</script>');
  });

  it('says nothing of extras when there are none', () => {
    const mail = composeTicketMail(config, event, [entry('a-1', null)]);
    expect(mail.html).not.toContain('extras');
    expect(mail.text).not.toContain('extras');
    expect(mail.attachments).toHaveLength(1);
  });

  it('shows the code and what it took off before what was paid, escaped', () => {
    const mail = composeTicketMail(config, event, [entry('a-1', null)], {
      paid: '£15.00',
      discount: { code: 'SPRING<b>', amount: '£5.00' },
    });
    expect(mail.text).toContain('Discount (SPRING<b>): \u2212£5.00\nPaid: £15.00');
    expect(mail.html).toContain('<strong>Discount (SPRING&lt;b&gt;):</strong> \u2212£5.00');
    expect(composeTicketMail(config, event, [entry('a-1', null)], { paid: '£15.00' }).text).not.toContain('Discount');
  });
});

describe('eventWhen: dd/mm/yyyy hh:mm (docs/product.md section 9), never a long date', () => {
  it("tells the time in the event's time zone, and names it", () => {
    // 22:00 UTC is 05:00 the next morning in Bangkok; the end on the same day gives its time alone.
    expect(eventWhen(event)).toBe('Sat 11/01/2031 05:00 – 08:00 (Asia/Bangkok)');
  });

  it('repeats the day when the event ends on another, and writes midnight as 00:00', () => {
    expect(
      eventWhen({
        startDate: new Date('2030-08-15T18:00:00Z'),
        endDate: new Date('2030-08-15T23:00:00Z'),
        timezone: 'Europe/London',
      }),
    ).toBe('Thu 15/08/2030 19:00 – Fri 16/08/2030 00:00 (Europe/London)');
  });

  it('gives the start alone when the event has no length', () => {
    const at = new Date('2030-08-15T18:05:00Z');
    expect(eventWhen({ startDate: at, endDate: at, timezone: 'UTC' })).toBe('Thu 15/08/2030 18:05 (UTC)');
  });

  it('shows the same in the mail a buyer reads', () => {
    const mail = composeTicketMail(config, event, [entry('a-1', null)]);
    expect(mail.text).toContain('When: Sat 11/01/2031 05:00 – 08:00 (Asia/Bangkok)');
    expect(mail.html).toContain('<strong>When:</strong> Sat 11/01/2031 05:00 – 08:00 (Asia/Bangkok)');
    expect(mail.text).not.toMatch(/January|Saturday/);
  });
});

describe('mailDateTime', () => {
  it('writes a moment as dd/mm/yyyy hh:mm after the short weekday', () => {
    expect(mailDateTime(new Date('2030-08-15T18:00:00Z'), 'Europe/London')).toBe('Thu 15/08/2030 19:00');
    expect(mailDateTime(new Date('2030-01-01T00:00:00Z'), 'Asia/Bangkok')).toBe('Tue 01/01/2030 07:00');
  });
});

describe('confirmationRecipients', () => {
  it('gives the buyer every ticket and each other address its own, once per address', () => {
    const tickets = [
      entry('a-1', 'Buyer@example.org'),
      entry('a-2', 'kim@example.org'),
      entry('a-3', null),
      entry('a-4', 'KIM@example.org'),
    ];
    expect(
      confirmationRecipients('buyer@example.org', tickets).map((r) => ({
        to: r.to,
        isBuyer: r.isBuyer,
        ids: r.tickets.map((ticket) => ticket.attendeeId),
      })),
    ).toEqual([
      { to: 'buyer@example.org', isBuyer: true, ids: ['a-1', 'a-2', 'a-3', 'a-4'] },
      { to: 'kim@example.org', isBuyer: false, ids: ['a-2', 'a-4'] },
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import type { Config } from '../../config';
import { composeTicketMail, confirmationRecipients, eventWhen, type TicketEntry } from './ticket-mail-content';

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
});

describe('eventWhen', () => {
  it("tells the time in the event's time zone, and names it", () => {
    // 22:00 UTC is 05:00 the next morning in Bangkok.
    expect(eventWhen(event)).toMatch(/Saturday,? 11 January 2031.*05:00.*08:00.*\(Asia\/Bangkok\)/);
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

import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, type TEvent, type TTicket, type BodyOf } from '@clubtix/contract';
import { mailOutbox, messages } from '../../db/schema';
import { addTicket, publishEvent } from '../../../test/catalogue';
import { createClubWithAdmin, createSiblingApp, createTestApp, expectError, type TestApp } from '../../../test/helpers';
import { outboxDrained } from '../../../test/mail';
import { startSmtpListener, type SmtpListener } from '../../../test/smtp-listener';
import { callEndpoint, expectPayload } from '../../../test/call-endpoint';

/** docs/product.md section 21: a message reaches each attendee of its audience once, within the mail limit. */
describe('messages to attendees', () => {
  let smtp: SmtpListener;
  let t: TestApp;
  let token: string;
  let adminEmail: string;
  let otherToken: string;
  let event: TEvent;
  let adult: TTicket;
  let child: TTicket;

  const send = (body: BodyOf<typeof endpoints.message.send>, as = token) =>
    callEndpoint(t, endpoints.message.send, { token: as, body });
  const sell = async (
    ticketId: string,
    people: { firstName: string; lastName: string; email?: string }[],
    extra = {},
  ) => {
    const sold = await callEndpoint(t, endpoints.boxoffice.sell, {
      token,
      body: {
        eventId: event.id,
        tickets: [{ ticketId, quantity: people.length }],
        attendees: people,
        paymentMethod: 'cash',
        ...extra,
      },
    });
    expect(sold.status, sold.body.msg).toBe(200);
  };

  beforeAll(async () => {
    smtp = await startSmtpListener();
    t = await createTestApp({ SMTP_URL: smtp.url, MAIL_DAILY_LIMIT_PER_CLUB: '50' });
    const club = await createClubWithAdmin(t);
    token = club.admin.token;
    adminEmail = club.admin.row.email;
    otherToken = (await createClubWithAdmin(t)).admin.token;
    event = await publishEvent(t, token, { title: 'Harbour <Tour>', maxTicketsPerOrder: 10 });
    adult = await addTicket(t, token, event.id, { name: 'Adult', quantity: 20, maxPerOrder: 10 });
    child = await addTicket(t, token, event.id, { name: 'Child', quantity: 20, maxPerOrder: 10 });
    await sell(adult.id, [
      { firstName: 'Ann', lastName: 'A', email: 'ann@example.org' },
      { firstName: 'Bob', lastName: 'B', email: 'Bob@Example.org' },
    ]);
    await sell(child.id, [{ firstName: 'Cy', lastName: 'C', email: 'cy@example.org' }], { checkIn: true });
    // Two tickets, one address: the buyer's, as the second attendee has none of their own.
    await sell(
      adult.id,
      [
        { firstName: 'Dee', lastName: 'D', email: 'dee@example.org' },
        { firstName: 'Ed', lastName: 'D' },
      ],
      { email: 'dee@example.org' },
    );
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('counts each audience by distinct address without sending anything', async () => {
    const count = async (audience: BodyOf<typeof endpoints.message.send>['audience']) =>
      expectPayload(await send({ eventId: event.id, subject: 'S', body: 'B', audience, dryRun: true })).recipients;
    expect(await count('all')).toBe(4);
    expect(await count('checkedIn')).toBe(1);
    expect(await count('notCheckedIn')).toBe(3);
    expect(await count({ ticketIds: [child.id] })).toBe(1);
    expect(await count({ ticketIds: [adult.id] })).toBe(3);
    const [row] = await t.db.select({ n: sql<number>`count(*)::int` }).from(messages);
    expect(row!.n).toBe(0);
  });

  it('mails every address of the audience once, HTML typed shown as text, and logs the delivery', async () => {
    await outboxDrained(t);
    const before = smtp.received.length;
    const response = await send({
      eventId: event.id,
      subject: 'Parking <b>moved</b>',
      body: 'Park at <script>alert(1)</script> the north gate.\nBring a torch.',
      audience: 'all',
    });
    expect(response.status, response.body.msg).toBe(200);
    expect(response.body.payload).toMatchObject({ queued: 4, recipients: 4 });
    await outboxDrained(t);
    const mails = smtp.received.slice(before);
    expect(mails.flatMap((mail) => mail.to).sort()).toEqual([
      'ann@example.org',
      'bob@example.org',
      'cy@example.org',
      'dee@example.org',
    ]);
    for (const mail of mails) {
      expect(mail.parsed.subject).toBe('Parking <b>moved</b>');
      expect(mail.parsed.text).toContain('Park at <script>alert(1)</script> the north gate.');
      const html = String(mail.parsed.html);
      expect(html).toContain('Park at &lt;script&gt;alert(1)&lt;/script&gt; the north gate.<br>Bring a torch.');
      expect(html).not.toContain('<script>');
      expect(html).toContain('Harbour &lt;Tour&gt;');
    }
    const log = expectPayload(
      await callEndpoint(t, endpoints.message.getByEventId, { token, query: { eventId: event.id } }),
    );
    expect(log.messages).toMatchObject([
      { subject: 'Parking <b>moved</b>', audience: 'all', recipients: 4, sent: 4, pending: 0, failed: 0 },
    ]);
    expect(log.remainingToday).toBe(expectPayload(response).remainingToday);
  });

  it('sends a test to the sender alone, logging no message', async () => {
    const before = smtp.received.length;
    const response = await send({ eventId: event.id, subject: 'Draft', body: 'Hello', audience: 'all', test: true });
    expect(response.body.payload).toMatchObject({ queued: 1 });
    await outboxDrained(t);
    const mails = smtp.received.slice(before);
    expect(mails.map((mail) => [mail.to, mail.parsed.subject])).toEqual([[[adminEmail.toLowerCase()], '[Test] Draft']]);
    const log = expectPayload(
      await callEndpoint(t, endpoints.message.getByEventId, { token, query: { eventId: event.id } }),
    );
    expect(log.messages).toHaveLength(1);
  });

  it("refuses a message over the club's daily limit with 429, queueing nothing", async () => {
    const tight = await createSiblingApp(t, { SMTP_URL: smtp.url, MAIL_DAILY_LIMIT_PER_CLUB: '3' });
    try {
      const queuedBefore = await t.db.select({ n: sql<number>`count(*)::int` }).from(mailOutbox);
      const refused = await callEndpoint(tight, endpoints.message.send, {
        token,
        body: { eventId: event.id, subject: 'Too many', body: 'x', audience: 'all' },
      });
      expectError(refused, 429, 'RATE_LIMITED');
      expect(refused.body.msg).toContain('nothing was sent');
      const queuedAfter = await t.db.select({ n: sql<number>`count(*)::int` }).from(mailOutbox);
      expect(queuedAfter[0]!.n).toBe(queuedBefore[0]!.n);
      expect(await t.db.select().from(messages).where(eq(messages.subject, 'Too many'))).toEqual([]);
    } finally {
      await tight.close();
    }
  });

  it("answers another club's admin 404 and sends nothing; another event's ticket type is 404", async () => {
    const before = await t.db.select({ n: sql<number>`count(*)::int` }).from(mailOutbox);
    expectError(
      await send({ eventId: event.id, subject: 'S', body: 'B', audience: 'all' }, otherToken),
      404,
      'NOT_FOUND',
    );
    expectError(
      await callEndpoint(t, endpoints.message.getByEventId, { token: otherToken, query: { eventId: event.id } }),
      404,
      'NOT_FOUND',
    );
    const elsewhere = await publishEvent(t, token);
    const foreign = await addTicket(t, token, elsewhere.id);
    expectError(
      await send({ eventId: event.id, subject: 'S', body: 'B', audience: { ticketIds: [foreign.id] } }),
      404,
      'NOT_FOUND',
    );
    const after = await t.db.select({ n: sql<number>`count(*)::int` }).from(mailOutbox);
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it('fills {firstName}, {lastName} and {eventTitle} for each reader; braces around no name stay as typed', async () => {
    await outboxDrained(t);
    const before = smtp.received.length;
    const filled = await send({
      eventId: event.id,
      subject: 'See you, {firstName}',
      body: 'Dear {firstName} {lastName},\n{eventTitle} starts at 10. { Bring a coat }',
      audience: { ticketIds: [adult.id] },
    });
    expect(filled.status, filled.body.msg).toBe(200);
    await outboxDrained(t);
    const mails = smtp.received.slice(before);
    const read: Record<string, [string | undefined, string | undefined]> = Object.fromEntries(
      mails.map((mail) => [mail.to[0]!, [mail.parsed.subject, mail.parsed.text || undefined]]),
    );
    expect(Object.keys(read).sort()).toEqual(['ann@example.org', 'bob@example.org', 'dee@example.org']);
    expect(read['ann@example.org']![0]).toBe('See you, Ann');
    expect(read['ann@example.org']![1]).toContain('Dear Ann A,\nHarbour <Tour> starts at 10. { Bring a coat }');
    expect(read['bob@example.org']![0]).toBe('See you, Bob');
    // Dee's address is Dee's own and the one Ed was booked under: Dee is greeted.
    expect(read['dee@example.org']![1]).toContain('Dear Dee D,');
    expect(String(mails[0]!.parsed.html)).toContain('Harbour &lt;Tour&gt; starts at 10.');
  });

  it('refuses an unknown placeholder with a 400 naming the field, and queues nothing', async () => {
    const before = await t.db.select({ n: sql<number>`count(*)::int` }).from(mailOutbox);
    const refused = await send({
      eventId: event.id,
      subject: 'Hello {fristName}',
      body: 'Welcome',
      audience: 'all',
    });
    expectError(refused, 400, 'BAD_INPUT');
    expect(refused.body.errors).toEqual([
      { path: 'subject', message: 'Unknown placeholder {fristName}: use {firstName}, {lastName}, {eventTitle}' },
    ]);
    const after = await t.db.select({ n: sql<number>`count(*)::int` }).from(mailOutbox);
    expect(after[0]!.n).toBe(before[0]!.n);
    expect(await t.db.select().from(messages).where(eq(messages.subject, 'Hello {fristName}'))).toEqual([]);
  });
});

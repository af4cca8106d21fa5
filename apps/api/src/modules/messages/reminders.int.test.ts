import { eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, type TEvent } from '@clubtix/contract';
import { attendees } from '../../db/schema';
import { addTicket, publishEvent } from '../../../test/catalogue';
import { createClubWithAdmin, createSiblingApp, createTestApp, type TestApp } from '../../../test/helpers';
import { outboxDrained } from '../../../test/mail';
import { startSmtpListener, type SmtpListener } from '../../../test/smtp-listener';
import { sendDueReminders } from './reminders';
import { callEndpoint } from '../../../test/call-endpoint';

const HOUR = 3_600_000;
const NO_SWEEP = { holdSweepMs: 24 * HOUR };

/** docs/product.md section 21: each confirmed attendee gets one reminder, however many processes sweep. */
describe('reminders', () => {
  let smtp: SmtpListener;
  let t: TestApp;
  let sibling: TestApp;
  let token: string;

  async function eventWithGuests(reminderHoursBefore: number | null, guests: number): Promise<TEvent> {
    const start = new Date(Date.now() + 2 * HOUR);
    const event = await publishEvent(t, token, {
      title: `Reminded ${reminderHoursBefore}`,
      startDate: start.toISOString(),
      endDate: new Date(start.getTime() + HOUR).toISOString(),
      reminderHoursBefore,
      maxTicketsPerOrder: 10,
    });
    const ticket = await addTicket(t, token, event.id, { name: 'Deck', quantity: 100, maxPerOrder: 10 });
    for (let sold = 0; sold < guests; sold += 5) {
      const people = Array.from({ length: Math.min(5, guests - sold) }, (_, i) => ({
        firstName: `G${sold + i}`,
        lastName: 'Guest',
        // Every fifth guest has no address of their own: theirs goes to the buyer.
        ...(i === 4 ? {} : { email: `g${sold + i}.${event.id.slice(0, 8)}@example.org` }),
      }));
      const sale = await callEndpoint(t, endpoints.boxoffice.sell, {
        token,
        body: {
          eventId: event.id,
          email: `buyer${sold}.${event.id.slice(0, 8)}@example.org`,
          tickets: [{ ticketId: ticket.id, quantity: people.length }],
          attendees: people,
          paymentMethod: 'complimentary',
        },
      });
      expect(sale.status, sale.body.msg).toBe(200);
    }
    return event;
  }

  beforeAll(async () => {
    smtp = await startSmtpListener();
    t = await createTestApp({ SMTP_URL: smtp.url }, NO_SWEEP);
    sibling = await createSiblingApp(t, { SMTP_URL: smtp.url }, NO_SWEEP);
    token = (await createClubWithAdmin(t)).admin.token;
  });
  afterAll(async () => {
    await sibling.close();
    await t.close();
    await smtp.close();
  });

  it('reminds each attendee once with their ticket, with six sweeps racing on two app instances (two connection pools)', async () => {
    const due = await eventWithGuests(3, 40);
    const notYet = await eventWithGuests(1, 5);
    const none = await eventWithGuests(null, 5);
    await outboxDrained(t);
    const before = smtp.received.length;

    const sweeps = await Promise.all(Array.from({ length: 6 }, (_, i) => sendDueReminders(i % 2 ? sibling : t)));
    expect(sweeps.reduce((sum, n) => sum + n, 0)).toBe(40);
    await outboxDrained(t);
    const reminders = smtp.received.slice(before).filter((mail) => mail.parsed.subject?.startsWith('Reminder:'));
    // 40 attendees: 32 with their own address, 8 whose tickets go to their buyer's (one mail per buyer).
    expect(reminders).toHaveLength(32 + 8);
    const tickets = reminders.flatMap((mail) =>
      [...String(mail.parsed.text).matchAll(/Ticket code: (\S+)/g)].map((m) => m[1]),
    );
    expect(new Set(tickets).size).toBe(40);
    expect(tickets).toHaveLength(40);
    expect(reminders[0]!.parsed.subject).toContain('Reminded 3');

    const unreminded = await t.db
      .select({ eventId: attendees.eventId, n: sql<number>`count(*)::int` })
      .from(attendees)
      .where(isNull(attendees.remindedAt))
      .groupBy(attendees.eventId);
    expect(Object.fromEntries(unreminded.map((row) => [row.eventId, row.n]))).toEqual({
      [notYet.id]: 5,
      [none.id]: 5,
    });
    expect(unreminded.some((row) => row.eventId === due.id)).toBe(false);

    // A restart (a fresh process sweeping again) sends nothing more.
    const restarted = await createSiblingApp(t, { SMTP_URL: smtp.url }, NO_SWEEP);
    try {
      expect(await sendDueReminders(restarted)).toBe(0);
    } finally {
      await restarted.close();
    }
  });

  it('leaves a claim that did not commit to the next sweep: nobody is forgotten', async () => {
    const event = await eventWithGuests(5, 3);
    await expect(
      t.db.transaction(async (tx) => {
        await tx.execute(sql`UPDATE attendees SET reminded_at = now() WHERE event_id = ${event.id}`);
        throw new Error('the process died before its commit');
      }),
    ).rejects.toThrow('died');
    expect(await sendDueReminders(t)).toBe(3);
    const left = await t.db.select().from(attendees).where(eq(attendees.eventId, event.id));
    expect(left.every((row) => row.remindedAt !== null)).toBe(true);
  });
});

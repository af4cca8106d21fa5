import { isNull, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attendees, mailOutbox } from '../../db/schema';
import { eventDueForReminders } from '../../../test/mail';
import { createClubWithAdmin, createTestApp, TEST_JWT_SECRET, type TestApp } from '../../../test/helpers';
import { startServers, type ServerGroup } from '../../../test/server-process';
import { startSmtpListener, type SmtpListener } from '../../../test/smtp-listener';

const HOUR = 3_600_000;
const GUESTS = 30;

/**
 * docs/decisions/0040-messages-and-reminders.md with the product as it runs: two API processes on one
 * database, each sweeping for reminders on its own timer, deliver one reminder to each attendee.
 */
describe('reminders from two processes', () => {
  let smtp: SmtpListener;
  let t: TestApp;
  let group: ServerGroup | undefined;

  beforeAll(async () => {
    smtp = await startSmtpListener();
    // This test's own app never sweeps (only the two processes do), but it delivers mail like them.
    t = await createTestApp({ SMTP_URL: smtp.url }, { holdSweepMs: 24 * HOUR });
    const token = (await createClubWithAdmin(t)).admin.token;
    await eventDueForReminders(t, token, 'Night Regatta', GUESTS);
    group = await startServers(2, t.databaseUrl, {
      JWT_SECRET: TEST_JWT_SECRET,
      SMTP_URL: smtp.url,
    });
  }, 180_000);
  afterAll(async () => {
    await group?.stop();
    await t.close();
    await smtp.close();
  });

  it('mails each attendee one reminder, whichever process sweeps first', { timeout: 120_000 }, async () => {
    const reminders = () => smtp.received.filter((mail) => mail.parsed.subject?.startsWith('Reminder: Night Regatta'));
    // Each process sweeps every 15 seconds; delivery follows.
    await expect.poll(() => reminders().length, { timeout: 90_000, interval: 500 }).toBe(GUESTS);
    const recipients = reminders().flatMap((mail) => mail.to);
    expect(new Set(recipients).size).toBe(GUESTS);
    // Every attendee is marked, and the outbox holds one reminder each: none is left to send twice.
    expect(await t.db.select().from(attendees).where(isNull(attendees.remindedAt))).toEqual([]);
    const queued = await t.db
      .select({ to: mailOutbox.to })
      .from(mailOutbox)
      .where(like(mailOutbox.subject, 'Reminder: Night Regatta%'));
    expect(queued.map((row) => row.to).sort()).toEqual([...recipients].sort());
  });
});

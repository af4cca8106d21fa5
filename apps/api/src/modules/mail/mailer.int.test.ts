import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../db/schema';
import { buyTickets } from '../../../test/buying';
import { addTicket, publishEvent } from '../../../test/catalogue';
import { createAdminApp, type TestApp } from '../../../test/helpers';
import { outboxDrained } from '../../../test/mail';
import { startSmtpListener, type SmtpListener } from '../../../test/smtp-listener';
import { createMailer, type OutgoingMail, type Transport } from './mailer';
import { type Mailer } from '../../core/mailer';
import { insertMails } from './outbox.repo';
import { smtpTransport } from './smtp-transport';
import { endpoints } from '@clubtix/contract';
import { callEndpoint } from '../../../test/call-endpoint';

/** The outbox keeps a mail the mail server refused and delivers it on a later round. */
describe('mail delivery retries', () => {
  let t: TestApp;
  let token: string;
  let serverDown = true;
  const delivered: OutgoingMail[] = [];
  const transport: Transport = (mail) => {
    if (serverDown) return Promise.reject(new Error('421 4.7.0 Try again later'));
    delivered.push(mail);
    return Promise.resolve();
  };

  beforeAll(async () => {
    ({ t, token } = await createAdminApp({}, { mailTransport: transport }));
  });
  afterAll(async () => t.close());

  it('keeps the mail queued with the error while the server refuses it, then sends it once', async () => {
    const event = await publishEvent(t, token);
    const ticket = await addTicket(t, token, event.id);
    const buyer = 'retry@example.org';
    const { registration } = await buyTickets(t, event.id, ticket.id, buyer, [
      { firstName: 'Ned', lastName: 'Ray', email: buyer },
    ]);
    const rowOf = async () => (await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, buyer)))[0]!;
    await expect.poll(async () => (await rowOf()).attempts, { timeout: 30_000 }).toBeGreaterThanOrEqual(1);
    expect(await rowOf()).toMatchObject({ status: 'queued', lastError: '421 4.7.0 Try again later', sentAt: null });
    expect(delivered).toHaveLength(0);

    serverDown = false;
    // Its retry is due (backing off, it would wait 30 s): any delivery round takes it, the timer's or
    // the one a resend starts.
    await t.db
      .update(mailOutbox)
      .set({ nextAttemptAt: sql`now()` })
      .where(eq(mailOutbox.to, buyer));
    const resend = await callEndpoint(t, endpoints.registration.sendTicket, {
      token,
      query: { attendeeId: registration.attendees[0]!.attendeeId, eventId: event.id },
    });
    expect(resend.body.payload).toEqual({ sent: true, to: buyer });
    await outboxDrained(t);
    const row = await rowOf();
    expect(row).toMatchObject({ status: 'sent', lastError: null });
    expect(row.attempts).toBeGreaterThanOrEqual(2);
    expect(delivered.map((mail) => mail.to)).toEqual([buyer, buyer]);
    expect(delivered[0]!.attachments).toEqual([
      expect.objectContaining({ contentType: 'image/png', cid: `qr-${registration.attendees[0]!.attendeeId}@clubtix` }),
      // The buyer's ticket PDF, drawn as the mail is sent (docs/decisions/0044-pdf-tickets.md).
      expect.objectContaining({ contentType: 'application/pdf' }),
    ]);
    expect(delivered[0]!.attachments[0]!.content.subarray(1, 4).toString()).toBe('PNG');
  });
});

/**
 * A real SMTP listener that refuses (421) for a while, and delivery rounds run here as a second API
 * process would run them on the same database (the app's own 10-second round may run too, so what
 * is checked holds whichever round took a mail).
 */
describe('mail delivery while the mail server is down', () => {
  let smtp: SmtpListener;
  let t: TestApp;
  let token: string;
  let mailer: Mailer;

  beforeAll(async () => {
    smtp = await startSmtpListener();
    ({ t, token } = await createAdminApp({ SMTP_URL: smtp.url }));
    mailer = createMailer(t.db, t.config, smtpTransport(smtp.url), t.app.log);
  });
  afterAll(async () => {
    smtp.setRefusing(false);
    await t.close();
    await smtp.close();
  });

  const rowsTo = (to: string[]) => t.db.select().from(mailOutbox).where(inArray(mailOutbox.to, to));
  /** A mail's state, with how many seconds from now its next try is due. */
  const stateOf = async (to: string) => {
    const [row] = await t.db
      .select({
        status: mailOutbox.status,
        attempts: mailOutbox.attempts,
        lastError: mailOutbox.lastError,
        dueInSeconds: sql<number | null>`extract(epoch from ${mailOutbox.nextAttemptAt} - now())::float8`,
      })
      .from(mailOutbox)
      .where(eq(mailOutbox.to, to));
    return row!;
  };
  /** The retry is due now, as it would be once its wait had passed. */
  const makeDue = (to: string) =>
    t.db
      .update(mailOutbox)
      .set({ nextAttemptAt: sql`now() - interval '1 second'` })
      .where(eq(mailOutbox.to, to));

  it('backs off between tries instead of failing the mail, then delivers it once the server is back', async () => {
    smtp.setRefusing(true);
    const event = await publishEvent(t, token);
    const ticket = await addTicket(t, token, event.id);
    const buyer = 'patient.buyer@example.org';
    await buyTickets(t, event.id, ticket.id, buyer, [{ firstName: 'Pat', lastName: 'Lee', email: buyer }]);
    // The round after the settlement tries it once.
    await expect.poll(async () => (await stateOf(buyer)).attempts, { timeout: 30_000 }).toBe(1);

    const waits = [30, 120, 600, 1800, 3600];
    for (const [index, seconds] of waits.entries()) {
      if (index > 0) {
        await makeDue(buyer);
        await mailer.flush();
      }
      await expect.poll(async () => (await stateOf(buyer)).attempts, { timeout: 30_000 }).toBe(index + 1);
      const state = await stateOf(buyer);
      expect(state.status).toBe('queued');
      expect(state.lastError).toContain('421');
      expect(state.dueInSeconds).toBeGreaterThan(seconds - 10);
      expect(state.dueInSeconds).toBeLessThanOrEqual(seconds);
      // Not due yet: a round now leaves it alone.
      await mailer.flush();
      expect((await stateOf(buyer)).attempts).toBe(index + 1);
    }
    expect(smtp.mailsTo(buyer)).toHaveLength(0);

    smtp.setRefusing(false);
    await makeDue(buyer);
    await mailer.flush();
    await expect.poll(async () => (await stateOf(buyer)).status, { timeout: 30_000 }).toBe('sent');
    expect(await stateOf(buyer)).toMatchObject({ attempts: 6, lastError: null, dueInSeconds: null });
    await mailer.flush();
    const [mail, ...more] = smtp.mailsTo(buyer);
    expect(more).toHaveLength(0);
    expect(mail!.parsed.subject).toContain('Your ticket');
  });

  it('tries each of 25 queued mails at most once in a round while the server refuses', async () => {
    smtp.setRefusing(true);
    const to = Array.from({ length: 25 }, (_, i) => `queued-${i}@example.org`);
    await insertMails(
      t.db,
      to.map((address) => ({
        clubId: null,
        to: address,
        subject: 'Your tickets',
        text: 'Hi',
        html: '<p>Hi</p>',
        dedupeKey: null,
      })),
    );
    const connectionsBefore = smtp.connections;
    await mailer.flush();

    // Every round over (this one, and the app's should its timer have fired): none left claimed.
    await expect
      .poll(async () => (await rowsTo(to)).filter((row) => row.status === 'sending').length, { timeout: 30_000 })
      .toBe(0);
    const rows = await rowsTo(to);
    const tried = rows.filter((row) => row.attempts > 0);
    expect(tried.length).toBeGreaterThanOrEqual(1);
    expect(rows.every((row) => row.attempts <= 1 && row.status === 'queued')).toBe(true);
    // One connection per try: the round did not go round again on the same mails.
    expect(smtp.connections - connectionsBefore).toBe(tried.length);
    await t.db.delete(mailOutbox).where(inArray(mailOutbox.to, to));
  });

  it('sends a mail left sending by a stopped process once its lease has run out, and not before', async () => {
    smtp.setRefusing(false);
    const lapsed = 'lease.lapsed@example.org';
    const leased = 'lease.held@example.org';
    // As a process leaves them when it stops mid-round: claimed, never marked.
    const leftSending = (to: string, due: string) => ({
      to,
      subject: 'Your tickets',
      text: 'Hi',
      html: '<p>Hi</p>',
      status: 'sending',
      nextAttemptAt: sql`now() + ${due}::interval`,
    });
    await t.db.insert(mailOutbox).values([leftSending(lapsed, '-1 second'), leftSending(leased, '1 minute')]);

    await mailer.flush();
    await expect.poll(async () => (await stateOf(lapsed)).status, { timeout: 30_000 }).toBe('sent');
    await mailer.flush();
    expect(smtp.mailsTo(lapsed)).toHaveLength(1);
    expect(await stateOf(leased)).toMatchObject({ status: 'sending', attempts: 0 });
    expect(smtp.mailsTo(leased)).toHaveLength(0);

    await makeDue(leased);
    await mailer.flush();
    await expect.poll(async () => (await stateOf(leased)).status, { timeout: 30_000 }).toBe('sent');
    expect(smtp.mailsTo(leased)).toHaveLength(1);
    expect(smtp.mailsTo(lapsed)).toHaveLength(1);
  });
});

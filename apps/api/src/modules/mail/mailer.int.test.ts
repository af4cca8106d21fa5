import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../db/schema';
import { buyTickets } from '../../../test/buying';
import { addTicket, publishEvent } from '../../../test/catalogue';
import { call, createClubWithAdmin, createTestApp, type TestApp } from '../../../test/helpers';
import { outboxDrained } from '../../../test/mail';
import type { OutgoingMail, Transport } from './mailer';

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
    t = await createTestApp({}, { mailTransport: transport });
    token = (await createClubWithAdmin(t)).admin.token;
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
    await expect.poll(async () => (await rowOf()).attempts, { timeout: 10_000 }).toBeGreaterThanOrEqual(1);
    expect(await rowOf()).toMatchObject({ status: 'queued', lastError: '421 4.7.0 Try again later', sentAt: null });
    expect(delivered).toHaveLength(0);

    serverDown = false;
    // Any delivery round takes it: the timer's, or the one a resend starts.
    const resend = await call(t, 'GET', '/registration/sendTicket', {
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
    ]);
    expect(delivered[0]!.attachments[0]!.content.subarray(1, 4).toString()).toBe('PNG');
  });
});

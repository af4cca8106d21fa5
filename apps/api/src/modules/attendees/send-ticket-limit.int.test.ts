import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, SEND_TICKET_MAILS_PER_HOUR, type TEvent, type TTicket } from '@clubtix/contract';
import { mailOutbox } from '../../db/schema';
import { buyTickets } from '../../../test/buying';
import { addTicket, publishEvent } from '../../../test/catalogue';
import { createClubWithAdmin, createSiblingApp, createTestApp, expectError, type TestApp } from '../../../test/helpers';
import { callEndpoint } from '../../../test/call-endpoint';

/**
 * GET /registration/sendTicket at most SEND_TICKET_MAILS_PER_HOUR times an hour per attendee
 * (docs/product.md section 18): the next answers 429 with when it can be sent again, and queues no mail.
 */
describe(`sendTicket, ${SEND_TICKET_MAILS_PER_HOUR} times an hour per attendee`, () => {
  let t: TestApp;
  let sibling: TestApp;
  let token: string;
  let event: TEvent;
  let ticket: TTicket;

  beforeAll(async () => {
    t = await createTestApp();
    sibling = await createSiblingApp(t);
    token = (await createClubWithAdmin(t)).admin.token;
    event = await publishEvent(t, token);
    ticket = await addTicket(t, token, event.id, { quantity: 50 });
  });
  afterAll(async () => {
    await sibling.close();
    await t.close();
  });

  const sendTicket = (attendeeId: string, app = t) =>
    callEndpoint(app, endpoints.registration.sendTicket, { token, query: { attendeeId, eventId: event.id } });
  const resends = async (attendeeId: string) =>
    (
      await t.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.topic, `send-ticket:${attendeeId}`))
    ).length;

  async function attendeeOf(email: string) {
    const { registration } = await buyTickets(t, event.id, ticket.id, email, [
      { firstName: 'Ned', lastName: 'Shaw', email },
    ]);
    return registration.attendees[0]!.attendeeId;
  }

  it('answers the fourth 429 saying when it can be sent again, and queues no fourth mail', async () => {
    const attendeeId = await attendeeOf('ned@example.org');
    for (let i = 0; i < SEND_TICKET_MAILS_PER_HOUR; i++) expect((await sendTicket(attendeeId)).status).toBe(200);
    const refused = await sendTicket(attendeeId);
    expectError(
      refused,
      429,
      'RATE_LIMITED',
      'This ticket was already sent 3 times in the last hour, the most allowed. It can be sent again in 1 hour.',
    );
    // Retry-After counts down to when the oldest send that counts is an hour old.
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(3500);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(await resends(attendeeId)).toBe(SEND_TICKET_MAILS_PER_HOUR);

    // Another attendee of the event is not held back by this one's count.
    expect((await sendTicket(await attendeeOf('other@example.org'))).status).toBe(200);

    // An hour after the first send, one more may go; then the next waits for the second to age.
    const sent = await t.db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(eq(mailOutbox.topic, `send-ticket:${attendeeId}`))
      .orderBy(asc(mailOutbox.createdAt));
    const age = (id: string, minutes: number) =>
      t.db
        .update(mailOutbox)
        .set({ createdAt: sql`now() - make_interval(mins => ${minutes})` })
        .where(eq(mailOutbox.id, id));
    await age(sent[0]!.id, 61);
    await age(sent[1]!.id, 30);
    await age(sent[2]!.id, 30);
    expect((await sendTicket(attendeeId)).status).toBe(200);
    expectError(await sendTicket(attendeeId), 429, 'RATE_LIMITED', /It can be sent again in 30 minutes\.$/);
  });

  it(`sends no more than ${SEND_TICKET_MAILS_PER_HOUR} however many asks arrive at once on two processes`, async () => {
    const attendeeId = await attendeeOf('busy@example.org');
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => sendTicket(attendeeId, i % 2 ? sibling : t)),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(SEND_TICKET_MAILS_PER_HOUR);
    for (const answer of answers.filter((a) => a.status !== 200)) expectError(answer, 429, 'RATE_LIMITED');
    expect(await resends(attendeeId)).toBe(SEND_TICKET_MAILS_PER_HOUR);
  });
});

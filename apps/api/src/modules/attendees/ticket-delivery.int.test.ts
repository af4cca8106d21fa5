import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, TICKET_LOOKUP_MAILS_PER_HOUR, type TEvent, type TTicket } from '@clubtix/contract';
import { attendees, mailOutbox } from '../../db/schema';
import { buyTickets, holdTickets } from '../../../test/buying';
import { addTicket, publishEvent } from '../../../test/catalogue';
import {
  createClubWithAdmin,
  createSiblingApp,
  createSudo,
  createTestApp,
  expectError,
  type TestApp,
} from '../../../test/helpers';
import { expectedQr, outboxDrained } from '../../../test/mail';
import { callEndpoint } from '../../../test/call-endpoint';

/**
 * Sending tickets again: GET /registration/sendTicket (an admin, behind the tenant wall) and
 * GET /registration/getRegistrationByEmail (anyone, docs/product.md section 17). No SMTP_URL here, so
 * every mail is kept in the outbox, where it is read back; the SMTP path is ticket-mail.int.test.ts.
 */
describe('sending tickets again', () => {
  let t: TestApp;
  let sibling: TestApp;
  let token: string;
  let otherToken: string;
  let event: TEvent;
  let ticket: TTicket;

  beforeAll(async () => {
    t = await createTestApp();
    sibling = await createSiblingApp(t);
    token = (await createClubWithAdmin(t)).admin.token;
    otherToken = (await createClubWithAdmin(t)).admin.token;
    event = await publishEvent(t, token);
    ticket = await addTicket(t, token, event.id, { quantity: 100, maxPerOrder: 5 });
  });
  afterAll(async () => {
    await sibling.close();
    await t.close();
  });

  const mailsTo = (to: string) => t.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));
  /** `as` null: without a token. */
  const sendTicket = (attendeeId: string, eventId: string, as: string | null = token) =>
    callEndpoint(t, endpoints.registration.sendTicket, { token: as ?? undefined, query: { attendeeId, eventId } });
  const lookup = (email: string, eventId = event.id, app = t) =>
    callEndpoint(app, endpoints.registration.getRegistrationByEmail, { query: { email, eventId } });

  describe('sendTicket', () => {
    it('sends to the buyer when the attendee has no e-mail, and refuses a ticket that is not confirmed', async () => {
      const { registration } = await buyTickets(t, event.id, ticket.id, 'nomail.buyer@example.org', [
        { firstName: 'Gus', lastName: 'Grey', email: 'gus@example.org' },
      ]);
      const gus = registration.attendees[0]!;
      await t.db.update(attendees).set({ email: null }).where(eq(attendees.id, gus.attendeeId));
      const sent = await sendTicket(gus.attendeeId, event.id);
      expect(sent.body.payload).toEqual({ sent: false, to: 'nomail.buyer@example.org' });
      await outboxDrained(t);
      const resent = (await mailsTo('nomail.buyer@example.org')).filter((row) => row.dedupeKey === null);
      expect(resent.map((row) => row.attachments.map((a) => (a.kind === 'qr' ? a.text : a.kind)))).toEqual([
        [expectedQr(registration.registrationId, gus.attendeeId, registration.qrUuid)],
      ]);

      const held = await holdTickets(t, event.id, ticket.id, 'pending.buyer@example.org', [
        { firstName: 'Hal', lastName: 'Moss', email: 'hal@example.org' },
      ]);
      expectError(await sendTicket(held.attendees[0]!.attendeeId, event.id), 409, 'CONFLICT');
      expectError(await sendTicket('no-such-attendee', event.id), 404, 'NOT_FOUND', 'Attendee not found');
      expectError(await sendTicket(gus.attendeeId, event.id, null), 401, 'UNAUTHENTICATED');
    });

    it('answers 404 to an admin of another club, and mails nothing', async () => {
      const { registration } = await buyTickets(t, event.id, ticket.id, 'walled@example.org', [
        { firstName: 'Ida', lastName: 'Lane', email: 'walled@example.org' },
      ]);
      const ida = registration.attendees[0]!;
      await outboxDrained(t);
      const before = (await mailsTo('walled@example.org')).length;

      // Club B's admin naming A's event, and naming an event of its own with A's attendee.
      expectError(await sendTicket(ida.attendeeId, event.id, otherToken), 404, 'NOT_FOUND', 'Event not found');
      const own = await publishEvent(t, otherToken);
      expectError(await sendTicket(ida.attendeeId, own.id, otherToken), 404, 'NOT_FOUND', 'Attendee not found');
      expect(await mailsTo('walled@example.org')).toHaveLength(before);

      const sudo = await createSudo(t);
      expect((await sendTicket(ida.attendeeId, event.id, sudo.token)).status).toBe(200);
      expect(await mailsTo('walled@example.org')).toHaveLength(before + 1);
    });
  });

  describe('getRegistrationByEmail', () => {
    it('mails a buyer all their tickets, and a named attendee only their own', async () => {
      const { registration } = await buyTickets(t, event.id, ticket.id, 'group.buyer@example.org', [
        { firstName: 'Jo', lastName: 'Park', email: 'group.buyer@example.org' },
        { firstName: 'Kim', lastName: 'Ford', email: 'kim@example.org' },
      ]);
      const [jo, kim] = registration.attendees;
      const qr = (attendeeId: string) => expectedQr(registration.registrationId, attendeeId, registration.qrUuid);
      await outboxDrained(t);

      expect((await lookup('GROUP.buyer@example.org')).body).toEqual({
        payload: { found: true },
        msg: 'Your tickets are on their way to this e-mail address',
      });
      expect((await lookup('kim@example.org')).body.payload).toEqual({ found: true });
      const resent = async (to: string) =>
        (await mailsTo(to))
          .filter((row) => row.topic !== null)
          .map((row) => row.attachments.map((a) => (a.kind === 'qr' ? a.text : a.kind)));
      expect(await resent('group.buyer@example.org')).toEqual([[qr(jo!.attendeeId), qr(kim!.attendeeId)]]);
      expect(await resent('kim@example.org')).toEqual([[qr(kim!.attendeeId)]]);
    });

    it('answers found false, with the same shape and no mail, for an e-mail without confirmed tickets', async () => {
      await holdTickets(t, event.id, ticket.id, 'unpaid@example.org', [
        { firstName: 'Lea', lastName: 'Cole', email: 'unpaid@example.org' },
      ]);
      for (const email of ['unpaid@example.org', 'stranger@example.org']) {
        const response = await lookup(email);
        expect(response.status).toBe(200);
        expect(response.body).toEqual({
          payload: { found: false },
          msg: 'No confirmed registration was found for this e-mail address',
        });
      }
      // Another event's buyer is not found here either.
      const other = await publishEvent(t, token);
      expect((await lookup('group.buyer@example.org', other.id)).body.payload).toEqual({ found: false });
      expect(await mailsTo('unpaid@example.org')).toHaveLength(0);
      expect(await mailsTo('stranger@example.org')).toHaveLength(0);

      expectError(await lookup('not an e-mail'), 400, 'BAD_INPUT');
      expectError(await lookup('stranger@example.org', 'no-such-event'), 404, 'NOT_FOUND', 'Event not found');
    });

    it(`mails one address at most ${TICKET_LOOKUP_MAILS_PER_HOUR} times an hour, however many processes are asked at once`, async () => {
      const email = 'bombed@example.org';
      await buyTickets(t, event.id, ticket.id, email, [{ firstName: 'Max', lastName: 'Hill', email }]);
      const responses = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          lookup(i % 3 === 0 ? email.toUpperCase() : email, event.id, i % 2 ? sibling : t),
        ),
      );
      expect(responses.filter((r) => r.status === 200)).toHaveLength(TICKET_LOOKUP_MAILS_PER_HOUR);
      for (const refused of responses.filter((r) => r.status !== 200)) expectError(refused, 429, 'RATE_LIMITED');
      const topic = `ticket-lookup:${event.id}`;
      const counted = await t.db
        .select({ n: sql<number>`count(*)::int` })
        .from(mailOutbox)
        .where(and(eq(mailOutbox.to, email), eq(mailOutbox.topic, topic)));
      expect(counted[0]!.n).toBe(TICKET_LOOKUP_MAILS_PER_HOUR);

      // An hour later the address may ask again.
      await t.db
        .update(mailOutbox)
        .set({ createdAt: sql`now() - interval '61 minutes'` })
        .where(eq(mailOutbox.topic, topic));
      expect((await lookup(email)).body.payload).toEqual({ found: true });
      // The limit is per address: the confirmation and an admin's resend are not counted.
      expect((await lookup('group.buyer@example.org')).status).toBe(200);
    });
  });
});

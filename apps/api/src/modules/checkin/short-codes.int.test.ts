import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, formatShortCode, isShortCode, SCAN_MESSAGES, type TEvent, type TTicket } from '@clubtix/contract';
import { attendees, checkins } from '../../db/schema';
import { buyTickets, doorEvent, scan, scanAndCheckIn } from '../../../test/door';
import { createAdminApp, createClubWithAdmin, type TestApp } from '../../../test/helpers';
import { callEndpoint } from '../../../test/call-endpoint';

/** Short ticket codes (docs/product.md section 20): on every attendee, and typed at the door. */
describe('short ticket codes', () => {
  let t: TestApp;
  let token: string;
  let otherToken: string;
  let event: TEvent;
  let ticket: TTicket;
  let otherEvent: { event: TEvent; ticket: TTicket };

  beforeAll(async () => {
    ({ t, token } = await createAdminApp());
    otherToken = (await createClubWithAdmin(t)).admin.token;
    ({ event, ticket } = await doorEvent(t, token));
    otherEvent = await doorEvent(t, token);
  });
  afterAll(async () => {
    await t.close();
  });

  /** The code as a volunteer might type it: lower case, a space where the dash goes. */
  const typedLoosely = (code: string) => `${code.slice(0, 4)} ${code.slice(4)}`.toLowerCase();

  it('gives every attendee a code of the alphabet, unique in the event, in every answer that lists it', async () => {
    // Three buyers at once (one buyer's holds at once would let each other go: a buyer starting over).
    const bought = await Promise.all(
      [1, 2, 3].map((i) => buyTickets(t, event.id, ticket.id, 10, `buyer${i}@example.org`)),
    );
    const answered = bought.flatMap((registration) => registration.attendees);
    expect(answered).toHaveLength(30);
    for (const attendee of answered) expect(isShortCode(attendee.shortCode)).toBe(true);

    const stored = await t.db
      .select({ id: attendees.id, shortCode: attendees.shortCode })
      .from(attendees)
      .where(eq(attendees.eventId, event.id));
    expect(new Set(stored.map((row) => row.shortCode)).size).toBe(stored.length);
    const storedById = new Map(stored.map((row) => [row.id, row.shortCode]));
    for (const attendee of answered) expect(attendee.shortCode).toBe(storedById.get(attendee.attendeeId));

    const list = await callEndpoint(t, endpoints.attendees.getAttendees, {
      token,
      query: { eventId: event.id, pageSize: 100 },
    });
    expect(list.status).toBe(200);
    const listed = list.body.payload!.attendees;
    expect(listed.length).toBeGreaterThanOrEqual(30);
    for (const attendee of listed) expect(attendee.shortCode).toBe(storedById.get(attendee.attendeeId));
  });

  it('admits a code typed in any case, with a space or the dash, once; then says it is already checked in', async () => {
    const registration = await buyTickets(t, event.id, ticket.id, 2);
    const [first, second] = registration.attendees;
    const read = await scan(t, token, event.id, typedLoosely(first!.shortCode));
    expect(read.status).toBe(200);
    expect(read.body.payload).toMatchObject({ attendee: { attendeeId: first!.attendeeId, checkinId: null } });

    const admitted = await scanAndCheckIn(t, token, event.id, typedLoosely(first!.shortCode));
    expect(admitted.status).toBe(200);
    const answer = admitted.body.payload!;
    expect(answer.justCheckedIn).toBe(true);
    expect(answer.attendee.attendeeId).toBe(first!.attendeeId);
    expect(answer.registration.attendees.map((a) => a.attendeeId)).toEqual([first!.attendeeId, second!.attendeeId]);

    const again = await scanAndCheckIn(t, token, event.id, formatShortCode(first!.shortCode));
    expect(again.status).toBe(200);
    expect(again.body.payload).toMatchObject({
      justCheckedIn: false,
      attendee: { attendeeId: first!.attendeeId, checkinId: answer.attendee.checkinId },
    });
    expect(await t.db.select().from(checkins).where(eq(checkins.attendeeId, first!.attendeeId))).toHaveLength(1);
    // The other attendee of the group was not checked in by either call.
    expect(await t.db.select().from(checkins).where(eq(checkins.attendeeId, second!.attendeeId))).toHaveLength(0);
  });

  it("answers another event's code as not found, and another club's admin as if the event did not exist", async () => {
    const elsewhere = await buyTickets(t, otherEvent.event.id, otherEvent.ticket.id, 1);
    const code = elsewhere.attendees[0]!.shortCode;
    const here = await buyTickets(t, event.id, ticket.id, 1);

    const wrongDoor = await scanAndCheckIn(t, token, event.id, formatShortCode(code));
    expect(wrongDoor.status).toBe(404);
    expect(wrongDoor.body.msg).toBe(SCAN_MESSAGES.ticketNotFound);
    expect(
      await t.db.select().from(checkins).where(eq(checkins.attendeeId, elsewhere.attendees[0]!.attendeeId)),
    ).toHaveLength(0);

    const otherClub = await scanAndCheckIn(t, otherToken, event.id, formatShortCode(here.attendees[0]!.shortCode));
    expect(otherClub.status).toBe(404);
    expect(otherClub.body.msg).not.toBe(SCAN_MESSAGES.ticketNotFound);
    expect(
      await t.db.select().from(checkins).where(eq(checkins.attendeeId, here.attendees[0]!.attendeeId)),
    ).toHaveLength(0);
  });

  it('refuses text that is neither a QR nor a code as not a ticket', async () => {
    for (const payload of ['ABCD-234', 'ABCD-0000', 'hello world']) {
      const response = await scan(t, token, event.id, payload);
      expect(response.status).toBe(400);
      expect(response.body.msg).toBe(SCAN_MESSAGES.notATicket);
    }
  });
});

import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkinOfConflict, type TCheckin, type TEvent, type TRegistration, type TTicket } from '@clubtix/contract';
import { checkins } from '../../db/schema';
import { buyTickets, checkIn, doorEvent, undoCheckIn } from '../../../test/door';
import { createClubWithAdmin, createSiblingApp, createTestApp, type TestApp } from '../../../test/helpers';

/**
 * docs/product.md section 16: two scanners on the same attendee at the same moment store exactly one
 * check-in, on one process or several against one PostgreSQL.
 */
describe('check-in under concurrency, on three app processes', () => {
  let apps: TestApp[];
  let token: string;
  let event: TEvent;
  let ticket: TTicket;

  beforeAll(async () => {
    const first = await createTestApp();
    apps = [first, await createSiblingApp(first), await createSiblingApp(first)];
    token = (await createClubWithAdmin(first)).admin.token;
    ({ event, ticket } = await doorEvent(first, token));
  });
  afterAll(async () => {
    for (const app of apps.reverse()) await app.close();
  });

  const appAt = (i: number) => apps[i % apps.length]!;
  const storedFor = async (attendeeId: string) =>
    apps[0]!.db.select().from(checkins).where(eq(checkins.attendeeId, attendeeId));

  it('stores one check-in when 20 scanners check the same attendee in at once', async () => {
    const registration = await buyTickets(apps[0]!, event.id, ticket.id, 1);
    const attendeeId = registration.attendees[0]!.attendeeId;
    for (let round = 0; round < 3; round++) {
      const responses = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          checkIn(appAt(i), token, event.id, registration.registrationId, attendeeId),
        ),
      );
      const won = responses.filter((r) => r.status === 200);
      const refused = responses.filter((r) => r.status === 409);
      expect(won).toHaveLength(1);
      expect(refused).toHaveLength(19);
      const stored = await storedFor(attendeeId);
      expect(stored).toHaveLength(1);
      const winner = won[0]!.body.payload as TCheckin;
      expect(winner.id).toBe(stored[0]!.id);
      for (const response of refused) {
        expect(response.body.code).toBe('ALREADY_CHECKED_IN');
        expect(response.body.msg).toMatch(/^Already checked in at \d\d:\d\d$/);
        expect(checkinOfConflict(response.body)).toEqual(winner);
      }
      // Undo and race again: the unique index, not luck, decides.
      expect((await undoCheckIn(apps[round % apps.length]!, token, attendeeId)).status).toBe(200);
    }
  });

  it('stores 50 check-ins when 50 different attendees are checked in at once', async () => {
    const bought: TRegistration[] = [];
    for (let i = 0; i < 5; i++)
      bought.push(await buyTickets(apps[0]!, event.id, ticket.id, 10, `group${i}@example.org`));
    const guests = bought.flatMap((registration) =>
      registration.attendees.map((attendee) => ({
        registrationId: registration.registrationId,
        attendeeId: attendee.attendeeId,
      })),
    );
    expect(guests).toHaveLength(50);
    const responses = await Promise.all(
      guests.map((guest, i) => checkIn(appAt(i), token, event.id, guest.registrationId, guest.attendeeId)),
    );
    expect(responses.map((r) => r.status)).toEqual(guests.map(() => 200));
    const [count] = await apps[0]!.db
      .select({ n: sql<number>`count(*)::int`, distinct: sql<number>`count(distinct ${checkins.attendeeId})::int` })
      .from(checkins)
      .where(sql`${checkins.registrationId} IN ${bought.map((r) => r.registrationId)}`);
    expect(count).toEqual({ n: 50, distinct: 50 });

    // The same 50 again, twice each, all at once: nothing more is stored.
    const repeats = await Promise.all(
      [...guests, ...guests].map((guest, i) =>
        checkIn(appAt(i + 1), token, event.id, guest.registrationId, guest.attendeeId),
      ),
    );
    expect(repeats.every((r) => r.status === 409 && r.body.code === 'ALREADY_CHECKED_IN')).toBe(true);
    const [after] = await apps[0]!.db
      .select({ n: sql<number>`count(*)::int` })
      .from(checkins)
      .where(eq(checkins.eventId, event.id));
    expect(after!.n).toBe(50);
  });
});

import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, SYNC_REJECT_REASONS, type TEvent, type TRegistration, type TSyncResult } from '@clubtix/contract';
import { attendees, checkins, registrations } from '../../db/schema';
import { buyTickets, checkIn, doorEvent, holdGuests } from '../../../test/door';
import { createDoorStaff } from '../../../test/door-staff';
import { createClubWithAdmin, createTestApp, expectError, type TestApp } from '../../../test/helpers';
import { callEndpoint } from '../../../test/call-endpoint';

/**
 * docs/product.md section 20 and docs/decisions/0035-offline-door.md: a device's offline admissions,
 * synced. Exactly one check-in per attendee, at the earliest admission; a duplicate is told to the
 * sync that finds another's admission there; a device's own repeat is `stored`; refusals store nothing.
 */
describe('syncing an offline door', () => {
  let t: TestApp;
  let token: string;
  let clubId: string;
  let event: TEvent;
  let ticketId: string;
  let party: TRegistration;

  beforeAll(async () => {
    t = await createTestApp();
    const { club, admin } = await createClubWithAdmin(t);
    token = admin.token;
    clubId = club.id;
    const door = await doorEvent(t, token, { title: 'Harbour Regatta' });
    event = door.event;
    ticketId = door.ticket.id;
    party = await buyTickets(t, event.id, ticketId, 12);
    // Bought yesterday: the admissions of the last hour below are after the tickets became valid.
    const yesterday = new Date(Date.now() - 86_400_000);
    await t.db.update(registrations).set({ confirmedAt: yesterday }).where(eq(registrations.id, party.registrationId));
  });
  afterAll(async () => t.close());

  const attendee = (i: number) => party.attendees[i]!.attendeeId;
  const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

  async function sync(
    deviceId: string,
    sent: { attendeeId: string; at: string }[],
    options: { as?: string; eventId?: string; deviceName?: string } = {},
  ) {
    return callEndpoint(t, endpoints.checkin.sync, {
      token: options.as ?? token,
      body: {
        eventId: options.eventId ?? event.id,
        deviceId,
        deviceName: options.deviceName ?? `Gate ${deviceId}`,
        checkins: sent,
      },
    });
  }
  async function resultsOf(deviceId: string, sent: { attendeeId: string; at: string }[]): Promise<TSyncResult[]> {
    const response = await sync(deviceId, sent);
    expect(response.status, response.body.msg).toBe(200);
    return response.body.payload!.results;
  }
  const storedOf = (attendeeIds: string[]) =>
    t.db.select().from(checkins).where(inArray(checkins.attendeeId, attendeeIds));

  it('stores an admission at its time and device; the same device syncing it again hears `stored` again', async () => {
    const at = minutesAgo(30);
    const first = await resultsOf('d1', [{ attendeeId: attendee(0), at }]);
    expect(first).toEqual([{ attendeeId: attendee(0), status: 'stored' }]);
    const again = await resultsOf('d1', [{ attendeeId: attendee(0), at }]);
    expect(again).toEqual([{ attendeeId: attendee(0), status: 'stored' }]);
    const rows = await storedOf([attendee(0)]);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      deviceId: 'd1',
      deviceName: 'Gate d1',
      eventId: event.id,
      clubId,
      confirmed: true,
    });
    expect(rows[0]!.createdAt.toISOString()).toBe(at);
  });

  it('tells the later sync of a later admission it is a duplicate, and keeps the first', async () => {
    const early = minutesAgo(20);
    const late = minutesAgo(10);
    expect(await resultsOf('d1', [{ attendeeId: attendee(1), at: early }])).toMatchObject([{ status: 'stored' }]);
    const second = await resultsOf('d2', [{ attendeeId: attendee(1), at: late }]);
    expect(second).toEqual([
      {
        attendeeId: attendee(1),
        status: 'duplicate',
        first: { at: early, deviceId: 'd1', deviceName: 'Gate d1' },
        other: { at: late, deviceId: 'd2', deviceName: 'Gate d2' },
      },
    ]);
    const [row] = await storedOf([attendee(1)]);
    expect({ at: row!.createdAt.toISOString(), device: row!.deviceId }).toEqual({ at: early, device: 'd1' });
  });

  it('keeps the earlier admission when it is synced second, and tells that sync both', async () => {
    const early = minutesAgo(20);
    const late = minutesAgo(10);
    expect(await resultsOf('d1', [{ attendeeId: attendee(2), at: late }])).toMatchObject([{ status: 'stored' }]);
    const second = await resultsOf('d2', [{ attendeeId: attendee(2), at: early }]);
    expect(second).toEqual([
      {
        attendeeId: attendee(2),
        status: 'duplicate',
        first: { at: early, deviceId: 'd2', deviceName: 'Gate d2' },
        other: { at: late, deviceId: 'd1', deviceName: 'Gate d1' },
      },
    ]);
    const rows = await storedOf([attendee(2)]);
    expect(rows).toHaveLength(1);
    expect({ at: rows[0]!.createdAt.toISOString(), device: rows[0]!.deviceId }).toEqual({ at: early, device: 'd2' });
    // The device whose admission now counts hears `stored` on a repeat; the other, the duplicate again.
    expect(await resultsOf('d2', [{ attendeeId: attendee(2), at: early }])).toMatchObject([{ status: 'stored' }]);
    expect(await resultsOf('d1', [{ attendeeId: attendee(2), at: late }])).toMatchObject([
      { status: 'duplicate', first: { at: early, deviceId: 'd2' }, other: { at: late, deviceId: 'd1' } },
    ]);
  });

  it('takes part with the door online: an earlier offline admission replaces it, a later one is its duplicate', async () => {
    const online = async (i: number) => {
      const saved = await checkIn(t, token, event.id, party.registrationId, attendee(i));
      expect(saved.status).toBe(200);
      return saved.body.payload!.createdAt;
    };
    const onlineAt = await online(3);
    const earlier = new Date(Date.parse(onlineAt) - 60_000).toISOString();
    expect(await resultsOf('d3', [{ attendeeId: attendee(3), at: earlier }])).toEqual([
      {
        attendeeId: attendee(3),
        status: 'duplicate',
        first: { at: earlier, deviceId: 'd3', deviceName: 'Gate d3' },
        other: { at: onlineAt, deviceId: null, deviceName: null },
      },
    ]);
    const [replaced] = await storedOf([attendee(3)]);
    expect({ at: replaced!.createdAt.toISOString(), device: replaced!.deviceId }).toEqual({
      at: earlier,
      device: 'd3',
    });

    const onlineFirst = await online(4);
    // A millisecond after the online check-in: before this sync reaches the server, so not clamped to now.
    const later = new Date(Date.parse(onlineFirst) + 1).toISOString();
    expect(await resultsOf('d3', [{ attendeeId: attendee(4), at: later }])).toMatchObject([
      { status: 'duplicate', first: { at: onlineFirst, deviceId: null }, other: { at: later, deviceId: 'd3' } },
    ]);
    const [kept] = await storedOf([attendee(4)]);
    expect(kept!.deviceId).toBeNull();

    // Synced first, the online door then hears "already checked in" at the device's time.
    expect(await resultsOf('d3', [{ attendeeId: attendee(5), at: minutesAgo(5) }])).toMatchObject([
      { status: 'stored' },
    ]);
    expectError(await checkIn(t, token, event.id, party.registrationId, attendee(5)), 409, 'ALREADY_CHECKED_IN');
  });

  it("stores a time in the future as the server's now, and answers each sent check-in in order", async () => {
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString();
    const before = Date.now();
    const sent = [
      { attendeeId: attendee(6), at: tomorrow },
      { attendeeId: 'no-such-attendee', at: minutesAgo(1) },
      { attendeeId: attendee(7), at: minutesAgo(3) },
      // The device admitted attendee 7 twice: its earlier time counts, both are answered.
      { attendeeId: attendee(7), at: minutesAgo(4) },
    ];
    const results = await resultsOf('d4', sent);
    expect(results.map((r) => [r.attendeeId, r.status])).toEqual([
      [attendee(6), 'stored'],
      ['no-such-attendee', 'rejected'],
      [attendee(7), 'stored'],
      [attendee(7), 'stored'],
    ]);
    const rows = await storedOf([attendee(6), attendee(7)]);
    const byAttendee = new Map(rows.map((row) => [row.attendeeId, row.createdAt.getTime()]));
    expect(byAttendee.get(attendee(6))).toBeGreaterThanOrEqual(before - 1000);
    expect(byAttendee.get(attendee(6))).toBeLessThanOrEqual(Date.now());
    expect(byAttendee.get(attendee(7))).toBe(Date.parse(sent[3]!.at));
    expect((await resultsOf('d4', [])).length).toBe(0);
  });

  it('stores an admission from before the ticket was bought at the moment it became valid; the earliest still wins', async () => {
    const bought = await buyTickets(t, event.id, ticketId, 2, 'late-buyer@example.org');
    const [early, late] = bought.attendees.map((a) => a.attendeeId) as [string, string];
    // Paid ten minutes ago (times after it must be in the past: a future one is made the server's now).
    const confirmedAt = new Date(Date.now() - 10 * 60_000);
    await t.db.update(registrations).set({ confirmedAt }).where(eq(registrations.id, bought.registrationId));
    const valid = confirmedAt.toISOString();
    const after = (ms: number) => new Date(confirmedAt.getTime() + ms).toISOString();

    // A device whose clock ran an hour behind, then one two days behind: both at the purchase's moment.
    expect(await resultsOf('d7', [{ attendeeId: early, at: minutesAgo(60) }])).toEqual([
      { attendeeId: early, status: 'stored' },
    ]);
    const [stored] = await storedOf([early]);
    expect(stored!.createdAt.toISOString()).toBe(valid);
    expect(await resultsOf('d8', [{ attendeeId: early, at: minutesAgo(2 * 24 * 60) }])).toEqual([
      {
        attendeeId: early,
        status: 'duplicate',
        first: { at: valid, deviceId: 'd7', deviceName: 'Gate d7' },
        other: { at: valid, deviceId: 'd8', deviceName: 'Gate d8' },
      },
    ]);
    // A true admission after the purchase on another device is a duplicate of the clamped one, kept first.
    expect(await resultsOf('d9', [{ attendeeId: early, at: after(5_000) }])).toMatchObject([
      { status: 'duplicate', first: { at: valid, deviceId: 'd7' }, other: { at: after(5_000), deviceId: 'd9' } },
    ]);
    expect((await storedOf([early]))[0]!.createdAt.toISOString()).toBe(valid);

    // The same admission is stored as sent once it is after the purchase.
    expect(await resultsOf('d7', [{ attendeeId: late, at: after(1_000) }])).toMatchObject([{ status: 'stored' }]);
    expect((await storedOf([late]))[0]!.createdAt.toISOString()).toBe(after(1_000));
  });

  it('without a confirmation time, clamps to when the registration and the attendee were made', async () => {
    const bought = await buyTickets(t, event.id, ticketId, 1, 'old-booking@example.org');
    const attendeeId = bought.attendees[0]!.attendeeId;
    await t.db.update(registrations).set({ confirmedAt: null }).where(eq(registrations.id, bought.registrationId));
    const [made] = await t.db
      .select({ registration: registrations.createdAt, attendee: attendees.createdAt })
      .from(attendees)
      .innerJoin(registrations, eq(registrations.id, attendees.registrationId))
      .where(eq(attendees.id, attendeeId));
    const existed = Math.max(made!.registration.getTime(), made!.attendee.getTime());
    expect(await resultsOf('d10', [{ attendeeId, at: minutesAgo(600) }])).toMatchObject([{ status: 'stored' }]);
    expect((await storedOf([attendeeId]))[0]!.createdAt.getTime()).toBe(existed);
  });

  it('rejects, storing nothing, attendees of another event, another club, no such id, or not confirmed', async () => {
    const { event: otherEvent, ticket: otherTicket } = await doorEvent(t, token, { title: 'Night Sail' });
    const ofOtherEvent = await buyTickets(t, otherEvent.id, otherTicket.id);
    const stranger = await createClubWithAdmin(t);
    const strangers = await doorEvent(t, stranger.admin.token, { title: 'Members Only' });
    const ofOtherClub = await buyTickets(t, strangers.event.id, strangers.ticket.id);
    const pending = await holdGuests(t, event.id, ticketId, 1, 'pending@example.org');
    const cancelled = await buyTickets(t, event.id, ticketId, 1, 'cancelled@example.org');
    await t.db.update(registrations).set({ status: 'cancelled' }).where(eq(registrations.id, cancelled.registrationId));
    const ids = {
      otherEvent: ofOtherEvent.attendees[0]!.attendeeId,
      otherClub: ofOtherClub.attendees[0]!.attendeeId,
      unknown: 'f4c1a9e0-0000-4000-8000-000000000000',
      pending: pending.attendees[0]!.attendeeId,
      cancelled: cancelled.attendees[0]!.attendeeId,
    };
    const at = minutesAgo(2);
    const results = await resultsOf(
      'd5',
      Object.values(ids).map((attendeeId) => ({ attendeeId, at })),
    );
    const { notThisEvent, notConfirmed } = SYNC_REJECT_REASONS;
    expect(results).toEqual([
      { attendeeId: ids.otherEvent, status: 'rejected', reason: notThisEvent },
      { attendeeId: ids.otherClub, status: 'rejected', reason: notThisEvent },
      { attendeeId: ids.unknown, status: 'rejected', reason: notThisEvent },
      { attendeeId: ids.pending, status: 'rejected', reason: notConfirmed },
      { attendeeId: ids.cancelled, status: 'rejected', reason: notConfirmed },
    ]);
    expect(await storedOf(Object.values(ids))).toEqual([]);
  });

  it("answers 404 for another club's event or an event staff do not work, storing nothing; staff of the event sync", async () => {
    const stranger = await createClubWithAdmin(t);
    const at = minutesAgo(1);
    const refused = await sync('d6', [{ attendeeId: attendee(8), at }], { as: stranger.admin.token });
    expectError(refused, 404, 'NOT_FOUND', 'Event not found');
    expect(refused.text).not.toContain(event.title);
    const { event: otherEvent } = await doorEvent(t, token, { title: 'Dinghy Day' });
    const elsewhere = await createDoorStaff(t, token, clubId, [otherEvent.id]);
    expectError(await sync('d6', [{ attendeeId: attendee(8), at }], { as: elsewhere }), 404, 'NOT_FOUND');
    expectError(await sync('d6', [{ attendeeId: attendee(8), at }], { eventId: 'no-such-event' }), 404, 'NOT_FOUND');
    expect(await storedOf([attendee(8)])).toEqual([]);

    const here = await createDoorStaff(t, token, clubId, [event.id]);
    const staffSync = await sync('d6', [{ attendeeId: attendee(8), at }], { as: here });
    expect(staffSync.body.payload!.results).toMatchObject([{ status: 'stored' }]);
    expect(await storedOf([attendee(8)])).toMatchObject([{ deviceId: 'd6' }]);
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, type TCheckinStatistics, type TRegistration } from '@clubtix/contract';
import { checkins, registrations } from '../../db/schema';
import { buyTickets, checkIn, doorEvent, holdGuests } from '../../../test/door';
import { createAdminApp, createClubWithAdmin, expectError, type TestApp } from '../../../test/helpers';
import { callEndpoint } from '../../../test/call-endpoint';

/**
 * docs/product.md section 16: `historical*` count what was made on or before the end of `date` in the
 * EVENT's time zone, `total*` everything. Registrations count as registrations (a booking of three
 * attendees is 1, docs/product.md section 3), check-ins per attendee. Times are written into the rows directly so that the day
 * boundaries are exact: a minute before and at local midnight, on a day a clock change shortens.
 */
describe('check-in statistics', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    ({ t, token } = await createAdminApp());
  });
  afterAll(async () => t.close());

  async function registeredAt(eventId: string, ticketId: string, quantity: number, at: string) {
    const registration = await buyTickets(t, eventId, ticketId, quantity);
    await t.db
      .update(registrations)
      .set({ createdAt: new Date(at) })
      .where(eq(registrations.id, registration.registrationId));
    return registration;
  }

  async function checkedInAt(eventId: string, registration: TRegistration, index: number, at: string) {
    const attendeeId = registration.attendees[index]!.attendeeId;
    const response = await checkIn(t, token, eventId, registration.registrationId, attendeeId);
    expect(response.status).toBe(200);
    await t.db
      .update(checkins)
      .set({ createdAt: new Date(at) })
      .where(eq(checkins.id, response.body.payload!.id));
  }

  async function statistics(eventId: string, date?: string): Promise<TCheckinStatistics> {
    const response = await callEndpoint(t, endpoints.checkin.getStatistics, { token, query: { eventId, date } });
    expect(response.status, response.body.msg).toBe(200);
    return response.body.payload!;
  }

  const counts = (s: TCheckinStatistics) => [
    s.historicalRegistrationCount,
    s.historicalCheckinCount,
    s.totalRegistrationCount,
    s.totalCheckinCount,
  ];

  it('counts by the day in Bangkok (UTC+7), not by the UTC day', async () => {
    const { event, ticket } = await doorEvent(t, token, { timezone: 'Asia/Bangkok' });
    const early = await registeredAt(event.id, ticket.id, 2, '2025-03-09T10:00:00Z'); // 9 Mar 17:00 local
    const lastMinute = await registeredAt(event.id, ticket.id, 1, '2025-03-10T16:59:59Z'); // 10 Mar 23:59:59
    const nextDay = await registeredAt(event.id, ticket.id, 3, '2025-03-10T17:00:00Z'); // 11 Mar 00:00, still 10 Mar in UTC
    await holdGuests(t, event.id, ticket.id, 4); // pending: never counted
    await checkedInAt(event.id, early, 0, '2025-03-10T02:05:00Z'); // 10 Mar 09:05
    await checkedInAt(event.id, lastMinute, 0, '2025-03-10T02:14:59Z'); // 10 Mar 09:14:59
    await checkedInAt(event.id, early, 1, '2025-03-10T16:59:00Z'); // 10 Mar 23:59
    await checkedInAt(event.id, nextDay, 0, '2025-03-10T17:00:00Z'); // 11 Mar 00:00

    expect(counts(await statistics(event.id, '2025-03-08'))).toEqual([0, 0, 3, 4]);
    expect(counts(await statistics(event.id, '2025-03-09'))).toEqual([1, 0, 3, 4]);
    expect(counts(await statistics(event.id, '2025-03-11'))).toEqual([3, 4, 3, 4]);
    // A date and time (ISO 8601) names a day too: an instant by its day in Bangkok, a local one as written.
    expect((await statistics(event.id, '2025-03-10T16:59:59Z')).date).toBe('2025-03-10');
    expect((await statistics(event.id, '2025-03-10T17:00:00.000Z')).date).toBe('2025-03-11');
    expect((await statistics(event.id, '2025-03-10T22:00:00-05:00')).date).toBe('2025-03-11');
    expect((await statistics(event.id, '2025-03-10T23:30:00')).date).toBe('2025-03-10');
    expect(counts(await statistics(event.id, '2025-03-09T00:00:00Z'))).toEqual([1, 0, 3, 4]);
    const day = await statistics(event.id, '2025-03-10');
    expect(day).toMatchObject({
      historicalRegistrationCount: 2,
      historicalCheckinCount: 3,
      totalRegistrationCount: 3,
      totalCheckinCount: 4,
      // The three registrations' six attendees: what the page's check-in share is of.
      totalAttendeeCount: 6,
      date: '2025-03-10',
      timezone: 'Asia/Bangkok',
    });
    const quarters = day.series.checkinsByQuarterHour;
    expect(quarters).toHaveLength(96);
    expect(quarters[0]).toEqual({ start: '2025-03-09T17:00:00.000Z', count: 0 });
    expect(quarters[36]).toEqual({ start: '2025-03-10T02:00:00.000Z', count: 2 });
    expect(quarters[95]).toEqual({ start: '2025-03-10T16:45:00.000Z', count: 1 });
    expect(quarters.reduce((sum, q) => sum + q.count, 0)).toBe(3);
    expect(day.series.checkinsByDay).toEqual([
      { date: '2025-03-10', count: 3 },
      { date: '2025-03-11', count: 1 },
    ]);
    expect(day.series.registrationsByDay).toEqual([
      { date: '2025-03-09', count: 1 },
      { date: '2025-03-10', count: 1 },
      { date: '2025-03-11', count: 1 },
    ]);
  });

  it('counts by the day in New York, across the spring clock change', async () => {
    const { event, ticket } = await doorEvent(t, token, { timezone: 'America/New_York' });
    await registeredAt(event.id, ticket.id, 1, '2025-03-01T12:00:00Z'); // 1 Mar
    await registeredAt(event.id, ticket.id, 2, '2025-03-09T04:59:59Z'); // 8 Mar 23:59:59 EST
    const sunday = await registeredAt(event.id, ticket.id, 1, '2025-03-10T03:59:59Z'); // 9 Mar 23:59:59 EDT
    const monday = await registeredAt(event.id, ticket.id, 2, '2025-03-10T04:00:00Z'); // 10 Mar 00:00 EDT
    await checkedInAt(event.id, sunday, 0, '2025-03-09T07:30:00Z'); // 9 Mar 03:30 EDT, just after 02:00 became 03:00
    await checkedInAt(event.id, monday, 0, '2025-03-10T03:50:00Z'); // 9 Mar 23:50 EDT
    await checkedInAt(event.id, monday, 1, '2025-03-10T04:00:00Z'); // 10 Mar 00:00 EDT

    const sundayStats = await statistics(event.id, '2025-03-09');
    expect(counts(sundayStats)).toEqual([3, 2, 4, 3]);
    const quarters = sundayStats.series.checkinsByQuarterHour;
    expect(quarters).toHaveLength(92); // a 23-hour day
    expect(quarters[0]!.start).toBe('2025-03-09T05:00:00.000Z');
    expect(quarters.at(-1)).toEqual({ start: '2025-03-10T03:45:00.000Z', count: 1 });
    expect(quarters.find((q) => q.start === '2025-03-09T07:30:00.000Z')).toEqual({
      start: '2025-03-09T07:30:00.000Z',
      count: 1,
    });
    expect(counts(await statistics(event.id, '2025-03-08'))).toEqual([2, 0, 4, 3]);
    expect(counts(await statistics(event.id, '2025-03-10'))).toEqual([4, 3, 4, 3]);
    const registrationDays = sundayStats.series.registrationsByDay;
    expect(registrationDays).toHaveLength(10); // 1 to 10 March, zeros included
    expect(registrationDays.filter((d) => d.count > 0)).toEqual([
      { date: '2025-03-01', count: 1 },
      { date: '2025-03-08', count: 1 },
      { date: '2025-03-09', count: 1 },
      { date: '2025-03-10', count: 1 },
    ]);
  });

  it('stops counting a registration and its check-ins once it is cancelled', async () => {
    const { event, ticket } = await doorEvent(t, token, { timezone: 'Europe/London' });
    const kept = await buyTickets(t, event.id, ticket.id, 1);
    const cancelled = await buyTickets(t, event.id, ticket.id, 2);
    for (const registration of [kept, cancelled]) {
      for (const attendee of registration.attendees) {
        expect((await checkIn(t, token, event.id, registration.registrationId, attendee.attendeeId)).status).toBe(200);
      }
    }
    expect(counts(await statistics(event.id))).toEqual([2, 3, 2, 3]);
    expect((await statistics(event.id)).totalAttendeeCount).toBe(3);
    const cancel = await callEndpoint(t, endpoints.registration.updateStatus, {
      token,
      body: { registrationId: cancelled.registrationId, status: 'cancelled' },
    });
    expect(cancel.status).toBe(200);
    const after = await statistics(event.id);
    expect(counts(after)).toEqual([1, 1, 1, 1]);
    expect(after.totalAttendeeCount).toBe(1);
    expect(after.series.checkinsByDay.reduce((sum, day) => sum + day.count, 0)).toBe(1);
  });

  it("keeps each check-in to its attendee's club, event and registration, whatever wrote it", async () => {
    // Migration 0008: the database sets them from the attendee; its foreign key is the only one.
    const { event, ticket } = await doorEvent(t, token);
    const elsewhere = await doorEvent(t, (await createClubWithAdmin(t)).admin.token);
    const registration = await buyTickets(t, event.id, ticket.id, 1);
    const other = await buyTickets(t, elsewhere.event.id, elsewhere.ticket.id, 1);
    const [written] = await t.db
      .insert(checkins)
      .values({
        clubId: elsewhere.event.clubId,
        eventId: elsewhere.event.id,
        registrationId: other.registrationId,
        attendeeId: registration.attendees[0]!.attendeeId,
        confirmed: false,
      })
      .returning();
    expect(written).toMatchObject({
      clubId: event.clubId,
      eventId: event.id,
      registrationId: registration.registrationId,
      confirmed: true,
    });
    expect(counts(await statistics(event.id))).toEqual([1, 1, 1, 1]);
  });

  it("takes today in the event's time zone when no date is given, and refuses a day that does not exist", async () => {
    const { event, ticket } = await doorEvent(t, token, { timezone: 'Pacific/Kiritimati' });
    const registration = await buyTickets(t, event.id, ticket.id, 1);
    expect(
      (await checkIn(t, token, event.id, registration.registrationId, registration.attendees[0]!.attendeeId)).status,
    ).toBe(200);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Pacific/Kiritimati' }).format(new Date());
    const stats = await statistics(event.id);
    expect(stats.date).toBe(today);
    expect(counts(stats)).toEqual([1, 1, 1, 1]);
    expect(counts(await statistics(event.id, ''))).toEqual([1, 1, 1, 1]);
    for (const date of ['2025-02-30', '10/03/2025', '2025-3-1', 'today', '2025-02-30T10:00:00Z', '2025-03-10T25:00']) {
      const response = await callEndpoint(t, endpoints.checkin.getStatistics, {
        token,
        query: { eventId: event.id, date },
      });
      expectError(response, 400, 'BAD_INPUT', /^date: /);
    }
  });
});

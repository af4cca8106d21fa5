import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, type TAttendeeListItem, type TEvent, type TTicket } from '@clubtix/contract';
import { seedAttendees } from '../../../test/attendee-data';
import { buyTickets, holdTickets, payFor } from '../../../test/buying';
import { addTicket, publishEvent } from '../../../test/catalogue';
import { createClubWithAdmin, createTestApp, type TestApp } from '../../../test/helpers';
import { callEndpoint } from '../../../test/call-endpoint';

type Page = { attendees: TAttendeeListItem[]; total: number };

/**
 * The list's order and paging hold on every page: pages past the middle are read from the end
 * backwards (attendees.repo.ts), so each page of each view is checked against the whole list at once.
 */
describe('the attendee list, page by page', () => {
  let t: TestApp;
  let token: string;
  let event: TEvent;
  let ticket: TTicket;
  const SEEDED = 37;

  beforeAll(async () => {
    t = await createTestApp();
    const { club, admin } = await createClubWithAdmin(t);
    token = admin.token;
    event = await publishEvent(t, token);
    ticket = await addTicket(t, token, event.id, { quantity: 100 });
    // Imported straight into the database: confirmed by the database's own triggers.
    await seedAttendees(t, { clubId: club.id, eventId: event.id, ticketId: ticket.id }, SEEDED);
    // Names whose case must not change their place.
    await buyTickets(t, event.id, ticket.id, 'mixed@example.org', [
      { firstName: 'anna', lastName: 'last2', email: 'anna@example.org' },
      { firstName: 'Bea', lastName: 'LAST2', email: 'bea@example.org' },
      { firstName: 'Carl', lastName: 'de Vries', email: 'carl@example.org' },
    ]);
    // Seven checked in, one after another.
    const all = await list({ pageSize: 500 });
    for (const attendee of all.attendees.filter((_, i) => i % 6 === 1)) {
      const saved = await callEndpoint(t, endpoints.checkin.save, {
        token,
        body: { eventId: event.id, registrationId: attendee.registrationId, attendeeId: attendee.attendeeId },
      });
      expect(saved.status).toBe(200);
    }
  });
  afterAll(async () => t.close());

  async function list(query: Record<string, string | number>): Promise<Page> {
    const response = await callEndpoint(t, endpoints.attendees.getAttendees, {
      token,
      query: { eventId: event.id, ...query },
    });
    expect(response.status).toBe(200);
    return response.body.payload as Page;
  }

  const key = (a: TAttendeeListItem) => `${a.firstName} ${a.lastName}`;

  const views: Record<string, string | number>[] = [
    {},
    { checkedIn: 'true' },
    { checkedIn: 'false' },
    { sortBy: 'createdAt' },
    { sortBy: 'createdAt', checkedIn: 'false' },
    { sortBy: 'checkinTime' },
    { sortBy: 'checkinTime', checkedIn: 'true' },
    { sortBy: 'checkinTime', checkedIn: 'false' },
    { searchKeyword: 'last1' },
    { searchKeyword: 'last1', sortBy: 'checkinTime' },
    { searchKeyword: 'example.org', sortBy: 'createdAt', checkedIn: 'false' },
  ];

  it.each(views)('pages of 4 make up the whole list: %o', async (view) => {
    const whole = await list({ ...view, pageSize: 500 });
    expect(whole.attendees).toHaveLength(whole.total);
    const pages: TAttendeeListItem[] = [];
    const count = Math.ceil(whole.total / 4) + 1; // and one past the end, empty
    for (let page = 1; page <= count; page++) {
      const one = await list({ ...view, page, pageSize: 4 });
      expect(one.total).toBe(whole.total);
      pages.push(...one.attendees);
    }
    expect(pages.map(key)).toEqual(whole.attendees.map(key));
  });

  it('sorts by family name then first name, whatever their case, and lists everyone once', async () => {
    const whole = await list({ pageSize: 500 });
    expect(whole.total).toBe(SEEDED + 3);
    expect(new Set(whole.attendees.map((a) => a.attendeeId)).size).toBe(SEEDED + 3);
    const names = whole.attendees.map((a) => a.lastName ?? '');
    const lower = names.map((name) => name.toLowerCase());
    expect(lower).toEqual([...lower].sort());
    expect(whole.attendees.filter((a) => a.lastName?.toLowerCase() === 'last2').map((a) => a.firstName)).toEqual([
      'anna',
      'Bea',
      'First2',
    ]);
  });

  it('puts the latest check-in first, then everyone else by name', async () => {
    const whole = await list({ sortBy: 'checkinTime', pageSize: 500 });
    const checked = whole.attendees.filter((a) => a.checkinTime !== null);
    expect(checked).toHaveLength(7);
    expect(whole.attendees.slice(0, 7)).toEqual(checked);
    const times = checked.map((a) => Date.parse(a.checkinTime!));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const rest = whole.attendees.slice(7);
    expect(rest.map(key)).toEqual((await list({ checkedIn: 'false', pageSize: 500 })).attendees.map(key));
    expect((await list({ checkedIn: 'true' })).total).toBe(7);
    expect((await list({ checkedIn: 'false' })).total).toBe(SEEDED + 3 - 7);
  });

  it('shows a registration only while it is confirmed', async () => {
    const before = (await list({})).total;
    const held = await holdTickets(t, event.id, ticket.id, 'late@example.org', [
      { firstName: 'Lena', lastName: 'Late', email: 'lena@example.org' },
    ]);
    expect((await list({ searchKeyword: 'Lena' })).total).toBe(0);
    await payFor(t, held);
    const found = await list({ searchKeyword: 'Lena Late' });
    expect(found.attendees.map(key)).toEqual(['Lena Late']);
    expect((await list({})).total).toBe(before + 1);

    const cancelled = await callEndpoint(t, endpoints.registration.updateStatus, {
      token,
      body: { registrationId: held.registrationId, status: 'cancelled' },
    });
    expect(cancelled.status).toBe(200);
    expect((await list({ searchKeyword: 'Lena' })).total).toBe(0);
    expect((await list({ sortBy: 'createdAt' })).total).toBe(before);
  });

  it("finds a party by its registration's e-mail, even one changed in the database by hand", async () => {
    const party = await list({ searchKeyword: 'mixed@example.org' });
    expect(party.attendees.map((a) => a.firstName).sort()).toEqual(['Bea', 'Carl', 'anna']);
    await t.db.execute(sql`UPDATE registrations SET email = 'renamed@example.org' WHERE email = 'mixed@example.org'`);
    expect((await list({ searchKeyword: 'mixed@example.org' })).total).toBe(0);
    expect((await list({ searchKeyword: 'renamed@' })).total).toBe(3);
  });
});

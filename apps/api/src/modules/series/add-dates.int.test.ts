import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, MAX_SERIES_DATES, type TEvent, type TSeries } from '@clubtix/contract';
import { addTicket, publishEvent } from '../../../test/catalogue';
import { callEndpoint, expectPayload } from '../../../test/call-endpoint';
import { createDoorStaff } from '../../../test/door-staff';
import { createClubWithAdmin, createTestApp, expectError, type TestApp } from '../../../test/helpers';
import { events, tickets } from '../../db/schema';

/**
 * POST /series/addDates (DECISIONS 18): the event copied at each start as /event/duplicate copies it,
 * the copies draft dates of its series, all in one transaction: one refused, none written.
 */
const WEEK = 7 * 24 * 3600_000;

describe('POST /series/addDates', () => {
  let t: TestApp;
  let token: string;
  let clubId: string;
  let season: TSeries;
  let source: TEvent;
  const run = randomUUID().slice(0, 8);

  beforeAll(async () => {
    t = await createTestApp();
    const world = await createClubWithAdmin(t);
    token = world.admin.token;
    clubId = world.club.id;
    season = expectPayload(await callEndpoint(t, endpoints.series.save, { token, body: { name: `Quiz ${run}` } }));
    source = await publishEvent(t, token, { title: `Pub Quiz ${run}`, capacity: 60 });
    await addTicket(t, token, source.id, { name: 'Team seat', quantity: 60 });
    expectPayload(await callEndpoint(t, endpoints.event.save, { token, body: { id: source.id, seriesId: season.id } }));
  });
  afterAll(async () => t.close());

  const addDates = (eventId: string, startDates: string[], as = token) =>
    callEndpoint(t, endpoints.series.addDates, { token: as, body: { eventId, startDates } });
  const weekly = (count: number, first = 1) =>
    Array.from({ length: count }, (_, n) =>
      new Date(new Date(source.startDate).getTime() + (n + first) * WEEK).toISOString(),
    );
  const eventCount = async () => (await t.db.select({ id: events.id }).from(events)).length;

  it('adds ten weekly dates as drafts of the series, each a copy with its own slug', async () => {
    const starts = weekly(10);
    const answer = await addDates(source.id, starts);
    expect(answer.body.msg).toBe('Dates added');
    const copies = expectPayload(answer);
    expect(copies).toHaveLength(10);
    expect(copies.map((copy) => copy.startDate)).toEqual(starts);
    const length = new Date(source.endDate).getTime() - new Date(source.startDate).getTime();
    for (const copy of copies) {
      expect(copy).toMatchObject({ status: 'draft', seriesId: season.id, title: source.title, capacity: 60 });
      expect(new Date(copy.endDate).getTime() - new Date(copy.startDate).getTime()).toBe(length);
      const rows = await t.db.select().from(tickets).where(eq(tickets.eventId, copy.id));
      expect(rows.map((row) => [row.name, row.quantity, row.reservedCount])).toEqual([['Team seat', 60, 0]]);
    }
    expect(copies.map((copy) => copy.slug)).toEqual(Array.from({ length: 10 }, (_, n) => `${source.slug}-${n + 2}`));
    // Published, a date shows on the series' page.
    const published = expectPayload(
      await callEndpoint(t, endpoints.event.save, { token, body: { id: copies[0]!.id, status: 'published' } }),
    );
    const page = expectPayload(await callEndpoint(t, endpoints.series.getBySlug, { query: { slug: season.slug } }));
    expect(page.events.map((event) => event.id)).toEqual([source.id, published.id]);
  });

  it(`refuses more than ${MAX_SERIES_DATES} dates with 400, writing nothing`, async () => {
    const before = await eventCount();
    const refused = await addDates(source.id, weekly(MAX_SERIES_DATES + 1, 20));
    expectError(refused, 400, 'BAD_INPUT');
    expect(refused.body.errors?.[0]?.path).toBe('startDates');
    expect(await eventCount()).toBe(before);
  });

  it('refuses a date in the past with 400 naming it, writing none of the others', async () => {
    const before = await eventCount();
    const starts = [...weekly(3, 40), new Date(Date.now() - 3600_000).toISOString()];
    const refused = await addDates(source.id, starts);
    expectError(refused, 400, 'BAD_INPUT');
    expect(refused.body.errors?.[0]?.path).toBe('startDates.3');
    expect(await eventCount()).toBe(before);
  });

  it('writes nothing when one copy is refused inside the transaction', async () => {
    const before = await eventCount();
    // An event holding more ticket types than the cap (written straight in): its copies are refused.
    const crowded = await publishEvent(t, token, { title: `Crowded ${run}` });
    expectPayload(
      await callEndpoint(t, endpoints.event.save, { token, body: { id: crowded.id, seriesId: season.id } }),
    );
    await t.db
      .insert(tickets)
      .values(Array.from({ length: 101 }, (_, n) => ({ clubId, eventId: crowded.id, name: `Type ${n}`, price: 0 })));
    const refused = await addDates(crowded.id, weekly(2, 60));
    expectError(refused, 409, 'CONFLICT');
    expect(await eventCount()).toBe(before + 1);
  });

  it("answers 409 for an event in no series, 404 for another club's event, 403 to door staff", async () => {
    const alone = await publishEvent(t, token);
    expectError(await addDates(alone.id, weekly(1)), 409, 'CONFLICT', /Put the event in a series first/);
    const other = await createClubWithAdmin(t);
    const theirs = await publishEvent(t, other.admin.token);
    expectError(await addDates(theirs.id, weekly(1)), 404, 'NOT_FOUND', 'Event not found');
    const staff = await createDoorStaff(t, token, clubId, [source.id]);
    expectError(await addDates(source.id, weekly(1), staff), 403, 'FORBIDDEN');
  });
});

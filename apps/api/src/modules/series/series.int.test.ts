import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, type TEvent, type TSaveSeriesRequest } from '@clubtix/contract';
import { addTicket, eventBody, publishEvent } from '../../../test/catalogue';
import { callEndpoint, expectPayload } from '../../../test/call-endpoint';
import { createClubWithAdmin, createSudo, createTestApp, expectError, type TestApp } from '../../../test/helpers';
import { events, tickets } from '../../db/schema';

/**
 * Series (DECISIONS 18, docs/decisions/0080-series-and-passes.md): a club's, with a slug under the
 * slug rule; an event joins one with seriesId in /event/save; the public page lists its published
 * dates soonest first with their places left.
 */
describe('series', () => {
  let t: TestApp;
  let token: string;
  let clubId: string;
  let other: Awaited<ReturnType<typeof createClubWithAdmin>>;
  /** Slugs are unique across all clubs: a run's own word. */
  const run = randomUUID().slice(0, 8);

  beforeAll(async () => {
    t = await createTestApp();
    const world = await createClubWithAdmin(t);
    token = world.admin.token;
    clubId = world.club.id;
    other = await createClubWithAdmin(t);
  });
  afterAll(async () => t.close());

  const save = (body: TSaveSeriesRequest, as = token) => callEndpoint(t, endpoints.series.save, { token: as, body });
  const join = (eventId: string, seriesId: string | null, as = token) =>
    callEndpoint(t, endpoints.event.save, { token: as, body: { id: eventId, seriesId } });

  it('creates a series in the admin’s club with a slug by the slug rule, and updates it', async () => {
    const created = await save({ name: `Summer Concerts ${run}`, description: 'Every Friday' });
    expect(created.body.msg).toBe('Series created');
    const first = expectPayload(created);
    expect(first).toMatchObject({ clubId, name: `Summer Concerts ${run}`, slug: `summer-concerts-${run}` });
    const second = expectPayload(await save({ name: `Summer concerts ${run}` }));
    expect(second.slug).toBe(`summer-concerts-${run}-2`);
    const taken = await save({ name: 'Another', slug: first.slug });
    expectError(taken, 409, 'CONFLICT', `The address "${first.slug}" is already used by another series`);

    const renamed = await save({ id: first.id, name: `Summer Nights ${run}`, description: null });
    expect(renamed.body.msg).toBe('Series saved');
    // A rename keeps the address: shared links stay good.
    expect(expectPayload(renamed)).toMatchObject({ name: `Summer Nights ${run}`, slug: first.slug, description: null });
    const retyped = expectPayload(await save({ id: first.id, slug: `nights-${run}` }));
    expect(retyped.slug).toBe(`nights-${run}`);
  });

  it("answers 404 for another club, in the body or by another club's series; sudo names any club", async () => {
    expectError(await save({ name: 'Planted', clubId: other.club.id }), 404, 'NOT_FOUND', 'Club not found');
    const theirs = expectPayload(await save({ name: `Theirs ${run}` }, other.admin.token));
    expectError(await save({ id: theirs.id, name: 'Hijacked' }), 404, 'NOT_FOUND', 'Series not found');
    const sudo = await createSudo(t);
    const refused = await save({ name: 'Nowhere' }, sudo.token);
    expectError(refused, 400, 'BAD_INPUT');
    expect(refused.body.errors?.[0]?.path).toBe('clubId');
    const bySudo = expectPayload(await save({ name: `By Sudo ${run}`, clubId: other.club.id }, sudo.token));
    expect(bySudo.clubId).toBe(other.club.id);
  });

  it("lists a club's series by name to anyone", async () => {
    const club = await createClubWithAdmin(t);
    for (const name of ['Winter', 'Autumn', 'Spring']) await save({ name: `${name} ${run}` }, club.admin.token);
    const listed = expectPayload(
      await callEndpoint(t, endpoints.series.getByClubId, { query: { clubId: club.club.id } }),
    );
    expect(listed.map((row) => row.name)).toEqual([`Autumn ${run}`, `Spring ${run}`, `Winter ${run}`]);
  });

  it("joins an event to its club's series with seriesId, leaves with null, refuses another club's (404)", async () => {
    const mine = expectPayload(await save({ name: `Joinable ${run}` }));
    const theirs = expectPayload(await save({ name: `Foreign ${run}` }, other.admin.token));
    const event = await publishEvent(t, token);
    expect(expectPayload(await join(event.id, mine.id)).seriesId).toBe(mine.id);
    expectError(await join(event.id, theirs.id), 404, 'NOT_FOUND', 'Series not found');
    const [row] = await t.db.select().from(events).where(eq(events.id, event.id));
    expect(row!.seriesId).toBe(mine.id);
    // Another save without seriesId keeps it; null takes the event out.
    expect(
      expectPayload(await callEndpoint(t, endpoints.event.save, { token, body: { id: event.id, venue: 'Hall' } }))
        .seriesId,
    ).toBe(mine.id);
    expect(expectPayload(await join(event.id, null)).seriesId).toBeNull();
    // A new event may be created straight into a series, never into another club's.
    const created = await callEndpoint(t, endpoints.event.save, {
      token,
      body: eventBody({ title: `Born in a series ${run}`, seriesId: mine.id }),
    });
    expect(expectPayload(created).seriesId).toBe(mine.id);
    const planted = await callEndpoint(t, endpoints.event.save, {
      token,
      body: eventBody({ title: `Planted ${run}`, seriesId: theirs.id }),
    });
    expectError(planted, 404, 'NOT_FOUND', 'Series not found');
    expect(
      await t.db
        .select()
        .from(events)
        .where(eq(events.title, `Planted ${run}`)),
    ).toEqual([]);
  });

  it('shows the public page: published dates soonest first with their places left; 404 for an unknown slug', async () => {
    const saved = expectPayload(await save({ name: `Open Air ${run}`, description: 'Films under the stars' }));
    const day = 24 * 3600_000;
    const dated = async (inDays: number, fields: Partial<TEvent> = {}) => {
      const start = new Date(Date.now() + inDays * day);
      const event = await publishEvent(t, token, {
        startDate: start.toISOString(),
        endDate: new Date(start.getTime() + 3600_000).toISOString(),
        ...(fields.capacity === undefined ? {} : { capacity: fields.capacity }),
        ...(fields.status === undefined ? {} : { status: fields.status }),
      });
      expectPayload(await join(event.id, saved.id));
      return event;
    };
    const withCapacity = await dated(9, { capacity: 40 });
    const counted = await dated(3);
    const unlimited = await dated(6);
    const draft = await dated(1, { status: 'draft' });
    // Capacity 40 with 5 held or sold.
    await t.db.update(events).set({ reservedCount: 5 }).where(eq(events.id, withCapacity.id));
    // Two ticket types on offer with 10 and 20, 4 of the first held; a hidden one and an inactive one do not count.
    const a = await addTicket(t, token, counted.id, { quantity: 10 });
    await addTicket(t, token, counted.id, { quantity: 20 });
    await addTicket(t, token, counted.id, { quantity: 500, hidden: true });
    await addTicket(t, token, counted.id, { quantity: 500, isActive: false });
    await t.db.update(tickets).set({ reservedCount: 4 }).where(eq(tickets.id, a.id));
    // One type without a quantity: unlimited.
    await addTicket(t, token, unlimited.id, { quantity: 10 });
    await addTicket(t, token, unlimited.id, { quantity: null });

    const page = expectPayload(await callEndpoint(t, endpoints.series.getBySlug, { query: { slug: saved.slug } }));
    expect(page.series).toMatchObject({ id: saved.id, name: `Open Air ${run}`, description: 'Films under the stars' });
    expect(page.events.map((event) => [event.id, event.available])).toEqual([
      [counted.id, 26],
      [unlimited.id, null],
      [withCapacity.id, 35],
    ]);
    expect(page.events.map((event) => event.id)).not.toContain(draft.id);
    expect(page.events[0]).toEqual({
      id: counted.id,
      slug: counted.slug,
      title: counted.title,
      startDate: counted.startDate,
      endDate: counted.endDate,
      timezone: counted.timezone,
      available: 26,
    });
    const unknown = await callEndpoint(t, endpoints.series.getBySlug, { query: { slug: `nothing-${run}` } });
    expectError(unknown, 404, 'NOT_FOUND', 'Series not found');
  });

  it('answers its 404 in the language asked for', async () => {
    const unknown = await callEndpoint(t, endpoints.series.getBySlug, {
      query: { slug: `nothing-${run}` },
      headers: { 'accept-language': 'de' },
    });
    expectError(unknown, 404, 'NOT_FOUND', 'Reihe nicht gefunden');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { endpoints } from '@clubtix/contract';
import { events, registrations, tickets } from '../../db/schema';
import { callEndpoint, expectPayload } from '../../../test/call-endpoint';
import { publishEvent } from '../../../test/catalogue';
import { createClubWithAdmin, createTestApp, type TestApp } from '../../../test/helpers';
import { buyPass, createPass, createSeries, purchasePass } from '../../../test/passes';
import { placeSeriesPasses } from './pass-places.service';

/** An event joining a series takes the places of its passes held and sold (docs/decisions/0080-series-and-passes.md). */
describe('an event joining a series with passes', () => {
  let t: TestApp;
  let a: Awaited<ReturnType<typeof createClubWithAdmin>>;
  let season: Awaited<ReturnType<typeof createSeries>>;
  beforeAll(async () => {
    t = await createTestApp();
    a = await createClubWithAdmin(t);
    season = await createSeries(t, a.admin.token, a.club.id, 1);
    const pass = await createPass(t, a.admin.token, season.seriesId);
    await buyPass(t, pass.id, 1);
    expectPayload(await purchasePass(t, pass.id, 2));
  });
  afterAll(async () => t.close());

  const join = async (capacity: number) => {
    const event = await publishEvent(t, a.admin.token, { capacity });
    return {
      event,
      place: () =>
        t.db.transaction(async (tx) => {
          await tx.update(events).set({ seriesId: season.seriesId }).where(eq(events.id, event.id));
          return placeSeriesPasses(tx, season.seriesId, event);
        }),
    };
  };

  it('places the paid pass as confirmed and the held one as pending, counted, once', async () => {
    const { event, place } = await join(10);
    expect(await place()).toBe(2);
    const rows = await t.db.select().from(registrations).where(eq(registrations.eventId, event.id));
    expect(rows.map((row) => row.status).sort()).toEqual(['confirmed', 'pending']);
    const [ticket] = await t.db.select().from(tickets).where(eq(tickets.eventId, event.id));
    expect(ticket).toMatchObject({ reservedCount: 2, soldCount: 1, hidden: true });
    expect((await t.db.select().from(events).where(eq(events.id, event.id)))[0]!.reservedCount).toBe(2);
    expect(await place()).toBe(0);
  });

  it('refuses an event the passes would overfill, naming it, and the rollback writes nothing', async () => {
    const { event, place } = await join(1);
    await expect(place()).rejects.toMatchObject({ code: 'SOLD_OUT', message: `${event.title} is sold out` });
    expect(await t.db.select().from(registrations).where(eq(registrations.eventId, event.id))).toEqual([]);
    expect((await t.db.select().from(events).where(eq(events.id, event.id)))[0]).toMatchObject({
      reservedCount: 0,
      seriesId: null,
    });
  });

  it('gives a date added as a draft its places when it is published, or refuses to publish it full', async () => {
    const [source] = season.events;
    const starts = [14, 21].map((days) => new Date(Date.parse(source!.startDate) + days * 86_400_000).toISOString());
    const copies = expectPayload(
      await callEndpoint(t, endpoints.series.addDates, {
        token: a.admin.token,
        body: { eventId: source!.id, startDates: starts },
      }),
    );
    const placesAt = async (eventId: string) =>
      (await t.db.select().from(registrations).where(eq(registrations.eventId, eventId))).length;
    // Drafts hold nothing for the passes.
    expect(await placesAt(copies[0]!.id)).toBe(0);
    const publish = (eventId: string, capacity?: number) =>
      callEndpoint(t, endpoints.event.save, {
        token: a.admin.token,
        body: { id: eventId, status: 'published', ...(capacity ? { capacity } : {}) },
      });
    expect((await publish(copies[0]!.id)).status).toBe(200);
    expect(await placesAt(copies[0]!.id)).toBe(2);
    // Saved again: the places are not taken twice.
    expect((await publish(copies[0]!.id)).status).toBe(200);
    expect(await placesAt(copies[0]!.id)).toBe(2);
    // Published with room for one: refused, naming it, and it stays a draft with nothing held.
    const full = await publish(copies[1]!.id, 1);
    expect(full.status).toBe(409);
    expect(full.body.msg).toBe(`${copies[1]!.title} is sold out`);
    expect((await t.db.select().from(events).where(eq(events.id, copies[1]!.id)))[0]).toMatchObject({
      status: 'draft',
      reservedCount: 0,
    });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { endpoints, type TPass } from '@clubtix/contract';
import { events } from '../../db/schema';
import { anyString } from '../../../test/catalogue';
import { callEndpoint, expectPayload } from '../../../test/call-endpoint';
import { createDoorStaff } from '../../../test/door-staff';
import { createClubWithAdmin, createTestApp, expectError, type TestApp } from '../../../test/helpers';
import { createPass, createSeries, purchasePass } from '../../../test/passes';

/** Season passes of a series (DECISIONS 18): the admin's save, the public list and what is left. */
describe('season passes', () => {
  let t: TestApp;
  let a: Awaited<ReturnType<typeof createClubWithAdmin>>;
  let b: Awaited<ReturnType<typeof createClubWithAdmin>>;
  let season: Awaited<ReturnType<typeof createSeries>>;
  beforeAll(async () => {
    t = await createTestApp();
    a = await createClubWithAdmin(t);
    b = await createClubWithAdmin(t);
    season = await createSeries(t, a.admin.token, a.club.id, 2, { capacity: 50 });
  });
  afterAll(async () => t.close());

  const save = (token: string, body: Record<string, unknown>) => callEndpoint(t, endpoints.pass.save, { token, body });
  const list = (seriesId: string, token?: string) =>
    callEndpoint(t, endpoints.pass.getBySeriesId, { token, query: { seriesId } });

  it('creates a pass and updates the fields sent, in the currency of the series', async () => {
    const created = await save(a.admin.token, {
      seriesId: season.seriesId,
      name: ' Gold ',
      price: 12_000,
      quantity: 20,
    });
    expect(created.body.msg).toBe('Pass created');
    const gold = expectPayload(created);
    expect(gold).toEqual({
      id: anyString,
      seriesId: season.seriesId,
      name: 'Gold',
      price: 12_000,
      currency: 'gbp',
      quantity: 20,
      isActive: true,
      available: 20,
    });
    const saved = await save(a.admin.token, { id: gold.id, price: 15_000 });
    expect(saved.body.msg).toBe('Pass saved');
    expect(expectPayload(saved)).toEqual({ ...gold, price: 15_000 });
  });

  it("answers the least of the quantity left and each coming event's places left", async () => {
    const unlimited = await createPass(t, a.admin.token, season.seriesId, { quantity: null });
    const byId = (passes: TPass[]) => passes.find((pass) => pass.id === unlimited.id)!;
    expect(byId(expectPayload(await list(season.seriesId))).available).toBe(50);
    await t.db.update(events).set({ reservedCount: 45 }).where(eq(events.id, season.events[1]!.id));
    expect(byId(expectPayload(await list(season.seriesId))).available).toBe(5);
    await t.db.update(events).set({ reservedCount: 0 }).where(eq(events.id, season.events[1]!.id));
    await t.db.update(events).set({ capacity: null }).where(eq(events.seriesId, season.seriesId));
    expect(byId(expectPayload(await list(season.seriesId))).available).toBeNull();
    await t.db.update(events).set({ capacity: 50 }).where(eq(events.seriesId, season.seriesId));

    const limited = await createPass(t, a.admin.token, season.seriesId, { name: 'Two', quantity: 2 });
    expect(expectPayload(await purchasePass(t, limited.id, 1)).passPurchase.status).toBe('pending');
    const after = expectPayload(await list(season.seriesId)).find((pass) => pass.id === limited.id)!;
    expect(after.available).toBe(1);
  });

  it('shows the public only the active passes, the admin all of them', async () => {
    const hidden = await createPass(t, a.admin.token, season.seriesId, { name: 'Retired' });
    expectPayload(await save(a.admin.token, { id: hidden.id, isActive: false }));
    const names = (passes: TPass[]) => passes.map((pass) => pass.name);
    expect(names(expectPayload(await list(season.seriesId)))).not.toContain('Retired');
    expect(names(expectPayload(await list(season.seriesId, a.admin.token)))).toContain('Retired');
    expect(names(expectPayload(await list(season.seriesId, b.admin.token)))).not.toContain('Retired');
    expectError(await purchasePass(t, hidden.id), 404, 'NOT_FOUND');
  });

  it("keeps the tenant wall: another club's series and pass answer 404", async () => {
    expectError(await save(b.admin.token, { seriesId: season.seriesId, name: 'Theirs', price: 100 }), 404, 'NOT_FOUND');
    const ours = await createPass(t, a.admin.token, season.seriesId, { name: 'Ours' });
    expectError(await save(b.admin.token, { id: ours.id, price: 1 }), 404, 'NOT_FOUND');
    expectError(await list('no-such-series'), 404, 'NOT_FOUND');
  });

  it('refuses door staff (403) and bad input (400 naming the field)', async () => {
    const staff = await createDoorStaff(
      t,
      a.admin.token,
      a.club.id,
      season.events.map((event) => event.id),
    );
    expectError(await save(staff, { seriesId: season.seriesId, name: 'Door', price: 100 }), 403, 'FORBIDDEN');
    const bad = await save(a.admin.token, { seriesId: season.seriesId, name: 'Bad', price: -5 });
    expectError(bad, 400, 'BAD_INPUT');
    expect(JSON.stringify(bad.body)).toContain('price');
    const missing = await save(a.admin.token, { seriesId: season.seriesId, price: 100 });
    expectError(missing, 400, 'BAD_INPUT');
    expect(JSON.stringify(missing.body)).toContain('name');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '@clubtix/contract';
import { anyString } from '../../../test/catalogue';
import { callEndpoint, expectPayload } from '../../../test/call-endpoint';
import { createDoorStaff } from '../../../test/door-staff';
import { createClubWithAdmin, createTestApp, expectError, type TestApp } from '../../../test/helpers';
import { buyPass, createPass, createSeries, purchasePass } from '../../../test/passes';

/** GET /pass/getPurchasesBySeriesId: the treasurer's list of a series' passes sold (DECISIONS 18). */
describe("a series' passes sold", () => {
  let t: TestApp;
  let a: Awaited<ReturnType<typeof createClubWithAdmin>>;
  let season: Awaited<ReturnType<typeof createSeries>>;
  beforeAll(async () => {
    t = await createTestApp();
    a = await createClubWithAdmin(t);
    season = await createSeries(t, a.admin.token, a.club.id, 2, { capacity: 50 });
  });
  afterAll(async () => t.close());

  const list = (token: string, seriesId = season.seriesId) =>
    callEndpoint(t, endpoints.pass.getPurchasesBySeriesId, { token, query: { seriesId } });

  it('lists the paid passes newest first, leaves out holds never paid for, and shows a refund', async () => {
    const gold = await createPass(t, a.admin.token, season.seriesId, { name: 'Gold', price: 6_000 });
    const first = await buyPass(t, gold.id, 1);
    const second = await buyPass(t, gold.id, 2);
    expectPayload(await purchasePass(t, gold.id, 3)); // held, no payment started: no money taken
    const sold = expectPayload(await list(a.admin.token));
    expect(sold.map((row) => row.id)).toEqual([second, first]);
    expect(sold[1]).toEqual({
      id: first,
      passId: gold.id,
      passName: 'Gold',
      firstName: 'Pat',
      lastName: 'Holder 1',
      email: 'holder-1@example.org',
      amount: 6_000,
      refundedAmount: 0,
      currency: 'gbp',
      status: 'confirmed',
      paymentStatus: 'paid',
      createdAt: anyString,
    });

    expectPayload(
      await callEndpoint(t, endpoints.pass.refund, {
        token: a.admin.token,
        body: { passPurchaseId: first, amount: 1_500 },
      }),
    );
    const refunded = expectPayload(await list(a.admin.token)).find((row) => row.id === first)!;
    expect(refunded).toMatchObject({ refundedAmount: 1_500, paymentStatus: 'partially_refunded' });
  });

  it("keeps the tenant wall: another club's series answers 404", async () => {
    const b = await createClubWithAdmin(t);
    expectError(await list(b.admin.token), 404, 'NOT_FOUND');
  });

  it('refuses door staff (403)', async () => {
    const staff = await createDoorStaff(
      t,
      a.admin.token,
      a.club.id,
      season.events.map((event) => event.id),
    );
    expectError(await list(staff), 403, 'FORBIDDEN');
  });
});

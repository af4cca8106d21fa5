import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { endpoints } from '@clubtix/contract';
import { events, passPurchases, registrations, users } from '../../db/schema';
import { callEndpoint } from '../../../test/call-endpoint';
import { startProcessRig, type ProcessRig } from '../../../test/process-rig';
import { createPass, createSeries, holder } from '../../../test/passes';

/**
 * Never oversold (docs/decisions/0080-series-and-passes.md): buyers racing for the last passes on
 * three processes of the real product get exactly what is left, whether the pass's own quantity or
 * an event's capacity is what runs out.
 */
describe('buyers racing for the last season passes', () => {
  let rig: ProcessRig | undefined;
  let clubId: string;
  beforeAll(async () => {
    rig = await startProcessRig(3, {}, 150_000);
    const [user] = await rig.t.db.select().from(users).limit(1);
    clubId = user!.clubId!;
  }, 480_000);
  afterAll(() => rig?.stop());

  const race = (passId: string) =>
    Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        callEndpoint(rig!.servers[i % rig!.servers.length]!.baseUrl, endpoints.pass.purchase, {
          body: { passId, ...holder(100 + i) },
        }),
      ),
    );

  const expectTwoWon = (responses: Awaited<ReturnType<typeof race>>) => {
    const won = responses.filter((r) => r.status === 200);
    expect(won).toHaveLength(2);
    const lost = responses.filter((r) => r.status !== 200);
    expect(lost.map((r) => [r.status, r.body.code])).toEqual(Array.from({ length: 6 }, () => [409, 'SOLD_OUT']));
  };

  it(
    'sells the last 2 places of an event to 8 buyers on three processes: exactly 2',
    { timeout: 120_000 },
    async () => {
      const { t, token } = rig!;
      const season = await createSeries(t, token, clubId, 2, { capacity: 10 });
      const ids = season.events.map((event) => event.id);
      await t.db.update(events).set({ reservedCount: 8 }).where(eq(events.id, ids[1]!));
      const pass = await createPass(t, token, season.seriesId, { quantity: null });
      expectTwoWon(await race(pass.id));
      const rows = await t.db.select().from(events).where(inArray(events.id, ids)).orderBy(events.id);
      expect(new Map(rows.map((row) => [row.id, row.reservedCount]))).toEqual(
        new Map([
          [ids[0]!, 2],
          [ids[1]!, 10],
        ]),
      );
      const held = await t.db
        .select()
        .from(registrations)
        .where(and(inArray(registrations.eventId, ids), eq(registrations.status, 'pending')));
      expect(held).toHaveLength(4);
    },
  );

  it('sells a pass of 2 to 8 buyers on three processes: exactly 2', { timeout: 120_000 }, async () => {
    const { t, token } = rig!;
    const season = await createSeries(t, token, clubId, 2);
    const pass = await createPass(t, token, season.seriesId, { quantity: 2 });
    expectTwoWon(await race(pass.id));
    expect(await t.db.select().from(passPurchases).where(eq(passPurchases.passId, pass.id))).toHaveLength(2);
  });
});

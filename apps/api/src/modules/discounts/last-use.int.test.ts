import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '@clubtix/contract';
import { addTicket, publishEvent } from '../../../test/catalogue';
import { type TestApp } from '../../../test/helpers';
import { startProcessRig, type ProcessRig } from '../../../test/process-rig';
import { type ServerProcess } from '../../../test/server-process';
import { discounts, orders, registrations } from '../../db/schema';
import { expireLapsedHolds } from '../purchase/hold/holds.repo';
import { callEndpoint, expectPayload } from '../../../test/call-endpoint';

/**
 * docs/product.md section 19: the last use of a code is never taken twice, however many buyers race
 * for it on however many processes (docs/decisions/0028-discount-and-access-codes.md).
 */
describe('the last use of a code', () => {
  let t: TestApp;
  let token: string;
  let servers: ServerProcess[] = [];
  let rig: ProcessRig | undefined;

  beforeAll(async () => {
    rig = await startProcessRig(3, {
      // Each racer from an address of its own (X-Forwarded-For from the local proxy): forty looks at
      // once from one address would meet the wrong-code limit, which counts each look until it knows
      // the code is right (docs/decisions/0063-code-guessing-limits.md).
      TRUST_PROXY: '127.0.0.1',
    });
    ({ t, token, servers } = rig);
  }, 180_000);
  afterAll(() => rig?.stop());

  it('holds exactly 3 of 40 buyers racing for a code of 3 uses on three processes', { timeout: 120_000 }, async () => {
    const event = await publishEvent(t, token, { maxTicketsPerOrder: 5 });
    const ticket = await addTicket(t, token, event.id, { quantity: 100 });
    const code = expectPayload(
      await callEndpoint(t, endpoints.discount.save, {
        token,
        body: { eventId: event.id, code: 'LAST-3', kind: 'percent', value: 20, maxUses: 3 },
      }),
    );
    const responses = await Promise.all(
      Array.from({ length: 40 }, (_, i) => {
        return callEndpoint(servers[i % servers.length]!.baseUrl, endpoints.registration.initRegistration, {
          headers: { 'x-forwarded-for': `10.9.0.${i + 1}` },
          body: {
            eventId: event.id,
            email: `racer${i}@example.org`,
            tickets: [{ ticketId: ticket.id, quantity: 1 }],
            discountCode: 'last-3',
          },
        });
      }),
    );
    const won = responses.filter((r) => r.status === 200);
    const lost = responses.filter((r) => r.status !== 200);
    expect(won).toHaveLength(3);
    for (const r of won) expect(r.body.payload!.order).toMatchObject({ discountCode: 'LAST-3', discountAmount: 300 });
    // Each other buyer is told the code is used up (the answers that are not, listed if any).
    const otherwise = lost.filter((r) => r.status !== 400 || r.body.msg !== 'discountCode: This code has been used up');
    expect(otherwise.map((r) => `${r.status} ${r.body.code} ${r.body.msg}`)).toEqual([]);
    const [row] = await t.db.select().from(discounts).where(eq(discounts.id, code.id));
    expect(row!.usedCount).toBe(3);
    expect(await t.db.select().from(orders).where(eq(orders.discountId, code.id))).toHaveLength(3);
    // Nobody who lost kept a seat.
    const list = await callEndpoint(t, endpoints.ticket.getTicketsByEventId, { query: { eventId: event.id } });
    expect(list.body.payload).toMatchObject([{ available: 97 }]);

    // All three lapse together: one sweep gives the three uses back in one statement.
    await t.db
      .update(registrations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(
        inArray(
          registrations.id,
          won.map((r) => r.body.payload!.registration.registrationId),
        ),
      );
    await expireLapsedHolds(t.db);
    const [after] = await t.db.select().from(discounts).where(eq(discounts.id, code.id));
    expect(after!.usedCount).toBe(0);
    const again = await callEndpoint(t, endpoints.registration.initRegistration, {
      body: {
        eventId: event.id,
        email: 'late@example.org',
        tickets: [{ ticketId: ticket.id, quantity: 1 }],
        discountCode: 'LAST-3',
      },
    });
    expect(again.status, again.body.msg).toBe(200);
  });
});

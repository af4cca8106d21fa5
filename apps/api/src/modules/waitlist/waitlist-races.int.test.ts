import { inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, type TOrder, type TRegistration } from '@clubtix/contract';
import { registrations, waitlistEntries } from '../../db/schema';
import { addTicket, publishEvent } from '../../../test/catalogue';
import { createClubWithAdmin, createSiblingApp, createTestApp, type TestApp } from '../../../test/helpers';
import { countersOf, expireOffer, joinWaitlist, rowsOf, takenAndCounters, waitlistOf } from '../../../test/waitlist';
import { callEndpoint, expectPayload } from '../../../test/call-endpoint';

type Init = { registration: TRegistration; order: TOrder };
/** Short enough to watch within a test; the product sweeps every 15 s (app.ts). */
const SWEEP_MS = 150;

/**
 * docs/product.md section 19 under load: three app processes share one database, each sweeping on its
 * own timer (lapsed holds, lapsed offers, offers to the lines), while strangers race for the same
 * tickets through all three. Nothing is ever sold or held past a quantity, an offer's tickets are
 * its person's alone, and the counters always equal the rows.
 */
describe('waiting-list offers racing strangers on several processes', () => {
  let apps: TestApp[];
  let token: string;

  beforeAll(async () => {
    const first = await createTestApp({}, { holdSweepMs: SWEEP_MS });
    apps = [
      first,
      await createSiblingApp(first, {}, { holdSweepMs: SWEEP_MS }),
      await createSiblingApp(first, {}, { holdSweepMs: SWEEP_MS }),
    ];
    token = (await createClubWithAdmin(first)).admin.token;
  });
  afterAll(async () => {
    for (const app of apps.reverse()) await app.close();
  });

  const hold = (i: number, eventId: string, ticketId: string, quantity = 1) =>
    callEndpoint(apps[i % apps.length]!, endpoints.registration.initRegistration, {
      body: { eventId, email: `stranger${i}@example.org`, tickets: [{ ticketId, quantity }] },
    });
  /** Holds and offers past their time that no sweep has given back yet. */
  const unswept = async (ticketId: string) => {
    const result = await apps[0]!.db.execute<{ n: number }>(sql`
      select (select count(*) from registrations r join attendees a on a.registration_id = r.id
               where a.ticket_id = ${ticketId} and r.status = 'pending' and r.expires_at < now())
           + (select count(*) from waitlist_entries w
               where w.ticket_id = ${ticketId} and w.status = 'offered' and w.offer_expires_at < now()) as n`);
    return Number(result.rows[0]!.n);
  };
  const lapse = (ids: string[]) =>
    apps[0]!.db
      .update(registrations)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(inArray(registrations.id, ids));

  it("keeps open offers' tickets from strangers, and never oversells while holds lapse under their feet", async () => {
    const event = await publishEvent(apps[0]!, token, { capacity: 30, maxTicketsPerOrder: 4 });
    const ticket = await addTicket(apps[0]!, token, event.id, { quantity: 12, maxPerOrder: 4 });
    const firstHolds = await Promise.all(Array.from({ length: 12 }, (_, i) => hold(i, event.id, ticket.id)));
    const heldIds = firstHolds.map((response) => expectPayload(response).registration.registrationId);
    // Ten people wait for 1 or 2 each (15 tickets): more than will come back.
    for (let i = 0; i < 10; i++) {
      const joined = await joinWaitlist(apps[i % 3]!, {
        eventId: event.id,
        ticketId: ticket.id,
        email: `waiting${i}@example.org`,
        quantity: 1 + (i % 2),
      });
      expect(joined.body.payload).toEqual({ position: i + 1 });
    }

    // Six tickets come back with nobody buying: the sweeps offer them to the first four (1+2+1+2).
    await lapse(heldIds.slice(0, 6));
    await expect
      .poll(async () => (await waitlistOf(apps[0]!, token, event.id)).filter((e) => e.status === 'offered').length, {
        timeout: 30_000,
      })
      .toBe(4);
    // 90 strangers on three processes at once, while two of the four take up their offers (each
    // link opened twice, on two processes): the offered tickets are their people's alone.
    const offeredNow = (await waitlistOf(apps[0]!, token, event.id)).filter((e) => e.status === 'offered');
    const tokens = await apps[0]!.db
      .select({ id: waitlistEntries.id, token: waitlistEntries.offerToken })
      .from(waitlistEntries)
      .where(inArray(waitlistEntries.id, [offeredNow[2]!.id, offeredNow[3]!.id]));
    const [strangers, claims] = await Promise.all([
      Promise.all(Array.from({ length: 90 }, (_, i) => hold(100 + i, event.id, ticket.id))),
      Promise.all(
        [...tokens, ...tokens].map((row, i) =>
          callEndpoint(apps[i % 3]!, endpoints.waitlist.claim, { body: { offer: row.token! } }),
        ),
      ),
    ]);
    expect(strangers.map((response) => response.body.code)).toEqual(Array(90).fill('SOLD_OUT'));
    expect(claims.map((response) => response.status)).toEqual([200, 200, 200, 200]);
    const claimedIds = claims.map((response) => (response.body.payload as Init).registration.registrationId);
    expect(new Set(claimedIds).size).toBe(2);
    expect(claimedIds.slice(0, 2)).toEqual(claimedIds.slice(2));
    const claimedQuantity = offeredNow[2]!.quantity + offeredNow[3]!.quantity;
    expect(await rowsOf(apps[0]!, ticket.id)).toEqual({ held: 6 + claimedQuantity, offered: 6 - claimedQuantity });
    expect(await countersOf(apps[0]!, ticket.id)).toEqual({ ticket: 12, event: 12 });

    // The other six holds lapse, and offers lapse, while strangers keep racing through all three
    // processes: whoever gets each ticket, nothing is held twice and nothing past the quantity.
    const offered = (await waitlistOf(apps[0]!, token, event.id)).filter((e) => e.status === 'offered');
    await lapse(heldIds.slice(6));
    for (const entry of offered.slice(0, 2)) await expireOffer(apps[0]!, entry.id);
    const racing = await Promise.all(
      Array.from({ length: 60 }, async (_, i) => {
        await new Promise((resolve) => setTimeout(resolve, (i % 20) * 15));
        return hold(300 + i, event.id, ticket.id, 1 + (i % 2));
      }),
    );
    expect(racing.every((response) => response.status === 200 || response.body.code === 'SOLD_OUT')).toBe(true);
    // Once the sweeps have settled (no lapsed hold nor offer left unswept), the counters equal the
    // rows, within the quantity, and what is left is too little for the head of the line.
    const settled = async () => {
      const list = await waitlistOf(apps[0]!, token, event.id);
      const rows = await rowsOf(apps[0]!, ticket.id);
      const head = list.find((entry) => entry.status === 'waiting');
      return { unswept: await unswept(ticket.id), headFits: !!head && head.quantity <= 12 - rows.held - rows.offered };
    };
    await expect.poll(settled, { timeout: 30_000 }).toEqual({ unswept: 0, headFits: false });
    const { taken, ...counters } = await takenAndCounters(apps[0]!, ticket.id);
    expect(counters).toEqual({ ticket: taken, event: taken });
    expect(taken).toBeLessThanOrEqual(12);
    const list = await waitlistOf(apps[0]!, token, event.id);
    expect(list.filter((entry) => entry.status === 'lapsed').map((entry) => entry.email)).toEqual(
      offered.slice(0, 2).map((entry) => entry.email),
    );
    // In line order: every offered person joined before everyone still waiting.
    const lastOffered = Math.max(...list.map((entry, i) => (entry.status === 'offered' ? i : -1)));
    const firstWaiting = list.findIndex((entry) => entry.status === 'waiting');
    if (firstWaiting >= 0) expect(lastOffered).toBeLessThan(firstWaiting);
  });
});

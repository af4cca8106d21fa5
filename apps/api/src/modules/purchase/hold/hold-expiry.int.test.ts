import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '@clubtix/contract';
import { events, registrations, tickets } from '../../../db/schema';
import { buyTickets } from '../../../../test/buying';
import { addTicket, publishEvent } from '../../../../test/catalogue';
import { createClubWithAdmin, createSiblingApp, createTestApp, type TestApp } from '../../../../test/helpers';
import { callEndpoint } from '../../../../test/call-endpoint';

/** Short enough to watch within a test; the product sweeps every 15 s (app.ts). */
const SWEEP_MS = 200;

/**
 * docs/product.md section 15, step 5: holds that lapse release their tickets without anyone doing
 * anything, on one process or several. Three apps share one database, each with its own sweep timer;
 * nothing here calls the sweep, and nobody buys while the holds lapse (a refused buyer would
 * release them on the spot and hide a sweep that never ran).
 */
describe('lapsed holds are swept by every process on its own', () => {
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

  const hold = (i: number, eventId: string, ticketId: string, quantity: number) =>
    callEndpoint(apps[i % apps.length]!, endpoints.registration.initRegistration, {
      body: { eventId, email: `holder${i}@example.org`, tickets: [{ ticketId, quantity }] },
    });
  const heldRegistration = (response: Awaited<ReturnType<typeof hold>>) => {
    expect(response.status, response.body.msg).toBe(200);
    return response.body.payload!.registration.registrationId;
  };
  const listed = async (eventId: string, ticketId: string) => {
    const list = await callEndpoint(apps[2]!, endpoints.ticket.getTicketsByEventId, { query: { eventId } });
    const ticket = list.body.payload!.find((row) => row.id === ticketId)!;
    return { available: ticket.available, sold: ticket.sold };
  };
  const lapse = (ids: string[]) =>
    apps[0]!.db
      .update(registrations)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(inArray(registrations.id, ids));
  const statusOf = async (ids: string[]) => {
    const rows = await apps[0]!.db
      .select({ id: registrations.id, status: registrations.status })
      .from(registrations)
      .where(inArray(registrations.id, ids));
    return ids.map((id) => rows.find((row) => row.id === id)?.status);
  };

  it('gives lapsed holds back exactly once, keeps live holds and paid tickets, and the seats sell again', async () => {
    const event = await publishEvent(apps[0]!, token, { capacity: 8 });
    const ticket = await addTicket(apps[0]!, token, event.id, { quantity: 6 });
    const other = await publishEvent(apps[0]!, token);
    const marker = heldRegistration(await hold(7, other.id, (await addTicket(apps[0]!, token, other.id)).id, 1));

    const paid = (
      await buyTickets(apps[1]!, event.id, ticket.id, 'paid@example.org', [
        { firstName: 'Paula', lastName: 'Paid', email: 'paid@example.org' },
      ])
    ).registration.registrationId;
    // Holds taken through all three processes until the ticket is sold out: 1 paid + 2 + 1 + 1 + 1.
    const lapsing = [
      heldRegistration(await hold(0, event.id, ticket.id, 2)),
      heldRegistration(await hold(1, event.id, ticket.id, 1)),
      heldRegistration(await hold(2, event.id, ticket.id, 1)),
    ];
    const live = heldRegistration(await hold(3, event.id, ticket.id, 1));
    const refused = await hold(4, event.id, ticket.id, 1);
    expect({ status: refused.status, code: refused.body.code }).toEqual({ status: 409, code: 'SOLD_OUT' });
    expect(await listed(event.id, ticket.id)).toEqual({ available: 0, sold: 1 });

    // RESERVATION_MINUTES is whole minutes: the clock is moved instead. The paid registration's
    // time is put in the past too, so only its status keeps it from being swept.
    await lapse([...lapsing, paid]);

    await expect.poll(() => listed(event.id, ticket.id), { timeout: 30_000 }).toEqual({ available: 4, sold: 1 });
    await expect.poll(() => statusOf(lapsing), { timeout: 30_000 }).toEqual(['expired', 'expired', 'expired']);
    expect(await statusOf([live, paid])).toEqual(['pending', 'confirmed']);

    // What is still held or sold, no less (released twice) and no more (not released): the live
    // hold and the paid ticket. A hold on another event lapsing later shows further sweeps have run
    // on these rows since, and they did not move the counters again.
    const counters = async () => {
      const [ticketRow] = await apps[0]!.db.select().from(tickets).where(eq(tickets.id, ticket.id));
      const [eventRow] = await apps[0]!.db.select().from(events).where(eq(events.id, event.id));
      return { ticket: ticketRow!.reservedCount, sold: ticketRow!.soldCount, event: eventRow!.reservedCount };
    };
    expect(await counters()).toEqual({ ticket: 2, sold: 1, event: 2 });
    await lapse([marker]);
    await expect.poll(() => statusOf([marker]), { timeout: 30_000 }).toEqual(['expired']);
    expect(await counters()).toEqual({ ticket: 2, sold: 1, event: 2 });

    // A new buyer holds the four seats given back, and no more.
    heldRegistration(await hold(5, event.id, ticket.id, 4));
    const last = await hold(6, event.id, ticket.id, 1);
    expect({ status: last.status, code: last.body.code }).toEqual({ status: 409, code: 'SOLD_OUT' });
    expect(await listed(event.id, ticket.id)).toEqual({ available: 0, sold: 1 });
    expect(await statusOf([live, paid])).toEqual(['pending', 'confirmed']);
  });
});

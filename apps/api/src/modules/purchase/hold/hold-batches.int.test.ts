import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '@clubtix/contract';
import { addTicket, publishEvent } from '../../../../test/catalogue';
import { type TestApp } from '../../../../test/helpers';
import { startProcessRig, type ProcessRig } from '../../../../test/process-rig';
import { type ServerProcess } from '../../../../test/server-process';
import { callEndpoint } from '../../../../test/call-endpoint';

/**
 * docs/decisions/0051-batched-holds.md: holds of one event that arrive together share one statement
 * and one commit, and never-oversell (docs/product.md section 15) holds as strongly as before, on
 * several processes at once.
 */
describe('holds batched across processes', () => {
  let t: TestApp;
  let token: string;
  let servers: ServerProcess[] = [];
  let rig: ProcessRig | undefined;

  beforeAll(async () => {
    rig = await startProcessRig(3, {}, 150_000);
    ({ t, token, servers } = rig);
  }, 480_000);
  afterAll(() => rig?.stop());

  it(
    'sells exactly 100 tickets to 1,000 buyers on three processes, the rest refused as sold out',
    { timeout: 180_000 },
    async () => {
      const event = await publishEvent(t, token);
      const ticket = await addTicket(t, token, event.id, { name: 'General', quantity: 100 });
      const responses = await Promise.all(
        Array.from({ length: 1000 }, (_, i) =>
          callEndpoint(servers[i % servers.length]!.baseUrl, endpoints.registration.initRegistration, {
            body: {
              eventId: event.id,
              email: `crowd${i}@example.org`,
              tickets: [{ ticketId: ticket.id, quantity: 1 }],
            },
          }),
        ),
      );
      const won = responses.filter((r) => r.status === 200);
      const lost = responses.filter((r) => r.status !== 200);
      expect(won).toHaveLength(100);
      expect(lost).toHaveLength(900);
      expect(lost.every((r) => r.status === 409 && r.body.code === 'SOLD_OUT')).toBe(true);
      for (const r of won) {
        expect(r.body.payload!.registration.attendees).toMatchObject([{ ticketId: ticket.id, ticketName: 'General' }]);
        expect(r.body.payload!.order).toMatchObject({
          amount: ticket.price,
          items: [{ ticketId: ticket.id, quantity: 1 }],
        });
      }

      const { rows } = await t.db.execute<{
        registrations: number;
        attendees: number;
        orders: number;
        items: number;
      }>(sql`
      SELECT (SELECT count(*)::int FROM registrations WHERE event_id = ${event.id}) AS registrations,
             (SELECT count(*)::int FROM attendees WHERE event_id = ${event.id}) AS attendees,
             (SELECT count(*)::int FROM orders WHERE event_id = ${event.id}) AS orders,
             (SELECT count(*)::int FROM order_items i JOIN orders o ON o.id = i.order_id
               WHERE o.event_id = ${event.id}) AS items`);
      expect(rows[0]).toEqual({ registrations: 100, attendees: 100, orders: 100, items: 100 });
      const answered = new Set(won.map((r) => r.body.payload!.registration.registrationId));
      const stored = await t.db.execute<{ id: string }>(sql`SELECT id FROM registrations WHERE event_id = ${event.id}`);
      expect(new Set(stored.rows.map((row) => row.id))).toEqual(answered);

      // The counters equal the rows.
      const counters = await t.db.execute<{ ticket: number; event: number }>(sql`
      SELECT (SELECT reserved_count FROM tickets WHERE id = ${ticket.id}) AS ticket,
             (SELECT reserved_count FROM events WHERE id = ${event.id}) AS event`);
      expect(counters.rows[0]).toEqual({ ticket: 100, event: 100 });

      // Batching happened: registrations written by one transaction share its id (xmin).
      const batches = await t.db.execute<{ size: number }>(sql`
      SELECT count(*)::int AS size FROM registrations WHERE event_id = ${event.id} GROUP BY xmin::text`);
      const largest = Math.max(...batches.rows.map((row) => row.size));
      expect(largest).toBeGreaterThan(1);
    },
  );

  it(
    'lets each buyer who starts over on another process take their own seats again, counters exact',
    { timeout: 120_000 },
    async () => {
      const event = await publishEvent(t, token);
      const ticket = await addTicket(t, token, event.id, { name: 'General', quantity: 60 });
      const hold = (server: ServerProcess, email: string) =>
        callEndpoint(server.baseUrl, endpoints.registration.initRegistration, {
          body: { eventId: event.id, email, tickets: [{ ticketId: ticket.id, quantity: 2 }] },
        });
      const buyers = Array.from({ length: 30 }, (_, i) => `restart${i}@example.org`);
      // 30 buyers hold every ticket; then all start over at once, each on another process than before.
      const first = await Promise.all(buyers.map((email, i) => hold(servers[i % 3]!, email)));
      expect(first.map((r) => r.status)).toEqual(buyers.map(() => 200));
      const again = await Promise.all(buyers.map((email, i) => hold(servers[(i + 1) % 3]!, email)));
      // Nothing else is free: each buyer is held again only by letting their own first hold go.
      expect(again.map((r) => r.body.msg ?? r.status)).toEqual(buyers.map(() => 200));

      const statuses = await t.db.execute<{ status: string; n: number }>(sql`
      SELECT status, count(*)::int AS n FROM registrations WHERE event_id = ${event.id} GROUP BY status ORDER BY status`);
      expect(statuses.rows).toEqual([
        { status: 'expired', n: 30 },
        { status: 'pending', n: 30 },
      ]);
      const pending = await t.db.execute<{ id: string }>(sql`
      SELECT id FROM registrations WHERE event_id = ${event.id} AND status = 'pending'`);
      expect(new Set(pending.rows.map((row) => row.id))).toEqual(
        new Set(again.map((r) => r.body.payload!.registration.registrationId)),
      );
      const counters = await t.db.execute<{ ticket: number; event: number }>(sql`
      SELECT (SELECT reserved_count FROM tickets WHERE id = ${ticket.id}) AS ticket,
             (SELECT reserved_count FROM events WHERE id = ${event.id}) AS event`);
      expect(counters.rows[0]).toEqual({ ticket: 60, event: 60 });
      expect((await hold(servers[0]!, 'newcomer@example.org')).status).toBe(409);
    },
  );

  it(
    'answers mixed buyers arriving together at one process each as if it had come alone',
    { timeout: 120_000 },
    async () => {
      const event = await publishEvent(t, token, { maxTicketsPerOrder: 3, capacity: 20 });
      const open = await addTicket(t, token, event.id, { name: 'Open', quantity: 6, maxPerOrder: 3 });
      const other = await addTicket(t, token, event.id, { name: 'Other', quantity: 5, maxPerOrder: 3 });
      const hidden = await addTicket(t, token, event.id, { name: 'Hidden', quantity: 5, hidden: true });
      const otherEvent = await publishEvent(t, token);
      const foreign = await addTicket(t, token, otherEvent.id, { name: 'Foreign', quantity: 5 });
      const server = servers[0]!;
      const hold = (email: string, tickets: { ticketId: string; quantity: number }[]) =>
        callEndpoint(server.baseUrl, endpoints.registration.initRegistration, {
          headers: { 'accept-language': 'fr' },
          body: { eventId: event.id, email, tickets },
        });
      const mixed = await hold('mixed@example.org', [
        { ticketId: other.id, quantity: 1 },
        { ticketId: open.id, quantity: 2 },
      ]);
      expect(mixed.status).toBe(200);
      expect(mixed.body.payload!.registration.attendees.map((a) => a.ticketName)).toEqual(['Other', 'Open', 'Open']);
      expect(mixed.body.payload!.order).toMatchObject({ amount: 3 * 1500, currency: 'gbp' });
      expect(mixed.body.payload!.order.items.map((item) => [item.name, item.quantity])).toEqual([
        ['Other', 1],
        ['Open', 2],
      ]);

      const [twice, again, tooMany, hiddenOne, foreignOne, ...rest] = await Promise.all([
        hold('same@example.org', [{ ticketId: open.id, quantity: 2 }]),
        hold('same@example.org', [{ ticketId: open.id, quantity: 2 }]),
        hold('many@example.org', [{ ticketId: open.id, quantity: 4 }]),
        hold('hidden@example.org', [{ ticketId: hidden.id, quantity: 1 }]),
        hold('foreign@example.org', [{ ticketId: foreign.id, quantity: 1 }]),
        ...Array.from({ length: 8 }, (_, i) => hold(`rest${i}@example.org`, [{ ticketId: other.id, quantity: 1 }])),
      ]);
      // One e-mail holds at most maxTicketsPerOrder (3) at once: of its two holds of 2, one is refused
      // (both in flight together), or the later lets the earlier go (a buyer starting over).
      const sameStatuses = [twice.status, again.status].sort().join();
      expect(['200,429', '200,200']).toContain(sameStatuses);
      const sameHeld = await t.db.execute<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM attendees a JOIN registrations r ON r.id = a.registration_id
      WHERE r.event_id = ${event.id} AND r.email = 'same@example.org' AND r.status = 'pending'`);
      expect(sameHeld.rows[0]!.n).toBe(2);
      expect(tooMany.status).toBe(400);
      expect(hiddenOne.status).toBe(400);
      expect(foreignOne.status).toBe(404);
      // 4 Other left after the mixed buyer: 4 of the 8 get one, 4 are refused, in French.
      expect(rest.filter((r) => r.status === 200)).toHaveLength(4);
      for (const r of rest.filter((r) => r.status !== 200)) {
        expect(r).toMatchObject({
          status: 409,
          body: { code: 'SOLD_OUT', msg: 'Il ne reste pas assez de billets Other pour cette commande' },
        });
      }
      const counters = await t.db.execute<{ open: number; other: number; event: number }>(sql`
      SELECT (SELECT reserved_count FROM tickets WHERE id = ${open.id}) AS open,
             (SELECT reserved_count FROM tickets WHERE id = ${other.id}) AS other,
             (SELECT reserved_count FROM events WHERE id = ${event.id}) AS event`);
      expect(counters.rows[0]).toEqual({ open: 4, other: 5, event: 9 });
      const list = await callEndpoint(t, endpoints.ticket.getTicketsByEventId, { query: { eventId: event.id } });
      expect(list.body.payload).toMatchObject([
        { id: open.id, available: 2 },
        { id: other.id, available: 0 },
      ]);
    },
  );
});

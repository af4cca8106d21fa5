import { eq, inArray, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { endpoints } from '@clubtix/contract';
import { mailOutbox, orders, registrations, tickets } from '../../../db/schema';
import { holdTickets } from '../../../../test/buying';
import { addTicket, publishEvent } from '../../../../test/catalogue';
import { type TestApp } from '../../../../test/helpers';
import { startProcessRig, type ProcessRig } from '../../../../test/process-rig';
import { type ServerProcess } from '../../../../test/server-process';
import { createMetrics } from '../../../core/metrics';
import type { Deps } from '../../../core/deps';
import type { Settlement } from './settle-paid-order';
import { settleTogether } from './settle-order';
import { callEndpoint, expectPayload } from '../../../../test/call-endpoint';

/**
 * docs/decisions/0058-batched-settlements.md: the confirmations of buyers arriving together share
 * one transaction; each order is still paid once, its registration confirmed once, its tickets
 * counted sold once and mailed once, on several processes at once.
 */
describe('paid orders settled together', () => {
  let t: TestApp;
  let token: string;
  let servers: ServerProcess[] = [];
  let rig: ProcessRig | undefined;

  beforeAll(async () => {
    rig = await startProcessRig(3);
    ({ t, token, servers } = rig);
  }, 180_000);
  afterAll(() => rig?.stop());

  /** Held, filled in, priced and an intent started: what a buyer has done before paying. */
  async function readyToPay(eventId: string, ticketId: string, email: string, people: number) {
    const registration = await holdTickets(
      t,
      eventId,
      ticketId,
      email,
      Array.from({ length: people }, (_, i) => ({ firstName: `P${i}`, lastName: 'Batch', email: `${i}.${email}` })),
    );
    const { registrationId, qrUuid } = registration;
    const { order } = expectPayload(
      await callEndpoint(t, endpoints.order.createOrder, { body: { registrationId, qrUuid } }),
    );
    const intent = expectPayload(
      await callEndpoint(t, endpoints.stripe.createPaymentIntent, { body: { orderId: order.id } }),
    );
    return { registration, order, paymentIntentId: intent.paymentIntentId };
  }

  it(
    'pays 40 orders of two events confirmed at once on three processes, each once, with its duplicate confirmations',
    { timeout: 180_000 },
    async () => {
      const harbour = await publishEvent(t, token, { maxTicketsPerOrder: 4 });
      const deck = await addTicket(t, token, harbour.id, { name: 'Deck', quantity: 100, maxPerOrder: 4 });
      const river = await publishEvent(t, token, { maxTicketsPerOrder: 4 });
      const bank = await addTicket(t, token, river.id, { name: 'Bank', quantity: 100, maxPerOrder: 4 });
      const buyers: Awaited<ReturnType<typeof readyToPay>>[] = [];
      for (let i = 0; i < 40; i += 1) {
        const [event, ticket] = i % 2 ? [river, bank] : [harbour, deck];
        buyers.push(await readyToPay(event.id, ticket.id, `b${i}.${event.id.slice(0, 8)}@example.org`, 1 + (i % 3)));
      }
      // Every buyer confirms once, and every fourth a second time on another process (a second tab).
      type Buyer = (typeof buyers)[number];
      const confirmations = buyers.flatMap((buyer, i): [Buyer, number][] =>
        i % 4 === 0
          ? [
              [buyer, i],
              [buyer, i + 1],
            ]
          : [[buyer, i]],
      );
      const answers = await Promise.all(
        confirmations.map(async ([buyer, i]) => {
          const response = await callEndpoint(servers[i % servers.length]!.baseUrl, endpoints.stripe.confirmPayment, {
            body: { paymentIntentId: buyer.paymentIntentId, testCard: '4242 4242 4242 4242' },
          });
          return { buyer, status: response.status, body: response.body };
        }),
      );
      for (const { buyer, status, body } of answers) {
        expect(status).toBe(200);
        expect(body.payload!.order).toMatchObject({ id: buyer.order.id, paymentStatus: 'paid' });
        expect(body.payload!.registration).toMatchObject({
          registrationId: buyer.registration.registrationId,
          status: 'confirmed',
        });
      }

      const orderIds = buyers.map((buyer) => buyer.order.id);
      const paid = await t.db
        .select({ status: orders.paymentStatus, batch: sql<string>`${orders}.xmin::text` })
        .from(orders)
        .where(inArray(orders.id, orderIds));
      expect(paid.map((row) => row.status)).toEqual(Array(40).fill('paid'));
      const confirmed = await t.db
        .select({ status: registrations.status })
        .from(registrations)
        .where(
          inArray(
            registrations.id,
            buyers.map((buyer) => buyer.registration.registrationId),
          ),
        );
      expect(confirmed.map((row) => row.status)).toEqual(Array(40).fill('confirmed'));
      // Sold once each: 20 buyers an event with 1, 2, 3, 1, 2, ... people.
      const sold = await t.db
        .select({ id: tickets.id, sold: tickets.soldCount, reserved: tickets.reservedCount })
        .from(tickets)
        .where(inArray(tickets.id, [deck.id, bank.id]));
      const people = (parity: number) =>
        buyers.reduce((sum, buyer, i) => sum + (i % 2 === parity ? buyer.registration.attendees.length : 0), 0);
      expect(Object.fromEntries(sold.map((row) => [row.id, [row.sold, row.reserved]]))).toEqual({
        [deck.id]: [people(0), people(0)],
        [bank.id]: [people(1), people(1)],
      });
      // One ticket mail to each buyer, however many times the payment was confirmed.
      for (const buyer of buyers) {
        const mails = await t.db
          .select({ id: mailOutbox.id })
          .from(mailOutbox)
          .where(eq(mailOutbox.dedupeKey, `tickets:${buyer.registration.registrationId}`));
        expect(mails).toHaveLength(1);
      }
      // Settled together: orders paid by one transaction share its id (xmin).
      const perBatch = new Map<string, number>();
      for (const row of paid) perBatch.set(row.batch, (perBatch.get(row.batch) ?? 0) + 1);
      const largest = Math.max(...perBatch.values());
      expect(largest).toBeGreaterThan(1);
    },
  );

  it('settles five orders in four round trips, and leaves the rarer cases to be settled alone', async () => {
    const event = await publishEvent(t, token, { maxTicketsPerOrder: 4 });
    const ticket = await addTicket(t, token, event.id, { name: 'Stand', quantity: 50, maxPerOrder: 4 });
    const ready: Awaited<ReturnType<typeof readyToPay>>[] = [];
    for (let i = 0; i < 7; i += 1) {
      ready.push(await readyToPay(event.id, ticket.id, `r${i}.${event.id.slice(0, 8)}@example.org`, 2));
    }
    // What a batch uses of the app: its database, its configuration, and the mail sender to wake.
    const deps = {
      db: t.db,
      config: t.config,
      mail: { flush: () => Promise.resolve() },
      metrics: createMetrics(),
    } as unknown as Deps;
    const queries = vi.spyOn(pg.Client.prototype, 'query');
    let together: (Settlement | undefined)[];
    let sent: number;
    try {
      together = await settleTogether(
        deps,
        ready.slice(0, 5).map((buyer) => buyer.order.id),
      );
      sent = queries.mock.calls.length;
    } finally {
      queries.mockRestore();
    }
    expect(together.map((settlement) => settlement?.order.paymentStatus)).toEqual(Array(5).fill('paid'));
    expect(together.map((settlement) => settlement?.confirmed?.registration.status)).toEqual(
      Array(5).fill('confirmed'),
    );
    // BEGIN with the lock, the read, the mails' insert, the writes with the COMMIT: for all five.
    expect(sent).toBe(4);

    // An admin cancelled the sixth registration; the first is paid already; the seventh is the common case.
    await t.db
      .update(registrations)
      .set({ status: 'cancelled' })
      .where(eq(registrations.id, ready[5]!.registration.registrationId));
    const rest = await settleTogether(deps, [ready[5]!.order.id, ready[0]!.order.id, ready[6]!.order.id]);
    expect(rest.slice(0, 2)).toEqual([undefined, undefined]);
    expect(rest[2]?.order.paymentStatus).toBe('paid');
    // Left alone by the batch: the cancelled one still pending, for settlePaidOrder to flag for refund.
    const [cancelled] = await t.db
      .select({ status: orders.paymentStatus })
      .from(orders)
      .where(eq(orders.id, ready[5]!.order.id));
    expect(cancelled!.status).toBe('pending');
  });
});

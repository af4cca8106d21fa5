import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, type TOrder, type TRegistration } from '@clubtix/contract';
import { attendees, events, registrations, tickets } from '../../../db/schema';
import { addTicket, publishEvent } from '../../../../test/catalogue';
import { createClubWithAdmin, createSiblingApp, createTestApp, type TestApp } from '../../../../test/helpers';
import { expireLapsedHolds } from './holds.repo';
import { callEndpoint } from '../../../../test/call-endpoint';

type Init = { registration: TRegistration; order: TOrder };

/**
 * docs/product.md section 15: with any number of buyers at once, on one process or many against one
 * PostgreSQL, the tickets held or sold never exceed a ticket's quantity or the event's capacity.
 */
describe('never oversell', () => {
  let apps: TestApp[];
  let token: string;

  beforeAll(async () => {
    const first = await createTestApp();
    apps = [first, await createSiblingApp(first), await createSiblingApp(first)];
    token = (await createClubWithAdmin(first)).admin.token;
  });
  afterAll(async () => {
    for (const app of apps.reverse()) await app.close();
  });

  const buy = (i: number, eventId: string, ticketId: string, quantity = 1) =>
    callEndpoint(apps[i % apps.length]!, endpoints.registration.initRegistration, {
      body: { eventId, email: `buyer${i}@example.org`, tickets: [{ ticketId, quantity }] },
    });

  async function heldOrSold(ticketId: string): Promise<number> {
    const [row] = await apps[0]!.db
      .select({ n: sql<number>`count(*)::int` })
      .from(attendees)
      .innerJoin(registrations, eq(registrations.id, attendees.registrationId))
      .where(sql`${attendees.ticketId} = ${ticketId} AND ${registrations.status} IN ('pending', 'confirmed')`);
    return row!.n;
  }

  it('sells exactly the quantity when 300 buyers on three app processes race for 25 tickets', async () => {
    const event = await publishEvent(apps[0]!, token, { maxTicketsPerOrder: 5 });
    const ticket = await addTicket(apps[0]!, token, event.id, { quantity: 25, maxPerOrder: 5 });
    const responses = await Promise.all(
      Array.from({ length: 300 }, (_, i) => buy(i, event.id, ticket.id, 1 + (i % 2))),
    );
    const won = responses.filter((r) => r.status === 200);
    const lost = responses.filter((r) => r.status !== 200);
    const seats = won.reduce((sum, r) => sum + (r.body.payload as Init).registration.attendees.length, 0);
    const otherwise = lost.filter((r) => r.status !== 409 || r.body.code !== 'SOLD_OUT');
    expect(otherwise.map((r) => `${r.status} ${r.body.code} ${r.body.msg}`)).toEqual([]);
    expect(seats).toBeLessThanOrEqual(25);
    expect(seats).toBeGreaterThanOrEqual(24); // a last buyer of 2 may find only 1 left
    expect(await heldOrSold(ticket.id)).toBe(seats);
    const [row] = await apps[0]!.db.select().from(tickets).where(eq(tickets.id, ticket.id));
    expect(row!.reservedCount).toBe(seats);
  });

  it("holds the event's capacity across ticket types", async () => {
    const event = await publishEvent(apps[0]!, token, { capacity: 12 });
    const adult = await addTicket(apps[0]!, token, event.id, { name: 'Adult', quantity: null });
    const child = await addTicket(apps[0]!, token, event.id, { name: 'Child', quantity: null });
    const responses = await Promise.all(
      Array.from({ length: 120 }, (_, i) => buy(i, event.id, i % 2 === 0 ? adult.id : child.id)),
    );
    expect(responses.filter((r) => r.status === 200)).toHaveLength(12);
    expect((await heldOrSold(adult.id)) + (await heldOrSold(child.id))).toBe(12);
  });

  it('gives lapsed holds back without anyone asking, and the seats sell again', async () => {
    const event = await publishEvent(apps[0]!, token);
    const ticket = await addTicket(apps[0]!, token, event.id, { quantity: 2 });
    const first = await buy(1, event.id, ticket.id, 2);
    expect(first.status).toBe(200);
    expect((await buy(2, event.id, ticket.id)).status).toBe(409);

    const held = (first.body.payload as Init).registration.registrationId;
    await apps[0]!.db
      .update(registrations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(registrations.id, held));
    expect(await expireLapsedHolds(apps[1]!.db)).toBe(1);
    const [row] = await apps[0]!.db.select().from(registrations).where(eq(registrations.id, held));
    expect(row!.status).toBe('expired');

    const again = await buy(3, event.id, ticket.id, 2);
    expect(again.status).toBe(200);
    const list = await callEndpoint(apps[0]!, endpoints.ticket.getTicketsByEventId, { query: { eventId: event.id } });
    expect(list.body.payload).toMatchObject([{ id: ticket.id, available: 0, sold: 0 }]);
  });

  it('releases lapsed holds on the spot when a buyer would otherwise be refused', async () => {
    const event = await publishEvent(apps[0]!, token);
    const ticket = await addTicket(apps[0]!, token, event.id, { quantity: 1 });
    const first = await buy(1, event.id, ticket.id);
    await apps[0]!.db
      .update(registrations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(registrations.id, (first.body.payload as Init).registration.registrationId));
    const second = await buy(2, event.id, ticket.id);
    expect(second.status).toBe(200);
    expect(await heldOrSold(ticket.id)).toBe(1);
  });

  it("is also the database's own rule: no write takes a counter past its quantity or capacity", async () => {
    const event = await publishEvent(apps[0]!, token, { capacity: 3 });
    const ticket = await addTicket(apps[0]!, token, event.id, { quantity: 2 });
    const past = (statement: Promise<unknown>) =>
      statement.then(
        () => 'written',
        (error: { cause?: { code?: string; constraint?: string } }) =>
          `${error.cause?.code} ${error.cause?.constraint}`,
      );
    expect(await past(apps[0]!.db.update(tickets).set({ reservedCount: 3 }).where(eq(tickets.id, ticket.id)))).toBe(
      '23514 tickets_reserved_within_quantity',
    );
    expect(await past(apps[0]!.db.update(events).set({ reservedCount: 4 }).where(eq(events.id, event.id)))).toBe(
      '23514 events_reserved_within_capacity',
    );
    expect(await past(apps[0]!.db.update(tickets).set({ reservedCount: 2 }).where(eq(tickets.id, ticket.id)))).toBe(
      'written',
    );
  });
});

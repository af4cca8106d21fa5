import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '@clubtix/contract';
import { attendees, events, registrations, tickets } from '../../db/schema';
import { addTicket, publishEvent } from '../../../test/catalogue';
import { createClubWithAdmin, createSiblingApp, createTestApp, type TestApp } from '../../../test/helpers';
import { callEndpoint } from '../../../test/call-endpoint';

/**
 * docs/product.md section 20: the box office sells under the online hold's never-oversell rule, so
 * door sales and online holds racing for the last tickets on several processes never sell more
 * than there is (modules/purchase/hold/no-oversell.int.test.ts for holds alone).
 */
describe('box office and online holds racing', () => {
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

  async function heldOrSold(eventId: string): Promise<number> {
    const [row] = await apps[0]!.db
      .select({ n: sql<number>`count(*)::int` })
      .from(attendees)
      .innerJoin(registrations, eq(registrations.id, attendees.registrationId))
      .where(sql`${attendees.eventId} = ${eventId} AND ${registrations.status} IN ('pending', 'confirmed')`);
    return row!.n;
  }

  it('never oversells a ticket type or the event when door sales and online holds race on three processes', async () => {
    const event = await publishEvent(apps[0]!, token, { maxTicketsPerOrder: 5, capacity: 30 });
    const adult = await addTicket(apps[0]!, token, event.id, { name: 'Adult', quantity: 20, maxPerOrder: 5 });
    const child = await addTicket(apps[0]!, token, event.id, { name: 'Child', quantity: null, maxPerOrder: 5 });
    // 20 door sales of one and 12 online holds of two, interleaved, for 30 places: each side can
    // take only part of them, so both must win some and the last ones must be refused.
    const atDoor = (i: number) => i % 8 < 5;
    const attempt = (i: number) => {
      const app = apps[i % apps.length]!;
      const ticketId = i % 3 === 0 ? child.id : adult.id;
      return atDoor(i)
        ? callEndpoint(app, endpoints.boxoffice.sell, {
            token,
            body: {
              eventId: event.id,
              tickets: [{ ticketId, quantity: 1 }],
              paymentMethod: 'cash',
              checkIn: i % 2 === 0,
            },
          })
        : callEndpoint(app, endpoints.registration.initRegistration, {
            body: { eventId: event.id, email: `buyer${i}@example.org`, tickets: [{ ticketId, quantity: 2 }] },
          });
    };
    const responses = await Promise.all(Array.from({ length: 32 }, (_, i) => attempt(i)));
    const lost = responses.filter((r) => r.status !== 200);
    expect(lost.every((r) => r.status === 409 && r.body.code === 'SOLD_OUT')).toBe(true);
    const doorSales = responses.filter((r, i) => r.status === 200 && atDoor(i));
    expect(doorSales.length).toBeGreaterThan(0);
    expect(responses.filter((r, i) => r.status === 200 && !atDoor(i)).length).toBeGreaterThan(0);
    expect(lost.length).toBeGreaterThan(0);

    const seats = await heldOrSold(event.id);
    expect(seats).toBeLessThanOrEqual(30);
    expect(seats).toBeGreaterThanOrEqual(29); // a last buyer of 2 may find only 1 left
    const [adultRow] = await apps[0]!.db.select().from(tickets).where(eq(tickets.id, adult.id));
    expect(adultRow!.reservedCount).toBeLessThanOrEqual(20);
    const [eventRow] = await apps[0]!.db.select().from(events).where(eq(events.id, event.id));
    expect(eventRow!.reservedCount).toBe(seats);
    // What the door sold is sold, and counted as sold.
    const sold = doorSales.reduce((sum, r) => sum + r.body.payload!.registration.attendees.length, 0);
    const [childRow] = await apps[0]!.db.select().from(tickets).where(eq(tickets.id, child.id));
    expect(adultRow!.soldCount + childRow!.soldCount).toBe(sold);
  });
});

import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, type TBoxOfficeSale } from '@clubtix/contract';
import { extrasPurchases, orders, registrations, tickets } from '../../db/schema';
import { addTicket, createExtras, publishEvent } from '../../../test/catalogue';
import { createClubWithAdmin, createSiblingApp, createTestApp, type TestApp } from '../../../test/helpers';
import { callEndpoint } from '../../../test/call-endpoint';

/**
 * docs/product.md section 20: the door sells extras under the online stock rule
 * (docs/decisions/0014-extras-and-package-stock.md), so door sales and online purchases racing for
 * the last extras on three processes never sell more than the extra's quantity, and a refused door
 * sale keeps nothing, its tickets included.
 */
describe('box office extras and online purchases racing', () => {
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

  it('never oversells an extra when door sales and online purchases race on three processes', async () => {
    const db = apps[0]!.db;
    const event = await publishEvent(apps[0]!, token, { maxTicketsPerOrder: 5 });
    const ticket = await addTicket(apps[0]!, token, event.id, { quantity: 100, maxPerOrder: 5 });
    const lunch = await createExtras(apps[0]!, token, event.id, { name: 'Lunch box', price: 800, quantity: 6 });
    // 24 buyers of one or two each for 6: most lose; which side wins is the race's to decide.
    const atDoor = (i: number) => i % 3 !== 2;
    const attempt = (i: number) => {
      const app = apps[i % apps.length]!;
      const quantity = 1 + (i % 2);
      return atDoor(i)
        ? callEndpoint(app, endpoints.boxoffice.sell, {
            token,
            body: {
              eventId: event.id,
              // Some with a ticket, some extras alone: the ticket of a refused sale is not sold either.
              tickets: i % 4 === 0 ? [] : [{ ticketId: ticket.id, quantity: 1 }],
              extras: [{ extrasId: lunch.id, quantity }],
              paymentMethod: 'cash',
            },
          })
        : callEndpoint(app, endpoints.extrasPurchase.purchaseExtras, {
            body: { eventId: event.id, extrasId: lunch.id, quantity, email: `buyer${i}@example.org` },
          });
    };
    const responses = await Promise.all(Array.from({ length: 24 }, (_, i) => attempt(i)));
    const lost = responses.filter((r) => r.status !== 200);
    expect(lost.map((r) => [r.status, r.body.code])).toEqual(lost.map(() => [409, 'SOLD_OUT']));
    const doorSales = responses.filter((r, i) => r.status === 200 && atDoor(i));
    expect(lost.length).toBeGreaterThan(0);

    // What is taken: the door's paid vouchers and the online purchases (pending, within their hold).
    const [taken] = await db
      .select({ n: sql<number>`coalesce(sum(${extrasPurchases.quantity}), 0)::int` })
      .from(extrasPurchases)
      .where(eq(extrasPurchases.extrasId, lunch.id));
    expect(taken!.n).toBeLessThanOrEqual(6);
    expect(taken!.n).toBeGreaterThanOrEqual(5); // a last buyer of 2 may find only 1 left
    // Each door sale that won is one order, one registration and one voucher; those refused left nothing.
    const sales = doorSales.map((r) => r.body.payload as TBoxOfficeSale);
    const [orderCount] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(orders)
      .where(eq(orders.eventId, event.id));
    const [registrationCount] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(registrations)
      .where(eq(registrations.eventId, event.id));
    expect(orderCount!.n).toBe(sales.length);
    expect(registrationCount!.n).toBe(sales.length);
    expect(sales.every((sale) => sale.extrasVouchers.length === 1)).toBe(true);
    const [ticketRow] = await db.select().from(tickets).where(eq(tickets.id, ticket.id));
    const ticketsSold = sales.reduce((sum, sale) => sum + sale.registration.attendees.length, 0);
    expect(ticketRow!.soldCount).toBe(ticketsSold);
    expect(ticketRow!.reservedCount).toBe(ticketsSold);
  });
});

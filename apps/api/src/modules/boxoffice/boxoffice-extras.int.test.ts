import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, type TBoxOfficeSale, type TOrderListItem, type BodyOf } from '@clubtix/contract';
import { attendees, extrasPurchases, mailOutbox, orders, registrations } from '../../db/schema';
import { addTicket, createExtras, publishEvent } from '../../../test/catalogue';
import { storedVoucherQrOf } from '../../../test/door';
import { call, createAdminApp, createClubWithAdmin, expectError, type TestApp } from '../../../test/helpers';
import { callEndpoint } from '../../../test/call-endpoint';

/**
 * docs/product.md section 20: the box office sells extras too (docs/decisions/0034-box-office.md):
 * lines of the door's order, under the online stock rule (0014-extras-and-package-stock.md), each
 * a paid voucher at once, redeemed at the door.
 */
describe('box office extras', () => {
  let t: TestApp;
  let token: string;
  let otherToken: string;

  beforeAll(async () => {
    ({ t, token } = await createAdminApp());
    otherToken = (await createClubWithAdmin(t)).admin.token;
  });
  afterAll(async () => t.close());

  const sell = (body: BodyOf<typeof endpoints.boxoffice.sell>, as = token) =>
    callEndpoint(t, endpoints.boxoffice.sell, { token: as, body });

  async function stock(extrasQuantity: number | null = 3) {
    const event = await publishEvent(t, token, { maxTicketsPerOrder: 10 });
    const ticket = await addTicket(t, token, event.id, { quantity: 10, price: 1500, maxPerOrder: 10 });
    const lunch = await createExtras(t, token, event.id, { name: 'Lunch box', price: 800, quantity: extrasQuantity });
    return { event, ticket, lunch };
  }

  const countOf = async (table: typeof registrations | typeof orders | typeof extrasPurchases, eventId: string) => {
    const [row] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(table)
      .where(eq(table.eventId, eventId));
    return row!.n;
  };

  it('sells tickets and extras: lines of one paid order, a voucher issued at once, the stock taken', async () => {
    const { event, ticket, lunch } = await stock(3);
    const response = await sell({
      eventId: event.id,
      tickets: [{ ticketId: ticket.id, quantity: 1 }],
      extras: [
        { extrasId: lunch.id, quantity: 1 },
        { extrasId: lunch.id, quantity: 1 },
      ],
      email: 'buyer@example.org',
      paymentMethod: 'card_terminal',
    });
    expect(response.status).toBe(200);
    const sale = response.body.payload as TBoxOfficeSale;
    expect(sale.order).toMatchObject({ amount: 1500 + 2 * 800, paymentStatus: 'paid', paymentMethod: 'card_terminal' });
    expect(sale.order.items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'ticket', ticketId: ticket.id, quantity: 1, amount: 1500 }),
        expect.objectContaining({ kind: 'extras', extrasId: lunch.id, name: 'Lunch box', quantity: 2, amount: 1600 }),
      ]),
    );
    // Handed over at the counter: the sale redeems its voucher (docs/decisions/0069-money-screens-agree.md).
    expect(sale.extrasVouchers).toMatchObject([{ extrasId: lunch.id, extrasName: 'Lunch box', quantity: 2 }]);
    expect(sale.extrasVouchers[0]!.redeemedAt).not.toBeNull();
    const voucher = sale.extrasVouchers[0]!;
    const [row] = await t.db.select().from(extrasPurchases).where(eq(extrasPurchases.id, voucher.id));
    expect(row).toMatchObject({
      orderId: sale.order.id,
      registrationId: sale.registration.registrationId,
      paymentStatus: 'paid',
      amount: 1600,
      email: 'buyer@example.org',
    });

    // In the sales of the order, and in the admin's list of paid extras, as a voucher of that order.
    const listed = await callEndpoint(t, endpoints.order.getOrdersByEventId, { token, query: { eventId: event.id } });
    expect(listed.body.payload as TOrderListItem[]).toMatchObject([
      { id: sale.order.id, paymentMethod: 'card_terminal', amount: 3100, items: expect.any(Array) as unknown },
    ]);
    const [listedOrder] = listed.body.payload!;
    expect(listedOrder!.items.filter((item) => item.kind === 'extras')).toMatchObject([{ quantity: 2 }]);
    const paid = await callEndpoint(t, endpoints.extras.getExtrasPurchasesByEventId, {
      token,
      query: { eventId: event.id },
    });
    expect(paid.body.payload!.purchases).toMatchObject([
      { id: voucher.id, boughtAlone: false, redeemedAt: voucher.redeemedAt, handedOver: true },
    ]);

    // Two of three taken: online, two more are refused with what is left, one is sold.
    const online = (quantity: number) =>
      callEndpoint(t, endpoints.extrasPurchase.purchaseExtras, {
        body: { eventId: event.id, extrasId: lunch.id, quantity, email: 'online@example.org' },
      });
    expectError(await online(2), 409, 'SOLD_OUT', 'Not enough Lunch box left: 1 remaining');
    expect((await online(1)).status).toBe(200);

    // Already handed over: a scan at the door says so, and redeems nothing twice.
    const scanned = await callEndpoint(t, endpoints.checkin.scanByExtrasPurchaseId, {
      token,
      body: { eventId: event.id, payload: await storedVoucherQrOf(t, voucher.id) },
    });
    expectError(scanned, 409, 'CONFLICT');
    // The buyer's mail carries the voucher.
    const [mail] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'buyer@example.org'));
    expect(mail?.html).toContain('Lunch box × 2');
  });

  it('sells extras alone, complimentary: an order of extras lines at 0 on a registration without attendees', async () => {
    const { event, lunch } = await stock(null);
    const response = await sell({
      eventId: event.id,
      tickets: [],
      extras: [{ extrasId: lunch.id, quantity: 4 }],
      paymentMethod: 'complimentary',
      checkIn: true,
    });
    expect(response.status).toBe(200);
    const sale = response.body.payload as TBoxOfficeSale;
    expect(sale.registration.attendees).toEqual([]);
    expect(sale.order).toMatchObject({ amount: 0, paymentStatus: 'paid', paymentMethod: 'complimentary' });
    expect(sale.order.items).toMatchObject([{ kind: 'extras', quantity: 4, unitPrice: 0, amount: 0 }]);
    expect(sale.extrasVouchers).toMatchObject([{ extrasId: lunch.id, quantity: 4 }]);
    expect(sale.extrasVouchers[0]!.redeemedAt).not.toBeNull();
    const [voucher] = await t.db.select().from(extrasPurchases).where(eq(extrasPurchases.orderId, sale.order.id));
    expect(voucher).toMatchObject({ amount: 0, paymentStatus: 'paid', quantity: 4 });
    const [seats] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(attendees)
      .where(eq(attendees.eventId, event.id));
    expect(seats!.n).toBe(0);
  });

  it('refuses extras past their stock with 409 SOLD_OUT naming the extra, selling nothing (tickets neither)', async () => {
    const { event, ticket, lunch } = await stock(2);
    const response = await sell({
      eventId: event.id,
      tickets: [{ ticketId: ticket.id, quantity: 2 }],
      extras: [{ extrasId: lunch.id, quantity: 3 }],
      paymentMethod: 'cash',
    });
    expectError(response, 409, 'SOLD_OUT', 'Not enough Lunch box left: 2 remaining');
    expect(await countOf(registrations, event.id)).toBe(0);
    expect(await countOf(orders, event.id)).toBe(0);
    expect(await countOf(extrasPurchases, event.id)).toBe(0);
    const tickets = await callEndpoint(t, endpoints.ticket.getTicketsByEventId, {
      token,
      query: { eventId: event.id },
    });
    expect(tickets.body.payload).toMatchObject([{ id: ticket.id, sold: 0, available: 10 }]);
    expect(
      (
        await sell({
          eventId: event.id,
          tickets: [],
          extras: [{ extrasId: lunch.id, quantity: 2 }],
          paymentMethod: 'cash',
        })
      ).status,
    ).toBe(200);
    expectError(
      await sell({
        eventId: event.id,
        tickets: [],
        extras: [{ extrasId: lunch.id, quantity: 1 }],
        paymentMethod: 'cash',
      }),
      409,
      'SOLD_OUT',
      'Lunch box is sold out',
    );
  });

  it("answers 404 for another event's or club's extra, 409 for an inactive one and 400 for bad input, writing nothing", async () => {
    // Raw: bad input on purpose, next to a sale the contract takes.
    const sellRaw = (body: Record<string, unknown>, as = token) =>
      call(t, 'POST', '/boxoffice/sell', { token: as, body });
    const { event, ticket, lunch } = await stock();
    const elsewhere = await stock();
    const shelved = await createExtras(t, token, event.id, { name: 'Old flag', price: 300, isActive: false });
    const body = { eventId: event.id, tickets: [{ ticketId: ticket.id, quantity: 1 }], paymentMethod: 'cash' };
    const withExtra = (extrasId: string, quantity = 1) => ({ ...body, extras: [{ extrasId, quantity }] });
    expectError(await sellRaw(withExtra(elsewhere.lunch.id)), 404, 'NOT_FOUND', 'Extra not found');
    expectError(await sellRaw(withExtra('nope')), 404, 'NOT_FOUND');
    expectError(await sellRaw(withExtra(lunch.id), otherToken), 404, 'NOT_FOUND');
    expectError(await sellRaw(withExtra(shelved.id)), 409, 'CONFLICT', 'Old flag is not on sale');
    expectError(await sellRaw({ ...body, tickets: [] }), 400, 'BAD_INPUT');
    expectError(await sellRaw({ ...body, tickets: [], extras: [] }), 400, 'BAD_INPUT');
    expectError(await sellRaw(withExtra(lunch.id, 0)), 400, 'BAD_INPUT');
    expectError(await sellRaw({ ...body, extras: { extrasId: lunch.id } }), 400, 'BAD_INPUT');
    // Names without a ticket to carry them.
    expectError(
      await sellRaw({ ...withExtra(lunch.id), tickets: [], attendees: [{ firstName: 'Ada' }] }),
      400,
      'BAD_INPUT',
    );
    for (const id of [event.id, elsewhere.event.id]) {
      expect(await countOf(registrations, id)).toBe(0);
      expect(await countOf(extrasPurchases, id)).toBe(0);
    }
  });
});

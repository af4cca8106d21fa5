import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, type TEvent, type TOrder, type TOrderListItem, type TRegistration } from '@clubtix/contract';
import { eq } from 'drizzle-orm';
import { buyTickets, holdTickets, lapseHold, payFor } from '../../../../test/buying';
import { registrations } from '../../../db/schema';
import { refund } from '../../../../test/refunds';
import { addTicket, payloadOf, publishEvent } from '../../../../test/catalogue';
import {
  call,
  createAdminApp,
  createClubWithAdmin,
  createSudo,
  expectError,
  type TestApp,
} from '../../../../test/helpers';
import { callEndpoint, expectPayload } from '../../../../test/call-endpoint';

/** The admin's view of an event's orders: getOrdersByEventId, getOrderById, getOrderWithItems. */
describe('order reads', () => {
  let t: TestApp;
  let token: string;
  let otherToken: string;
  let sudoToken: string;
  let event: TEvent;
  let paid: TRegistration;
  let held: TRegistration;

  beforeAll(async () => {
    ({ t, token } = await createAdminApp());
    otherToken = (await createClubWithAdmin(t)).admin.token;
    sudoToken = (await createSudo(t)).token;
    event = await publishEvent(t, token);
    const ticket = await addTicket(t, token, event.id, { price: 1500 });
    ({ registration: paid } = await buyTickets(t, event.id, ticket.id, 'zoe@example.org', [
      { firstName: 'Zoe', lastName: 'Adams', email: 'zoe@example.org' },
      { firstName: 'Yann', lastName: 'Brook', email: 'yann@example.org' },
    ]));
    held = await holdTickets(t, event.id, ticket.id, 'carla@example.org', [
      { firstName: 'Carla', lastName: 'Cruz', email: 'carla@example.org' },
    ]);
  });
  afterAll(async () => t.close());

  const ordersOf = (as: string, eventId = event.id) =>
    callEndpoint(t, endpoints.order.getOrdersByEventId, { token: as, query: { eventId } });

  it("lists the event's orders with their payment status and items, newest first", async () => {
    const orders = expectPayload(await ordersOf(token));
    expect(orders.map((o) => [o.registrationId, o.buyerEmail, o.paymentStatus, o.amount])).toEqual([
      [held.registrationId, 'carla@example.org', 'pending', 1500],
      [paid.registrationId, 'zoe@example.org', 'paid', 3000],
    ]);
    expect(orders[1]!.items).toEqual([
      expect.objectContaining({ kind: 'ticket', name: 'Adult', quantity: 2, unitPrice: 1500, amount: 3000 }),
    ]);
    expect(orders[1]!.paidAt).not.toBeNull();
  });

  it('pages and filters by payment status, and counts them', async () => {
    const list = async (query: Record<string, string | number>) =>
      expectPayload(
        await callEndpoint(t, endpoints.order.getOrdersByEventId, { token, query: { eventId: event.id, ...query } }),
      ).map((o) => o.registrationId);
    expect(await list({ page: 1, pageSize: 1 })).toEqual([held.registrationId]);
    expect(await list({ page: 2, pageSize: 1 })).toEqual([paid.registrationId]);
    expect(await list({ page: 3, pageSize: 1 })).toEqual([]);
    expect(await list({ page: 1 })).toEqual([held.registrationId, paid.registrationId]);
    expect(await list({ paymentStatus: 'paid' })).toEqual([paid.registrationId]);
    expect(await list({ paymentStatus: 'pending', page: 1, pageSize: 10 })).toEqual([held.registrationId]);
    expect(await list({ paymentStatus: 'refund_required' })).toEqual([]);

    const counts = await callEndpoint(t, endpoints.order.getOrderCountsByEventId, {
      token,
      query: { eventId: event.id },
    });
    expect(counts.body.payload).toEqual({ total: 2, paid: 1, refunded: 0, refundRequired: 0 });

    for (const bad of [{ paymentStatus: 'settled' }, { pageSize: 501 }, { page: 0 }, { page: 'two' }]) {
      const response = await call(t, 'GET', '/order/getOrdersByEventId', {
        token,
        query: { eventId: event.id, ...bad },
      });
      expectError(response, 400, 'BAD_INPUT');
      expect(response.body.msg).toMatch(/paymentStatus|pageSize|page/);
    }
  });

  it("reads one order, with its items, its refunds (none) and its buyer's e-mail, by id", async () => {
    const [, listed] = expectPayload(await ordersOf(token));
    expect(listed!.buyerEmail).toBe('zoe@example.org');
    for (const path of ['/order/getOrderById', '/order/getOrderWithItems']) {
      const order = payloadOf<TOrderListItem>(await call(t, 'GET', path, { token, query: { orderId: listed!.id } }));
      expect(order).toEqual({ ...listed, refunds: [] });
    }
  });

  it("answers 404 to another club's admin, 401 without a token, 400 for a bad id; sudo reads every club", async () => {
    const orderId = expectPayload(await ordersOf(token))[0]!.id;
    expectError(await ordersOf(otherToken), 404, 'NOT_FOUND');
    for (const path of ['/order/getOrderById', '/order/getOrderWithItems']) {
      expectError(await call(t, 'GET', path, { token: otherToken, query: { orderId } }), 404, 'NOT_FOUND');
      expectError(await call(t, 'GET', path, { query: { orderId } }), 401, 'UNAUTHENTICATED');
      expectError(await call(t, 'GET', path, { token, query: { orderId: '' } }), 400, 'BAD_INPUT');
      expect(payloadOf<TOrder>(await call(t, 'GET', path, { token: sudoToken, query: { orderId } })).id).toBe(orderId);
    }
    expectError(
      await callEndpoint(t, endpoints.order.getOrdersByEventId, { query: { eventId: event.id } }),
      401,
      'UNAUTHENTICATED',
    );
    expect(expectPayload(await ordersOf(sudoToken))).toHaveLength(2);

    const countsOf = (as?: string) =>
      callEndpoint(t, endpoints.order.getOrderCountsByEventId, { token: as, query: { eventId: event.id } });
    const walled = await countsOf(otherToken);
    expectError(walled, 404, 'NOT_FOUND');
    expect(walled.text).not.toMatch(/"total"/);
    expectError(await countsOf(), 401, 'UNAUTHENTICATED');
    expect((await countsOf(sudoToken)).body.payload).toEqual({ total: 2, paid: 1, refunded: 0, refundRequired: 0 });
  });
});

/** docs/decisions/0069-money-screens-agree.md: an order's money in the Sales page's words; lapsed holds owe nothing. */
describe("an order's money and the list of orders with money", () => {
  let t: TestApp;
  let token: string;
  let event: TEvent;
  let coded: TRegistration;
  let swept: TRegistration;
  let lapsed: TRegistration;

  beforeAll(async () => {
    ({ t, token } = await createAdminApp());
    event = await publishEvent(t, token);
    const ticket = await addTicket(t, token, event.id, { price: 2000 });
    const code = await callEndpoint(t, endpoints.discount.save, {
      token,
      body: { eventId: event.id, code: 'TENOFF-1', kind: 'percent', value: 10 },
    });
    expect(code.status, code.body.msg).toBe(200);
    const init = expectPayload(
      await callEndpoint(t, endpoints.registration.initRegistration, {
        body: {
          eventId: event.id,
          email: 'dan@example.org',
          tickets: [{ ticketId: ticket.id, quantity: 2 }],
          discountCode: 'tenoff-1',
        },
      }),
    ).registration;
    const saved = expectPayload(
      await callEndpoint(t, endpoints.registration.save, {
        body: {
          registrationId: init.registrationId,
          qrUuid: init.qrUuid,
          attendees: init.attendees.map((slot, i) => ({
            attendeeId: slot.attendeeId,
            firstName: `D${i}`,
            lastName: 'Coded',
            email: 'dan@example.org',
          })),
          answers: {},
        },
      }),
    );
    coded = (await payFor(t, saved)).registration;
    const people = (name: string) => [{ firstName: name, lastName: 'Late', email: `${name}@example.org` }];
    swept = await holdTickets(t, event.id, ticket.id, 'sue@example.org', people('sue'));
    await lapseHold(t, swept.registrationId);
    // Lapsed, not swept yet: no money owed either.
    lapsed = await holdTickets(t, event.id, ticket.id, 'lee@example.org', people('lee'));
    await t.db
      .update(registrations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(registrations.id, lapsed.registrationId));
  });
  afterAll(async () => t.close());

  const list = async (query: Record<string, string | number> = {}) =>
    expectPayload(
      await callEndpoint(t, endpoints.order.getOrdersByEventId, { token, query: { eventId: event.id, ...query } }),
    );

  it('answers subtotal before the code, gross after it, refunded and net, the same on every read', async () => {
    const [order] = (await list()).filter((o) => o.registrationId === coded.registrationId);
    expect(order).toMatchObject({ subtotal: 4000, discountAmount: 400, gross: 3600, amount: 3600, net: 3600 });
    const refunded = await refund(t, token, { orderId: order!.id, amount: 600 });
    expect(refunded.status, refunded.body.msg).toBe(200);
    const expected = {
      paymentStatus: 'partially_refunded',
      subtotal: 4000,
      discountAmount: 400,
      gross: 3600,
      refundedAmount: 600,
      net: 3000,
    };
    expect(refunded.body.payload!.order).toMatchObject(expected);
    const byId = await callEndpoint(t, endpoints.order.getOrderWithItems, { token, query: { orderId: order!.id } });
    expect(byId.body.payload).toMatchObject(expected);
  });

  it('lists a lapsed hold as expired, never as money owed, and every order with money under withMoney', async () => {
    const statuses = Object.fromEntries((await list()).map((o) => [o.registrationId, o.paymentStatus]));
    expect(statuses).toEqual({
      [coded.registrationId]: 'partially_refunded',
      [swept.registrationId]: 'expired',
      [lapsed.registrationId]: 'expired',
    });
    expect((await list({ paymentStatus: 'withMoney', page: 1 })).map((o) => o.registrationId)).toEqual([
      coded.registrationId,
    ]);
    expect((await list({ paymentStatus: 'expired' })).map((o) => o.registrationId).sort()).toEqual(
      [swept.registrationId, lapsed.registrationId].sort(),
    );
    expect(await list({ paymentStatus: 'pending' })).toEqual([]);
    const lapsedOrder = (await list()).find((o) => o.registrationId === lapsed.registrationId)!;
    const byId = await callEndpoint(t, endpoints.order.getOrderById, { token, query: { orderId: lapsedOrder.id } });
    expect(byId.body.payload).toMatchObject({ paymentStatus: 'expired', refundedAmount: 0 });
  });
});

import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { endpoints, SCAN_MESSAGES } from '@clubtix/contract';
import { extrasPurchases } from '../../../db/schema';
import { holdTickets, lapseHold } from '../../../../test/buying';
import { createExtras, publishEvent } from '../../../../test/catalogue';
import { expectError } from '../../../../test/helpers';
import { useOrderVouchersApp, type Purchase } from '../../../../test/order-vouchers-fixture';
import { callEndpoint, expectPayload } from '../../../../test/call-endpoint';

/**
 * The extras vouchers of orders that need a refund (docs/decisions/0014): none are issued when the
 * payment lands on a registration that lapsed and sold out or was cancelled, and those issued are
 * marked for refund, and no longer redeemed, when the admin deletes the paid registration.
 */
describe('extras vouchers of orders that need a refund', () => {
  const world = useOrderVouchersApp();
  const { ordered, startPaying, pay, lapse, vouchersOfOrder, extrasList, redeem, mailsTo } = world;

  it('issues none for an order flagged refund_required, whose tickets sold out after its hold lapsed', async () => {
    const event = await publishEvent(world.t, world.token);
    const lunch = await createExtras(world.t, world.token, event.id, { name: 'Lunch box', price: 700 });
    const { ticket, held, order } = await ordered(event, [{ extrasId: lunch.id, quantity: 2 }], {
      buyer: 'late@example.org',
      ticketQuantity: 1,
    });
    const intent = await startPaying(order);
    await lapseHold(world.t, held.registrationId);
    await holdTickets(world.t, event.id, ticket.id, 'quicker@example.org', [
      { firstName: 'Quinn', lastName: 'Quick', email: 'quicker@example.org' },
    ]);

    for (const answer of [await pay(intent.paymentIntentId), await pay(intent.paymentIntentId)]) {
      expect(answer.status).toBe(200);
      expect((answer.body.payload as Purchase).order.paymentStatus).toBe('refund_required');
      expect((answer.body.payload as Purchase).extrasVouchers).toEqual([]);
    }
    expect(await vouchersOfOrder(order.id)).toEqual([]);
    expect(await extrasList(event.id, '')).toEqual([]);
    expect(await mailsTo('late@example.org')).toEqual([]);
  });

  it('issues none and flags the order for refund when its extras sold out after its hold lapsed', async () => {
    const event = await publishEvent(world.t, world.token);
    const parking = await createExtras(world.t, world.token, event.id, { name: 'Parking', price: 500, quantity: 1 });
    const slow = await ordered(event, [{ extrasId: parking.id, quantity: 1 }], { buyer: 'slow@example.org' });
    const intent = await startPaying(slow.order);
    await lapse(slow.held, slow.order);
    // The last parking space is free again, and a quicker buyer takes and pays for it.
    const quick = await ordered(event, [{ extrasId: parking.id, quantity: 1 }], { buyer: 'quick@example.org' });
    const quickPaid = await pay((await startPaying(quick.order)).paymentIntentId);
    expect((quickPaid.body.payload as Purchase).extrasVouchers).toHaveLength(1);

    for (const answer of [await pay(intent.paymentIntentId), await pay(intent.paymentIntentId)]) {
      expect(answer.status).toBe(200);
      expect(answer.body.msg).toBe(
        'Payment received, but the tickets or extras you chose sold out after your hold lapsed: the organiser will refund you',
      );
      const purchase = answer.body.payload as Purchase;
      expect(purchase.order.paymentStatus).toBe('refund_required');
      expect(purchase.registration.status).toBe('expired');
      expect(purchase.extrasVouchers).toEqual([]);
    }
    expect(await vouchersOfOrder(slow.order.id)).toEqual([]);
    expect((await extrasList(event.id, '')).map((voucher) => voucher.email)).toEqual(['quick@example.org']);
    expect(await mailsTo('slow@example.org')).toEqual([]);
    // The admin sees the money to return, and the slow buyer's seat was not taken back for it.
    const adminOrders = expectPayload(
      await callEndpoint(world.t, endpoints.order.getOrdersByEventId, {
        token: world.token,
        query: { eventId: event.id },
      }),
    );
    expect(adminOrders.find((order) => order.id === slow.order.id)?.paymentStatus).toBe('refund_required');
    const tickets = expectPayload(
      await callEndpoint(world.t, endpoints.ticket.getTicketsByEventId, {
        token: world.token,
        query: { eventId: event.id },
      }),
    );
    expect(tickets.find((ticket) => ticket.id === slow.ticket.id)).toMatchObject({ sold: 0 });
  });

  it('issues none when the admin cancelled the registration before its payment landed', async () => {
    const event = await publishEvent(world.t, world.token);
    const lunch = await createExtras(world.t, world.token, event.id, { name: 'Lunch box', price: 700 });
    const { held, order } = await ordered(event, [{ extrasId: lunch.id, quantity: 1 }], {
      buyer: 'cancelled@example.org',
    });
    const intent = await startPaying(order);
    await callEndpoint(world.t, endpoints.registration.updateStatus, {
      token: world.token,
      body: { registrationId: held.registrationId, status: 'cancelled' },
    });
    const paid = await pay(intent.paymentIntentId);
    expect((paid.body.payload as Purchase).order.paymentStatus).toBe('refund_required');
    expect((paid.body.payload as Purchase).extrasVouchers).toEqual([]);
    expect(await vouchersOfOrder(order.id)).toEqual([]);
  });

  it('marks the vouchers for refund with their order when the admin deletes the paid registration', async () => {
    const event = await publishEvent(world.t, world.token);
    const lunch = await createExtras(world.t, world.token, event.id, { name: 'Lunch box', price: 700 });
    const { held, order } = await ordered(event, [{ extrasId: lunch.id, quantity: 1 }], {
      buyer: 'removed@example.org',
    });
    const voucher = ((await pay((await startPaying(order)).paymentIntentId)).body.payload as Purchase)
      .extrasVouchers![0]!;
    const removed = await callEndpoint(world.t, endpoints.attendees.removeRegistration, {
      token: world.token,
      query: { registrationId: held.registrationId, eventId: event.id },
    });
    expect(removed.status, removed.body.msg).toBe(200);

    const [row] = await world.t.db
      .select()
      .from(extrasPurchases)
      .where(and(eq(extrasPurchases.id, voucher.id), eq(extrasPurchases.orderId, order.id)));
    expect(row?.paymentStatus).toBe('refund_required');
    expect(await extrasList(event.id, '')).toEqual([]);
    expectError(await redeem(voucher), 404, 'NOT_FOUND', SCAN_MESSAGES.extrasNotFound);
  });

  it('marks the paid order and its vouchers for refund when the admin cancels the registration', async () => {
    const event = await publishEvent(world.t, world.token);
    const lunch = await createExtras(world.t, world.token, event.id, { name: 'Lunch box', price: 700, quantity: 1 });
    const { ticket, held, order } = await ordered(event, [{ extrasId: lunch.id, quantity: 1 }], {
      buyer: 'cancelled.after@example.org',
      ticketQuantity: 1,
    });
    const voucher = ((await pay((await startPaying(order)).paymentIntentId)).body.payload as Purchase)
      .extrasVouchers![0]!;
    const cancelled = await callEndpoint(world.t, endpoints.registration.updateStatus, {
      token: world.token,
      body: { registrationId: held.registrationId, status: 'cancelled' },
    });
    expect(cancelled.status, cancelled.body.msg).toBe(200);

    const adminOrders = expectPayload(
      await callEndpoint(world.t, endpoints.order.getOrdersByEventId, {
        token: world.token,
        query: { eventId: event.id },
      }),
    );
    expect(adminOrders.map((row) => [row.id, row.paymentStatus])).toEqual([[order.id, 'refund_required']]);
    expect(await extrasList(event.id, '')).toEqual([]);
    expectError(await redeem(voucher), 404, 'NOT_FOUND', SCAN_MESSAGES.extrasNotFound);
    // What it had is for sale again: its seat, and its lunch box.
    const tickets = expectPayload(
      await callEndpoint(world.t, endpoints.ticket.getTicketsByEventId, {
        token: world.token,
        query: { eventId: event.id },
      }),
    );
    expect(tickets.find((row) => row.id === ticket.id)).toMatchObject({ sold: 0, available: 1 });
    const lunchAlone = await callEndpoint(world.t, endpoints.extrasPurchase.purchaseExtras, {
      body: { eventId: event.id, extrasId: lunch.id, quantity: 1, email: 'next@example.org' },
    });
    expect(lunchAlone.status, lunchAlone.body.msg).toBe(200);
  });
});

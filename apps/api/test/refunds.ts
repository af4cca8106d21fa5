import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import {
  endpoints,
  type TEvent,
  type TExtrasVoucher,
  type TOrder,
  type TRefundOrderRequest,
  type TRegistration,
  type TTicket,
} from '@clubtix/contract';
import { orders, refunds, tickets } from '../src/db/schema';
import { confirmPayment, holdTickets } from './buying';
import { addTicket, createExtras, payloadOf, publishEvent } from './catalogue';
import { type TestApp } from './helpers';
import { callEndpoint, expectPayload, type EndpointResponse } from './call-endpoint';

/** Factories of the refund tests (modules/purchase/refund/*.int.test.ts, docs/product.md section 19). */

export interface PaidOrder {
  event: TEvent;
  ticket: TTicket;
  registration: TRegistration;
  order: TOrder;
  paymentIntentId: string;
  vouchers: TExtrasVoucher[];
  buyer: string;
}

/**
 * A buyer's paid order through the API with the Test mode card: `people` tickets at `price` each of
 * a fresh event (or of `event`, `ticket`), with a lunch voucher when `lunch` is set (of
 * `lunchesInStock` lunches, 5 unless told).
 */
export async function buyPaidOrder(
  t: TestApp,
  token: string,
  buyer: string,
  options: {
    price?: number;
    people?: number;
    lunch?: boolean;
    lunchesInStock?: number;
    event?: TEvent;
    ticket?: TTicket;
  } = {},
): Promise<PaidOrder> {
  const event = options.event ?? (await publishEvent(t, token, { maxTicketsPerOrder: 10 }));
  const ticket =
    options.ticket ??
    (await addTicket(t, token, event.id, { price: options.price ?? 2000, quantity: 10, maxPerOrder: 10 }));
  const people = Array.from({ length: options.people ?? 1 }, (_, i) => ({
    firstName: `Guest${i}`,
    lastName: 'Walker',
    email: `guest${i}.${buyer}`,
  }));
  const held = await holdTickets(t, event.id, ticket.id, buyer, people);
  const extras = options.lunch
    ? [
        {
          extrasId: (
            await createExtras(t, token, event.id, { name: 'Lunch', price: 700, quantity: options.lunchesInStock ?? 5 })
          ).id,
          quantity: 1,
        },
      ]
    : [];
  const { order } = expectPayload(
    await callEndpoint(t, endpoints.order.createOrder, {
      body: { registrationId: held.registrationId, qrUuid: held.qrUuid, extras },
    }),
  );
  const intent = expectPayload(
    await callEndpoint(t, endpoints.stripe.createPaymentIntent, { body: { orderId: order.id } }),
  );
  const paid = payloadOf<{ registration: TRegistration; order: TOrder; extrasVouchers?: TExtrasVoucher[] }>(
    await confirmPayment(t, intent.paymentIntentId),
  );
  expect(paid.order.paymentStatus).toBe('paid');
  return {
    event,
    ticket,
    registration: paid.registration,
    order: paid.order,
    paymentIntentId: intent.paymentIntentId,
    vouchers: paid.extrasVouchers ?? [],
    buyer,
  };
}

export const refund = (t: TestApp, token: string, body: TRefundOrderRequest) =>
  callEndpoint(t, endpoints.order.refund, { token, body });

export const refundedOrder = (response: EndpointResponse<typeof endpoints.order.refund>) =>
  expectPayload(response).order;

export async function orderRow(t: Pick<TestApp, 'db'>, orderId: string) {
  return (await t.db.select().from(orders).where(eq(orders.id, orderId)))[0]!;
}

export async function refundRows(t: Pick<TestApp, 'db'>, orderId: string) {
  return t.db.select().from(refunds).where(eq(refunds.orderId, orderId));
}

export async function ticketRow(t: Pick<TestApp, 'db'>, ticketId: string) {
  return (await t.db.select().from(tickets).where(eq(tickets.id, ticketId)))[0]!;
}

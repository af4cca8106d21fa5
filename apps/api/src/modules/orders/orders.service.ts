import type { TOrder, TOrderCounts, TOrderListItem, ZCreateOrderRequest, ZGetOrdersQuery } from '@clubtix/contract';
import type { z } from 'zod';
import type { OrderRow } from '../../db/schema';
import type { Actor } from '../../plugins/auth';
import { conflict, notFound } from '../../plugins/errors';
import type { Deps } from '../../plugins/routes';
import { clubScope } from '../clubs/clubs.policy';
import { loadManagedEvent } from '../events/events.service';
import { findPublicExtrasByIds } from '../extras/extras.repo';
import { settlePaidOrder } from '../payments/payments.service';
import { loadBuyerRegistration } from '../registrations/registrations.service';
import { toOrderDto } from './orders.mapper';
import {
  countOrdersByEvent,
  findItemsOf,
  findOrderOfRegistration,
  findOrderWithBuyer,
  findOrdersByEvent,
  replaceOrderItems,
} from './orders.repo';

const DEFAULT_ORDERS_PAGE_SIZE = 50;

async function withItems(deps: Deps, order: OrderRow): Promise<TOrder> {
  return toOrderDto(order, await findItemsOf(deps.db, [order.id]));
}

/**
 * Step 3 of buying: the whole order priced on the server from the held tickets and the chosen
 * extras (the browser's prices are never trusted). A free order is confirmed at once.
 */
export async function createOrder(deps: Deps, input: z.output<typeof ZCreateOrderRequest>): Promise<TOrder> {
  const registration = await loadBuyerRegistration(deps, input.registrationId, input.qrUuid);
  if (registration.status === 'expired') throw conflict('Your hold on these tickets has expired; please start again');
  if (registration.status === 'cancelled') throw conflict('This registration was cancelled');
  const order = await findOrderOfRegistration(deps.db, registration.id);
  if (!order) throw notFound('Order');
  if (order.paymentStatus !== 'pending') return withItems(deps, order);

  const extras = await findPublicExtrasByIds(
    deps.db,
    input.extras.map((line) => line.extrasId),
  );
  const extrasItems = input.extras.map((line) => {
    const item = extras.find(
      (candidate) => candidate.id === line.extrasId && candidate.eventId === registration.eventId,
    );
    if (!item) throw notFound('Extra');
    return {
      kind: 'extras',
      ticketId: null,
      extrasId: item.id,
      name: item.name,
      quantity: line.quantity,
      unitPrice: item.price,
      amount: item.price * line.quantity,
    };
  });
  const current = await findItemsOf(deps.db, [order.id]);
  const ticketItems = current.filter((item) => item.kind === 'ticket');
  if (extrasItems.length === 0 && ticketItems.length === current.length) {
    // No extras chosen, none before: the order the hold made is already the whole order.
    if (order.amount === 0) return withItems(deps, (await settlePaidOrder(deps, order.id)).order);
    return toOrderDto(order, current);
  }
  const priced = await deps.db.transaction((tx) => replaceOrderItems(tx, order, [...ticketItems, ...extrasItems]));
  if (priced.amount === 0) return withItems(deps, (await settlePaidOrder(deps, priced.id)).order);
  return withItems(deps, priced);
}

/** An event's orders for its admin: all of them, or a page (50 by default once a page is asked for). */
export async function findEventOrders(
  deps: Deps,
  actor: Actor,
  query: z.output<typeof ZGetOrdersQuery>,
): Promise<TOrderListItem[]> {
  const event = await loadManagedEvent(deps, actor, query.eventId);
  const paged = query.page !== undefined || query.pageSize !== undefined;
  const pageSize = query.pageSize ?? DEFAULT_ORDERS_PAGE_SIZE;
  const orders = await findOrdersByEvent(deps.db, event, {
    paymentStatus: query.paymentStatus,
    ...(paged ? { limit: pageSize, offset: ((query.page ?? 1) - 1) * pageSize } : {}),
  });
  const items = await findItemsOf(
    deps.db,
    orders.map((order) => order.id),
  );
  return orders.map((order) => ({ ...toOrderDto(order, items), buyerEmail: order.buyerEmail }));
}

export async function countEventOrders(deps: Deps, actor: Actor, eventId: string): Promise<TOrderCounts> {
  return countOrdersByEvent(deps.db, await loadManagedEvent(deps, actor, eventId));
}

export async function findManagedOrder(deps: Deps, actor: Actor, orderId: string): Promise<TOrderListItem> {
  const order = await findOrderWithBuyer(deps.db, orderId, clubScope(actor));
  if (!order) throw notFound('Order');
  await loadManagedEvent(deps, actor, order.eventId);
  return { ...(await withItems(deps, order)), buyerEmail: order.buyerEmail };
}

import { withItems } from '../orders.mapper';
import { LIST_CAPS, pageWindow, type TOrderCounts, type TOrderListItem, type ZGetOrdersQuery } from '@clubtix/contract';
import type { z } from 'zod';
import type { Actor } from '../../../core/actor';
import { notFound } from '../../../core/errors';
import { capRows, wholePage, type CappedList } from '../../../plugins/lists';
import type { Deps } from '../../../core/deps';
import { clubScope } from '../../clubs/clubs.policy';
import { loadManagedEvent } from '../../events/events.service';
import { toOrderDto } from '../orders.mapper';
import { countOrdersByEvent, findItemsOf, findOrderWithBuyer, findOrdersByEvent } from '../orders.repo';

/**
 * An event's orders for its admin, newest first: a page (50 by default once a page is asked for), or
 * else the newest LIST_CAPS.orders (docs/decisions/0020).
 */
export async function findEventOrders(
  deps: Deps,
  actor: Actor,
  query: z.output<typeof ZGetOrdersQuery>,
): Promise<CappedList<TOrderListItem>> {
  const event = await loadManagedEvent(deps, actor, query.eventId);
  const page = pageWindow(query);
  const window = page ?? { limit: LIST_CAPS.orders + 1, offset: 0 };
  const rows = await findOrdersByEvent(deps.db, event, { paymentStatus: query.paymentStatus, ...window });
  const list = page ? wholePage(rows) : capRows(rows, LIST_CAPS.orders);
  const items = await findItemsOf(
    deps.db,
    list.items.map((order) => order.id),
  );
  return {
    ...list,
    items: list.items.map((order) => ({ ...toOrderDto(order, items), buyerEmail: order.buyerEmail })),
  };
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

import type { TOrderListItem, TRefundOrderRequest } from '@clubtix/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Actor } from '../../../core/actor';
import { notFound } from '../../../core/errors';
import type { Deps } from '../../../core/deps';
import { clubScope } from '../../clubs/clubs.policy';
import { loadManagedEvent } from '../../events/events.service';
import { toOrderDto } from '../orders.mapper';
import { findItemsOf, findOrderWithBuyer } from '../orders.repo';
import { orderPayable } from '../payables/order.payable';
import { refundLockedPayable, type RefundDone } from './refund-core';
import { toRefundDto } from './refunds.mapper';
import { findRecentSameRefund, findRefundByRequestKey, listRefundsByOrders } from './refunds.repo';

/** How long the same refund asked again without a requestKey answers the first (docs/decisions/0027). */
export const SAME_REFUND_MINUTES = 10;

/** An order as the admin reads it: its lines, its refunds, its buyer (getOrderById, getOrderWithItems, refund). */
export async function orderWithRefunds(deps: Deps, orderId: string, clubId: string | null): Promise<TOrderListItem> {
  const order = await findOrderWithBuyer(deps.db, orderId, clubId);
  if (!order) throw notFound('Order');
  const [items, refunds] = await Promise.all([
    findItemsOf(deps.db, [order.id]),
    listRefundsByOrders(deps.db, [order.id]),
  ]);
  return { ...toOrderDto(order, items), buyerEmail: order.buyerEmail, refunds: refunds.map(toRefundDto) };
}

/** After a commit that released seats or queued mail: the waiting list hears of the seats, the mail goes. */
export function afterRefunds(deps: Deps, eventIds: string[], log?: FastifyBaseLogger): void {
  for (const eventId of new Set(eventIds)) {
    Promise.resolve(deps.seatsFreed?.(eventId)).catch((error: unknown) =>
      log?.warn({ err: error, eventId }, 'telling the waiting list of freed seats failed'),
    );
  }
  deps.mail.flush().catch((error: unknown) => log?.warn({ err: error }, 'sending the refund mail failed'));
}

/**
 * POST /order/refund (docs/product.md section 19): the admin of the order's club refunds it, wholly
 * or in part. Never paid twice: under the order's row lock, the same requestKey again, or the same
 * call again within SAME_REFUND_MINUTES, answers the first refund.
 */
export async function refundOrder(
  deps: Deps,
  actor: Actor,
  input: TRefundOrderRequest,
  log?: FastifyBaseLogger,
): Promise<{ order: TOrderListItem; replayed: boolean }> {
  const found = await findOrderWithBuyer(deps.db, input.orderId, clubScope(actor));
  if (!found) throw notFound('Order');
  const event = await loadManagedEvent(deps, actor, found.eventId);
  const reason = input.reason ? input.reason : null;
  const releaseTickets = input.releaseTickets ?? false;
  const requestKey = input.requestKey ? `admin:${found.id}:${input.requestKey}` : null;
  const done = await deps.db.transaction(async (tx): Promise<RefundDone | null> => {
    const locked = await orderPayable.lockForRefund(tx, found.id);
    if (!locked) throw notFound('Order');
    if (requestKey && (await findRefundByRequestKey(tx, requestKey))) return null;
    if (!requestKey) {
      const same = await findRecentSameRefund(
        tx,
        { kind: 'order', id: found.id, amount: input.amount, reason, releasedTickets: releaseTickets },
        SAME_REFUND_MINUTES,
      );
      const left = locked.amount - locked.refundedAmount;
      if (same && (input.amount !== undefined || left === 0)) return null;
    }
    return refundLockedPayable(tx, deps, event, orderPayable, locked, {
      amount: input.amount,
      reason,
      releaseTickets,
      source: 'admin',
      requestKey,
      // Before this refund, the order had refunded refundedAmount: a retry of this very refund after
      // a crash finds the same key, while the next refund of the order has another.
      providerKey: `refund:${found.id}:${input.requestKey ?? `${locked.refundedAmount}:${input.amount ?? 'rest'}`}`,
      createdBy: actor.id,
    });
  });
  if (done) afterRefunds(deps, done.seatsFreed ? [event.id] : [], log);
  return { order: await orderWithRefunds(deps, found.id, clubScope(actor)), replayed: done === null };
}

/** getOrderById and getOrderWithItems: the order of the admin's club, with its lines and refunds. */
export async function findManagedOrderWithRefunds(deps: Deps, actor: Actor, orderId: string): Promise<TOrderListItem> {
  const found = await findOrderWithBuyer(deps.db, orderId, clubScope(actor));
  if (!found) throw notFound('Order');
  await loadManagedEvent(deps, actor, found.eventId);
  return orderWithRefunds(deps, orderId, clubScope(actor));
}

import type { TCurrency, TOrder } from '@clubtix/contract';
import type { OrderItemRow, OrderRow } from '../../db/schema';
import type { Deps } from '../../core/deps';
import { findItemsOf } from './orders.repo';

export function toOrderDto(row: OrderRow, items: OrderItemRow[]): TOrder {
  return {
    id: row.id,
    eventId: row.eventId,
    registrationId: row.registrationId,
    amount: row.amount,
    currency: row.currency as TCurrency,
    paymentStatus: row.paymentStatus as TOrder['paymentStatus'],
    discountCode: row.discountCode,
    // docs/decisions/0069-money-screens-agree.md: gross is after discounts everywhere.
    subtotal: row.amount + row.discountAmount,
    discountAmount: row.discountAmount,
    gross: row.amount,
    refundedAmount: row.refundedAmount,
    net: row.amount - row.refundedAmount,
    createdAt: row.createdAt.toISOString(),
    paidAt: row.paidAt?.toISOString() ?? null,
    paymentMethod: row.provider ?? null,
    items: items
      .filter((item) => item.orderId === row.id)
      .map((item) => ({
        kind: item.kind === 'extras' ? 'extras' : 'ticket',
        ticketId: item.ticketId,
        extrasId: item.extrasId,
        name: item.name,
        quantity: item.quantity,
        unitPrice: item.unitPrice,
        amount: item.amount,
      })),
  };
}

/** An order with its items, read for it: what the buyer's and the admin's order calls answer. */
export async function withItems(deps: Deps, order: OrderRow): Promise<TOrder> {
  return toOrderDto(order, await findItemsOf(deps.db, [order.id]));
}

import type { DbOrTx } from '../../../db/client';
import type { OrderItemRow, OrderRow, RegistrationRow } from '../../../db/schema';
import { conflict } from '../../../core/errors';
import { assertAccessOpened, NO_DISCOUNT, priceCode, takeCodeUse, type OrderDiscount } from '../../discounts/code-uses';
import { giveBackUse } from '../../discounts/discount-uses.repo';
import { codeKeyOf } from '../../discounts/discounts.repo';
import { findEventWithTickets } from '../../tickets/tickets.repo';
import { lockRegistration } from '../registrations.repo';

export const discountOf = (order: OrderRow): OrderDiscount => ({
  discountId: order.discountId,
  discountCode: order.discountCode,
  discountAmount: order.discountAmount,
});

export const sameDiscount = (a: OrderDiscount, b: OrderDiscount) =>
  a.discountId === b.discountId && a.discountCode === b.discountCode && a.discountAmount === b.discountAmount;

/**
 * The order's code after createOrder (docs/product.md section 19): a code applies it or switches to
 * it, null removes it, absent (or the same code again) keeps what the hold had. Hidden tickets held
 * still need a code that names them. Extras are never discounted: only the ticket lines are priced.
 * A code typed anew counts among the wrong codes the buyer's address (`ip`) may try (code-checks.ts).
 */
export async function chosenDiscount(
  db: DbOrTx,
  registration: RegistrationRow,
  order: OrderRow,
  ticketItems: Pick<OrderItemRow, 'ticketId' | 'quantity' | 'unitPrice'>[],
  typed: string | null | undefined,
  ip: string,
): Promise<OrderDiscount> {
  const kept = discountOf(order);
  if (typed === undefined) return kept;
  if (typed !== null && order.discountId !== null && codeKeyOf(typed) === codeKeyOf(order.discountCode ?? '')) {
    return kept;
  }
  const lines = ticketItems.map((item) => ({
    ticketId: item.ticketId!,
    quantity: item.quantity,
    unitPrice: item.unitPrice,
  }));
  const offer = await findEventWithTickets(db, registration.eventId, [...new Set(lines.map((line) => line.ticketId))]);
  const tickets = offer?.tickets ?? [];
  if (typed === null) {
    assertAccessOpened(tickets, undefined);
    return NO_DISCOUNT;
  }
  const { row, discount } = await priceCode(db, registration.eventId, typed, lines, ip);
  assertAccessOpened(tickets, row);
  return discount;
}

/**
 * In the re-pricing's transaction: the new code's use taken (400 when none is left, which rolls the
 * re-pricing back), the old one's given back. Only while the hold is pending, its row locked: a
 * sweep that lapses it gives the old use back itself, and must not find it given back twice.
 */
export async function switchCodeUses(tx: DbOrTx, order: OrderRow, next: OrderDiscount): Promise<void> {
  if (order.discountId === next.discountId) return;
  const held = await lockRegistration(tx, order.registrationId);
  if (!held || held.status !== 'pending') {
    throw conflict('Your hold on these tickets has expired; please start again');
  }
  if (next.discountId) await takeCodeUse(tx, next.discountId);
  if (order.discountId) await giveBackUse(tx, order.discountId);
}

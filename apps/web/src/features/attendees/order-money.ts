import { formatMoney, type TOrder, type TRefund } from '@clubtix/contract';

/**
 * An order's money as the admin reads it (docs/product.md section 19): gross is what the lines came
 * to, less the code's discount is what the buyer paid (`amount`), less what was refunded is net.
 * Free of React so it is tested.
 */
export interface OrderMoney {
  gross: number;
  discount: number;
  paid: number;
  refunded: number;
  net: number;
}

type MoneyFields = Pick<TOrder, 'amount' | 'discountAmount' | 'refundedAmount'>;

export function orderMoney(order: MoneyFields): OrderMoney {
  return {
    gross: order.amount + order.discountAmount,
    discount: order.discountAmount,
    paid: order.amount,
    refunded: order.refundedAmount,
    net: order.amount - order.refundedAmount,
  };
}

/** The payment statuses with money the admin may give back. */
const REFUNDABLE: ReadonlySet<TOrder['paymentStatus']> = new Set(['paid', 'partially_refunded', 'refund_required']);

/** What is left to refund (0 when the order was never paid or is refunded in full). */
export function refundableAmount(order: MoneyFields & Pick<TOrder, 'paymentStatus'>): number {
  if (!REFUNDABLE.has(order.paymentStatus)) return 0;
  return Math.max(0, order.amount - order.refundedAmount);
}

/**
 * The order list's one line of money beyond the paid amount, or null when there is nothing to add:
 * "Gross £35.00 · Discount (SUMMER) −£5.00 · Refunded £10.00 · Net £20.00".
 */
export function orderMoneyLine(order: MoneyFields & Pick<TOrder, 'currency' | 'discountCode'>): string | null {
  if (order.discountAmount === 0 && order.refundedAmount === 0) return null;
  const money = orderMoney(order);
  const format = (amount: number) => formatMoney(amount, order.currency);
  const parts: string[] = [];
  if (money.discount > 0) {
    parts.push(`Gross ${format(money.gross)}`);
    parts.push(`${discountLabel(order.discountCode)} −${format(money.discount)}`);
  }
  if (money.refunded > 0) parts.push(`Refunded ${format(money.refunded)}`);
  parts.push(`Net ${format(money.net)}`);
  return parts.join(' · ');
}

export function discountLabel(code: string | null): string {
  return code ? `Discount (${code})` : 'Discount';
}

export const REFUND_SOURCE_LABELS: Record<TRefund['source'], string> = {
  admin: 'By an admin',
  provider: "In the payment provider's dashboard",
  cancellation: 'Event cancelled',
};

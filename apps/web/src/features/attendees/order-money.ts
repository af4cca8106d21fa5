import { formatMoney, type TOrder, type TRefund } from '@clubtix/contract';
import { currentLanguage, i18n } from '../../i18n/i18n';

/**
 * An order's money as the admin reads it, in the Sales page's words (docs/decisions/0069-money-screens-agree.md):
 * the subtotal of its lines, less the code's discount is gross (what the buyer paid), less what was
 * refunded is net. Free of React so it is tested.
 */
export interface OrderMoney {
  subtotal: number;
  discount: number;
  gross: number;
  refunded: number;
  net: number;
}

type MoneyFields = Pick<TOrder, 'amount' | 'subtotal' | 'discountAmount' | 'gross' | 'refundedAmount' | 'net'>;

export function orderMoney(order: MoneyFields): OrderMoney {
  return {
    subtotal: order.subtotal,
    discount: order.discountAmount,
    gross: order.gross,
    refunded: order.refundedAmount,
    net: order.net,
  };
}

/** The payment statuses with money the admin may give back. */
const REFUNDABLE: ReadonlySet<TOrder['paymentStatus']> = new Set(['paid', 'partially_refunded', 'refund_required']);

/** What is left to refund (0 when the order was never paid or is refunded in full). */
export function refundableAmount(order: Pick<TOrder, 'amount' | 'refundedAmount' | 'paymentStatus'>): number {
  if (!REFUNDABLE.has(order.paymentStatus)) return 0;
  return Math.max(0, order.amount - order.refundedAmount);
}

/**
 * The order list's one line of money beyond the paid amount, or null when there is nothing to add:
 * "Subtotal £35.00 · Discount (SUMMER) −£5.00 · Gross £30.00 · Refunded £10.00 · Net £20.00".
 */
export function orderMoneyLine(order: MoneyFields & Pick<TOrder, 'currency' | 'discountCode'>): string | null {
  if (order.discountAmount === 0 && order.refundedAmount === 0) return null;
  const money = orderMoney(order);
  const language = currentLanguage();
  const format = (amount: number) => formatMoney(amount, order.currency, language);
  // The orders view, which shows this line, loads the `attendees` catalogue.
  const parts: string[] = [];
  if (money.discount > 0) {
    parts.push(i18n.t('attendees:money.subtotalLine', { amount: format(money.subtotal) }));
    parts.push(`${discountLabel(order.discountCode)} −${format(money.discount)}`);
    parts.push(i18n.t('attendees:money.grossLine', { amount: format(money.gross) }));
  }
  if (money.refunded > 0) parts.push(i18n.t('attendees:money.refundedLine', { amount: format(money.refunded) }));
  parts.push(i18n.t('attendees:money.netLine', { amount: format(money.net) }));
  return parts.join(' · ');
}

export function discountLabel(code: string | null): string {
  return code ? i18n.t('attendees:money.discountCode', { code }) : i18n.t('attendees:money.discount');
}

export const REFUND_SOURCE_KEYS = {
  admin: 'attendees:refundSources.admin',
  provider: 'attendees:refundSources.provider',
  cancellation: 'attendees:refundSources.cancellation',
} as const satisfies Record<TRefund['source'], string>;

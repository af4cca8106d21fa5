import { formatMoney, type TOrder, type TRefund } from '@clubtix/contract';
import { currentLanguage, i18n } from '../../i18n/i18n';

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
  const language = currentLanguage();
  const format = (amount: number) => formatMoney(amount, order.currency, language);
  // The orders view, which shows this line, loads the `attendees` catalogue.
  const parts: string[] = [];
  if (money.discount > 0) {
    parts.push(i18n.t('attendees:money.grossLine', { amount: format(money.gross) }));
    parts.push(`${discountLabel(order.discountCode)} −${format(money.discount)}`);
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

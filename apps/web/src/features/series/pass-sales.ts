import type { TPassPurchaseListItem, TRefundPassRequest } from '@clubtix/contract';
import { toMajorUnits, toMinorUnits } from '../../lib/money-input';
import { initialRefundValues, type RefundFormValues } from '../attendees/refund-form-values';

/** How a pass sold reads in the list: the words of its payment status. */
export type PassSaleState = 'paid' | 'refunded' | 'partlyRefunded' | 'toRefund' | 'pending';

export function passSaleState(sale: Pick<TPassPurchaseListItem, 'paymentStatus'>): PassSaleState {
  switch (sale.paymentStatus) {
    case 'paid':
      return 'paid';
    case 'refunded':
      return 'refunded';
    case 'partially_refunded':
      return 'partlyRefunded';
    case 'refund_required':
      return 'toRefund';
    case 'pending':
    case 'failed':
      return 'pending';
  }
}

/** What is left to refund of a pass sold: nothing unless its payment came in. */
export function passRefundLeft(sale: Pick<TPassPurchaseListItem, 'paymentStatus' | 'amount' | 'refundedAmount'>) {
  const state = passSaleState(sale);
  const tookMoney = state === 'paid' || state === 'partlyRefunded' || state === 'toRefund';
  return tookMoney ? Math.max(0, sale.amount - sale.refundedAmount) : 0;
}

/**
 * The pass refund dialog reuses the order refund's values and checks (attendees/refund-form-values.ts)
 * as a part refund whose amount starts at all that is left.
 */
export function initialPassRefundValues(left: number): RefundFormValues {
  return { ...initialRefundValues(), mode: 'part', amount: toMajorUnits(left) };
}

/** All that is left is sent as a full refund (no amount), which ends the pass's admission. */
export function passRefundToRequest(
  values: RefundFormValues,
  { passPurchaseId, requestKey, left }: { passPurchaseId: string; requestKey: string; left: number },
): TRefundPassRequest {
  const minor = toMinorUnits(values.amount) ?? Number.NaN;
  const reason = values.reason.trim();
  return {
    passPurchaseId,
    ...(minor === left ? {} : { amount: minor }),
    ...(reason ? { reason } : {}),
    requestKey,
  };
}

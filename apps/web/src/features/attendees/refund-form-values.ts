import { formatMoney, type TCurrency, type TRefundOrderRequest } from '@clubtix/contract';
import type { FormErrors } from '@mantine/form';
import { currentLanguage, i18n } from '../../i18n/i18n';
import { toMinorUnits } from '../../lib/money-input';

/**
 * The refund dialog's fields: all that is left (the default) or a part typed in major units, a
 * reason, and, for a full refund only, whether the tickets are cancelled and go back on sale.
 */
export type RefundFormValues = {
  mode: 'full' | 'part';
  amount: number | string;
  reason: string;
  releaseTickets: boolean;
};

export function initialRefundValues({ releaseTickets = false } = {}): RefundFormValues {
  return { mode: 'full', amount: '', reason: '', releaseTickets };
}

/**
 * The request for the typed values. `requestKey` is made once per opening of the dialog, so a
 * second click or a retry after a lost answer refunds once (docs/product.md section 19).
 */
export function refundFormToRequest(
  values: RefundFormValues,
  { orderId, requestKey }: { orderId: string; requestKey: string },
): TRefundOrderRequest {
  const reason = values.reason.trim();
  return {
    orderId,
    ...(values.mode === 'part' ? { amount: toMinorUnits(values.amount) ?? Number.NaN } : {}),
    ...(reason ? { reason } : {}),
    releaseTickets: values.mode === 'full' && values.releaseTickets,
    requestKey,
  };
}

/** Messages in the form's words (major units) before the schema's, which speak of minor units. */
export function checkRefundForm(values: RefundFormValues, left: number, currency: TCurrency): FormErrors {
  if (values.mode !== 'part') return {};
  const text = String(values.amount).trim();
  const minor = toMinorUnits(values.amount);
  // The refund dialog loads the `attendees` catalogue.
  if (text === '') return { amount: i18n.t('attendees:refund.amountRequired') };
  if (minor === null) return { amount: i18n.t('attendees:refund.amountInvalid') };
  if (minor === 0) return { amount: i18n.t('attendees:refund.amountZero') };
  if (minor > left)
    return { amount: i18n.t('attendees:refund.atMost', { amount: formatMoney(left, currency, currentLanguage()) }) };
  return {};
}

/** A fresh key for one opening of the refund dialog. */
export function newRefundKey(): string {
  return `refund-${crypto.randomUUID()}`;
}

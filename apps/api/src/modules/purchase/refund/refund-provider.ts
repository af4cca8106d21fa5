export type { ProviderRefund, RefundOutcome, RefundRequest } from '../../../core/payment-provider';
import type { ProviderRefund } from '../../../core/payment-provider';

/** A refund counts as given back unless the provider says it failed or was cancelled. */
export const givesMoneyBack = (refund: ProviderRefund) => refund.status === 'succeeded' || refund.status === 'pending';

import type { DbOrTx } from '../../../db/client';

/**
 * Refunds at the payment provider (docs/product.md section 19): what the PaymentProvider interface
 * gains, kept here until that interface is the purchase's.
 */
export interface RefundRequest {
  paymentIntentId: string;
  amount: number;
  /** One per refund: the same key again answers the same refund and never pays twice. */
  key: string;
  /** Kept with the refund at the provider, so its dashboard leads back to ours. */
  metadata?: Record<string, string>;
  /**
   * The transaction that holds the order's row lock: the simulated provider keeps its books in our
   * refunds table and reads them through it (a second connection could wait on a full pool).
   */
  db?: DbOrTx;
}

/** A refund as the provider tells it. */
export interface ProviderRefund {
  id: string;
  paymentIntentId: string;
  amount: number;
  /** Only 'succeeded' (or 'pending', which Stripe settles on its own) counts as money given back. */
  status: 'succeeded' | 'pending' | 'failed' | 'canceled' | 'requires_action';
}

export type RefundOutcome = { ok: true; refund: ProviderRefund } | { ok: false; message: string };

/** A refund counts as given back unless the provider says it failed or was cancelled. */
export const givesMoneyBack = (refund: ProviderRefund) => refund.status === 'succeeded' || refund.status === 'pending';

import type { DbOrTx } from '../db/client';

/** What the purchase flow needs from a card payment provider (docs/product.md section 15). */
export interface CreatedIntent {
  id: string;
  clientSecret: string;
  /**
   * Its state now: a create that replays an earlier key answers that intent, which may since have
   * been cancelled (an order re-priced away from this amount and back again).
   */
  status: IntentState['status'];
}

export interface IntentState {
  id: string;
  status: 'succeeded' | 'processing' | 'requires_payment_method' | 'requires_action' | 'canceled';
  amount: number;
  currency: string;
  /** The provider's own words when a card was declined. */
  lastError: string | null;
  /**
   * What it was created with: names its payable ({ orderId }, { extrasPurchaseId } or
   * { sponsorshipId }), so a payment of an intent no payable points to any more still finds it.
   */
  metadata?: Record<string, string>;
}

/** What a buyer sees who pays, or confirms, an intent cancelled because its order was re-priced. */
export const CANCELLED_PAYMENT_MESSAGE =
  'This payment was cancelled because the order changed; nothing was charged. Please pay the new amount.';

/** A refund to make at the provider (docs/product.md section 19). */
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

/** A provider's notification whose signature was verified, reduced to what settlement needs. */
export type ProviderEvent =
  | { kind: 'payment_succeeded'; intent: IntentState }
  /** A refund made or changed at the provider (refund.created, refund.updated). */
  | { kind: 'refund'; refund: ProviderRefund }
  /** A payment refunded at the provider (charge.refunded), which names no refund. */
  | { kind: 'payment_refunded'; paymentIntentId: string }
  | { kind: 'other'; type: string };

export interface PaymentProvider {
  readonly name: 'simulated' | 'stripe';
  readonly publishableKey?: string;
  /** `key` makes a retried create return the same intent (idempotency). */
  createIntent(input: {
    amount: number;
    currency: string;
    key: string;
    description: string;
    /** Kept with the payment at the provider, so its dashboard leads back to ours. */
    metadata?: Record<string, string>;
  }): Promise<CreatedIntent>;
  retrieveIntent(id: string): Promise<IntentState | undefined>;
  /**
   * Cancels an intent so that it can never be paid, unless it already was: answers its state after
   * the attempt ('canceled', or 'succeeded' when the payment went through first, or 'processing'
   * while the provider will not let it go), undefined when the provider does not know it.
   */
  cancelIntent(id: string): Promise<IntentState | undefined>;
  /**
   * Gives back `amount` of a paid intent (docs/product.md section 19); the same key again answers
   * the same refund. A refusal (more than is left, a disputed payment) is `ok: false` with its words.
   */
  refund(request: RefundRequest): Promise<RefundOutcome>;
  /** The refunds of a payment, as the provider knows them (for a webhook that names none). */
  listRefunds?(paymentIntentId: string): Promise<ProviderRefund[]>;
  /**
   * Simulated provider only: keeps the metadata of an intent made by one of our own statements
   * (purchase/pay/simulated-order-payment.ts), as createIntent keeps it.
   */
  rememberMetadata?(id: string, metadata: Record<string, string>): void;
  /** Simulated provider only: pays the intent with a typed test card. */
  payWithTestCard?(id: string, card: string): Promise<IntentState | undefined>;
  /**
   * Providers that call us back (Stripe, with its webhook secret set): checks the signature on the
   * raw body exactly as received; undefined when it does not match.
   */
  verifyWebhook?(rawBody: Buffer, signature: string | undefined): ProviderEvent | undefined;
}

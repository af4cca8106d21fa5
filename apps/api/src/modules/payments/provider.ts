/** What the purchase flow needs from a card payment provider (DECISIONS.md section 6). */
export interface CreatedIntent {
  id: string;
  clientSecret: string;
}

export interface IntentState {
  id: string;
  status: 'succeeded' | 'processing' | 'requires_payment_method' | 'requires_action' | 'canceled';
  amount: number;
  currency: string;
  /** The provider's own words when a card was declined. */
  lastError: string | null;
}

/** A provider's notification whose signature was verified, reduced to what settlement needs. */
export type ProviderEvent = { kind: 'payment_succeeded'; intent: IntentState } | { kind: 'other'; type: string };

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
  /** Simulated provider only: pays the intent with a typed test card. */
  payWithTestCard?(id: string, card: string): Promise<IntentState | undefined>;
  /**
   * Providers that call us back (Stripe, with its webhook secret set): checks the signature on the
   * raw body exactly as received; undefined when it does not match.
   */
  verifyWebhook?(rawBody: Buffer, signature: string | undefined): ProviderEvent | undefined;
}

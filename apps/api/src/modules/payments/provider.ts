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

export interface PaymentProvider {
  readonly name: 'simulated' | 'stripe';
  readonly publishableKey?: string;
  /** `key` makes a retried create return the same intent (idempotency). */
  createIntent(input: { amount: number; currency: string; key: string; description: string }): Promise<CreatedIntent>;
  retrieveIntent(id: string): Promise<IntentState | undefined>;
  /** Simulated provider only: pays the intent with a typed test card. */
  payWithTestCard?(id: string, card: string): Promise<IntentState | undefined>;
}

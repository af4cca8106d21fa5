import type { Deps } from '../../../core/deps';
import type { DbOrTx } from '../../../db/client';
import type { Settlement } from '../settle/settle-order';

/**
 * What a payment intent pays for: a ticket order, extras bought alone, or a sponsorship or donation.
 * One pipeline starts, confirms and settles all three (docs/decisions/0026-one-purchase-pipeline.md);
 * each kind implements the small interface below.
 */
export type PayableKind = 'order' | 'sponsorship' | 'extras';

/** A payable as read at one moment. */
export interface PayableState {
  kind: PayableKind;
  id: string;
  amount: number;
  currency: string;
  /** Already paid or flagged for refund: settling again changes nothing. */
  settled: boolean;
  /** Flagged for refund: paid after what it bought was gone. */
  refundRequired: boolean;
  /** A sponsorship without a package: a donation. */
  isDonation?: boolean;
  /** The intent it points to now, if one was started. */
  paymentIntentId: string | null;
}

/** What a payable's next intent is made for; `key` makes a retried start answer the same intent. */
export interface Due {
  id: string;
  amount: number;
  currency: string;
  key: string;
  description: string;
  /** The intent it points to now: replaced only once cancelled (startPayment). */
  attachedIntentId: string | null;
}

/** What a settlement left: the payable as it is now and, for an order, what its settlement did. */
export interface Settled {
  state: PayableState;
  settlement?: Settlement;
}

export interface Payable {
  readonly kind: PayableKind;
  /** How an intent's metadata names it: { orderId }, { extrasPurchaseId } or { sponsorshipId }. */
  readonly metadataKey: 'orderId' | 'extrasPurchaseId' | 'sponsorshipId';
  findByIntent(db: DbOrTx, paymentIntentId: string): Promise<PayableState | undefined>;
  findById(db: DbOrTx, id: string): Promise<PayableState | undefined>;
  /** Checks that it may be paid now (404 or 409 otherwise) and says what its intent asks for. */
  dueOf(deps: Deps, id: string): Promise<Due>;
  /** Points it to an intent while it is pending at `amount`; false when it changed meanwhile. */
  attachIntent(db: DbOrTx, due: Pick<Due, 'id' | 'amount'>, intent: IntentRef): Promise<boolean>;
  /** Settles a payment of what is due, once: paid, or flagged for refund when what it bought is gone. */
  settle(deps: Deps, id: string): Promise<Settled>;
  /**
   * Records a payment that took money the payable no longer asks for (an older intent, another
   * amount): flagged for refund with that intent, while it is pending; false otherwise.
   */
  flagForRefund(db: DbOrTx, id: string, intent: IntentRef): Promise<boolean>;
}

export interface IntentRef {
  id: string;
  provider: string;
}

export const settlementOf = (paymentStatus: string) => ({
  settled: paymentStatus === 'paid' || paymentStatus === 'refund_required',
  refundRequired: paymentStatus === 'refund_required',
});

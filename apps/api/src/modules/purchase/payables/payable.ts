import type { Deps } from '../../../core/deps';
import type { DbOrTx, Tx } from '../../../db/client';
import type { Settlement } from '../settlement/settle-paid-order';

/**
 * What a payment intent pays for: a ticket order, extras bought alone, a sponsorship or donation, or a
 * season pass. One pipeline starts, confirms and settles all four (docs/decisions/0026-one-purchase-pipeline.md);
 * each kind implements the small interface below.
 */
export type PayableKind = 'order' | 'sponsorship' | 'extras' | 'pass';

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
  /** How an intent's metadata names it: { orderId }, { extrasPurchaseId }, { sponsorshipId } or { passPurchaseId }. */
  readonly metadataKey: 'orderId' | 'extrasPurchaseId' | 'sponsorshipId' | 'passPurchaseId';
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
  /** Locks its row until the transaction ends and reads what a refund needs; undefined: no such row. */
  lockForRefund(tx: Tx, id: string): Promise<RefundTarget | undefined>;
  /** Counts a refund of `amount`: partially_refunded, or refunded once nothing is left. */
  addRefund(tx: Tx, target: RefundTarget, amount: number): Promise<RefundTarget>;
  /**
   * What a full refund gives back (docs/product.md section 19): an order's tickets when asked
   * (`releaseTickets`), a sponsorship's package place, extras' voucher and stock. Answers whether
   * seats went back on sale and whether the buyer's tickets or voucher stop admitting.
   */
  releaseAfterFullRefund(tx: Tx, target: RefundTarget, releaseTickets: boolean): Promise<Released>;
}

/** A payable locked for a refund (refund/refund-core.ts). */
export interface RefundTarget {
  kind: PayableKind;
  id: string;
  clubId: string;
  /** Null for a season pass, which names no single event. */
  eventId: string | null;
  amount: number;
  refundedAmount: number;
  currency: string;
  paymentStatus: string;
  paymentIntentId: string | null;
  provider: string | null;
  /** Who the refund mail goes to: the buyer or the giver. */
  email: string;
  /** The language they paid in, which the refund mail speaks (docs/product.md section 22). */
  language: string;
  /** A sponsorship without a package. */
  isDonation?: boolean;
  /** An order's registration, whose tickets a full refund may release. */
  registration?: { id: string; eventId: string; status: string };
}

/** The money columns every payable's row shares, as a refund reads them. */
type PayableMoneyRow = Pick<
  RefundTarget,
  | 'id'
  | 'clubId'
  | 'eventId'
  | 'amount'
  | 'refundedAmount'
  | 'currency'
  | 'paymentStatus'
  | 'paymentIntentId'
  | 'provider'
>;

/** A row of any payable kind as a refund target: the shared columns, and who is mailed. */
export function refundTargetOf(
  kind: PayableKind,
  row: PayableMoneyRow,
  extra: Pick<RefundTarget, 'email' | 'language' | 'isDonation' | 'registration'>,
): RefundTarget {
  const { id, clubId, eventId, amount, refundedAmount, currency, paymentStatus, paymentIntentId, provider } = row;
  return {
    kind,
    id,
    clubId,
    eventId,
    amount,
    refundedAmount,
    currency,
    paymentStatus,
    paymentIntentId,
    provider,
    ...extra,
  };
}

export interface Released {
  seatsFreed: boolean;
  /** The buyer's tickets or voucher no longer admit (refunds.released_tickets). */
  stopsAtDoor: boolean;
}

export interface IntentRef {
  id: string;
  provider: string;
}

export const settlementOf = (paymentStatus: string) => ({
  settled: paymentStatus === 'paid' || paymentStatus === 'refund_required',
  refundRequired: paymentStatus === 'refund_required',
});

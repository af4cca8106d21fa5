import { formatMoney, type TCurrency, type TLanguage } from '@clubtix/contract';
import type { Tx } from '../../../db/client';
import type { RefundRow } from '../../../db/schema';
import { AppError, badInput, conflict, fieldError, say, sayIn } from '../../../core/errors';
import type { Deps } from '../../../core/deps';
import { mailLanguage } from '../../mail/mail-format';
import { queueRefundMail, type RefundedKind, type RefundNews } from '../../mail/refund-mail';
import type { Payable, RefundTarget } from '../payables/payable';
import { REFUNDABLE_STATUSES } from '../refund-orders.repo';
import { adoptRefund, findRefundByProviderId, insertRefund, refundColumnOf, type RefundValues } from './refunds.repo';

/** One refund to make on a payable whose row the caller holds locked. */
export interface RefundAsk {
  /** Undefined: all that is left. */
  amount: number | undefined;
  reason: string | null;
  /** An order's tickets go with a full refund only when asked; other payables ignore it. */
  releaseTickets: boolean;
  source: 'admin' | 'cancellation';
  /** Stored with the refund: the same request again finds it (refunds.request_key is unique). */
  requestKey: string | null;
  /** The provider's idempotency key for this refund. */
  providerKey: string;
  createdBy: string | null;
}

export interface RefundDone {
  refund: RefundRow;
  /** Whether seats went back on sale (the waiting list may offer them). */
  seatsFreed: boolean;
}

/** How messages name each kind. */
const nameOf = (target: Pick<RefundTarget, 'kind' | 'isDonation'>) =>
  target.kind === 'order'
    ? 'order'
    : target.kind === 'extras' || target.kind === 'pass'
      ? 'purchase'
      : target.isDonation
        ? 'donation'
        : 'sponsorship';

/** How the refund mail words it (mail/refund-mail.ts). */
export const mailKindOf = (target: Pick<RefundTarget, 'kind' | 'isDonation'>): RefundedKind =>
  target.kind === 'sponsorship' ? (target.isDonation ? 'donation' : 'sponsorship') : target.kind;

const isRefundable = (status: string) => (REFUNDABLE_STATUSES as readonly string[]).includes(status);

/** What is left to refund of a payable, or the reason there is nothing to refund (409). */
export function leftToRefund(target: RefundTarget): number {
  const name = nameOf(target);
  if (!isRefundable(target.paymentStatus)) {
    if (target.paymentStatus === 'refunded')
      throw conflict(
        say(
          'This {kind, select, order {order} purchase {purchase} donation {donation} other {sponsorship}} is refunded already: nothing is left to refund',
          { kind: name },
        ),
      );
    throw conflict(
      say(
        'Only a paid {kind, select, order {order} purchase {purchase} donation {donation} other {sponsorship}} can be refunded',
        { kind: name },
      ),
    );
  }
  const left = target.amount - target.refundedAmount;
  if (left <= 0)
    throw conflict(
      say(
        'This {kind, select, order {order} purchase {purchase} donation {donation} other {sponsorship}} is refunded already: nothing is left to refund',
        { kind: name },
      ),
    );
  return left;
}

/** The refunds row's values that name the payable. */
export const refundOwnerOf = (target: RefundTarget) => ({
  orderId: null,
  sponsorshipId: null,
  extrasPurchaseId: null,
  passPurchaseId: null,
  [refundColumnOf[target.kind]]: target.id,
});

/** The buyer's (or giver's) refund mail, in the refund's transaction. */
export async function mailRefund(
  tx: Tx,
  deps: Deps,
  event: RefundNews['event'],
  target: RefundTarget,
  refund: RefundRow,
) {
  await queueRefundMail(tx, deps.config, {
    clubId: target.clubId,
    to: target.email,
    language: mailLanguage(target.language),
    event,
    kind: mailKindOf(target),
    order: target,
    refund,
  });
}

/**
 * Refunds a locked payable (docs/decisions/0026-one-purchase-pipeline.md): the provider first (under
 * the lock, with the refund's own idempotency key, so two refunds of one payable never both reach it
 * and a retry never pays twice), then the refunds row, the payable's refundedAmount and status, what
 * a full refund releases and the buyer's mail, all in the caller's transaction.
 */
export async function refundLockedPayable(
  tx: Tx,
  deps: Deps,
  event: RefundNews['event'],
  payable: Payable,
  locked: RefundTarget,
  ask: RefundAsk,
): Promise<RefundDone> {
  const name = nameOf(locked);
  const currency = locked.currency as TCurrency;
  const left = leftToRefund(locked);
  const amount = ask.amount ?? left;
  if (amount > left) {
    const most = (language: TLanguage) =>
      sayIn(
        language,
        say(
          'At most {amount} is left to refund on this {kind, select, order {order} purchase {purchase} donation {donation} other {sponsorship}}',
          {
            amount: formatMoney(left, currency, language),
            kind: name,
          },
        ),
      );
    throw fieldError('amount', most);
  }
  const releaseTickets = locked.kind === 'order' && ask.releaseTickets;
  if (releaseTickets && amount !== left) {
    throw badInput('Tickets can be released only with a full refund of what is left', 'releaseTickets');
  }
  const provider = deps.payments;
  if (!locked.paymentIntentId)
    throw conflict(
      say(
        'This {kind, select, order {order} purchase {purchase} donation {donation} other {sponsorship}} has no payment to refund',
        { kind: name },
      ),
    );
  if (locked.provider && locked.provider !== provider.name) {
    throw conflict(
      say(
        'This {kind, select, order {order} purchase {purchase} donation {donation} other {sponsorship}} was paid through the {provider} provider: refund it there',
        {
          kind: name,
          provider: locked.provider,
        },
      ),
    );
  }
  const outcome = await provider.refund({
    paymentIntentId: locked.paymentIntentId,
    amount,
    key: ask.providerKey,
    metadata: { [payable.metadataKey]: locked.id, clubId: locked.clubId },
    db: tx,
  });
  if (!outcome.ok) throw new AppError('PAYMENT_FAILED', outcome.message);

  const full = amount === left;
  // Extras and a pass refunded in full stop at the door without being asked; an order's tickets only when asked.
  const stopsAtDoor = full && (locked.kind === 'extras' || locked.kind === 'pass' || releaseTickets);
  const values: Pick<RefundValues, 'source' | 'reason' | 'requestKey' | 'releasedTickets' | 'createdBy'> = {
    source: ask.source,
    reason: ask.reason,
    requestKey: ask.requestKey,
    releasedTickets: stopsAtDoor,
    createdBy: ask.createdBy,
  };
  // The provider's webhook for this very refund may be in already (after a crash before our commit):
  // then it is counted, and becomes ours.
  const known = await findRefundByProviderId(tx, outcome.refund.id);
  let refund: RefundRow;
  let updated = locked;
  if (known) {
    refund = await adoptRefund(tx, known.id, values);
  } else {
    const inserted = await insertRefund(tx, {
      ...values,
      ...refundOwnerOf(locked),
      clubId: locked.clubId,
      eventId: locked.eventId,
      amount,
      currency: locked.currency,
      provider: provider.name,
      providerRefundId: outcome.refund.id,
    });
    // request_key and provider_refund_id are unique; under the payable's lock nothing else writes them.
    if (!inserted)
      throw conflict(
        say(
          'This refund was recorded meanwhile; read the {kind, select, order {order} purchase {purchase} donation {donation} other {sponsorship}} again',
          { kind: name },
        ),
      );
    refund = inserted;
    updated = await payable.addRefund(tx, locked, amount);
  }
  const released = full
    ? await payable.releaseAfterFullRefund(tx, updated, releaseTickets)
    : { seatsFreed: false, stopsAtDoor: false };
  await mailRefund(tx, deps, event, updated, refund);
  return { refund, seatsFreed: released.seatsFreed };
}

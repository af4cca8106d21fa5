import type { FastifyBaseLogger } from 'fastify';
import type { Deps } from '../../../core/deps';
import { findEventById } from '../../events/events.repo';
import { findPassRefundSubject } from '../pass-purchases.repo';
import { payables, findPayable } from '../payables/payables';
import { givesMoneyBack, type ProviderRefund } from './refund-provider';
import { mailRefund, refundOwnerOf } from './refund-core';
import { findRefundByProviderId, insertRefund } from './refunds.repo';
import { afterRefunds } from './refund.service';

/**
 * Refunds made in the provider's own dashboard (docs/product.md section 19), as its webhook tells
 * them, for any payable (found by its intent, as the pipeline finds it): each one the refunds table
 * does not know yet (by provider_refund_id: our own refunds are known, so they count once) is
 * recorded with source 'provider', counted on the payable and mailed to the buyer. A full one gives
 * back what a full refund of its kind gives back unasked (extras' voucher and stock, a sponsorship's
 * package place; an order keeps its tickets). Under the payable's row lock, so a webhook racing our
 * own refund waits for its commit. Answers how many were recorded.
 */
export async function recordProviderRefunds(
  deps: Deps,
  paymentIntentId: string,
  refunds: ProviderRefund[],
  log?: FastifyBaseLogger,
): Promise<number> {
  const found = await findPayable(deps.db, paymentIntentId);
  const counted = refunds.filter((refund) => refund.paymentIntentId === paymentIntentId && givesMoneyBack(refund));
  if (!found || counted.length === 0) return 0;
  const payable = payables[found.kind];
  const recorded = await deps.db.transaction(async (tx) => {
    let target = await payable.lockForRefund(tx, found.id);
    if (!target) return 0;
    // A pass's refund names no single event: its mail speaks of the pass (refund-payable.service.ts).
    const event =
      target.eventId === null
        ? await findPassRefundSubject(tx, target.id)
        : await findEventById(tx, target.eventId, null);
    let count = 0;
    for (const refund of counted) {
      if (await findRefundByProviderId(tx, refund.id)) continue;
      // Never more than the payable took: the provider refunds at most that too.
      const left = target.amount - target.refundedAmount;
      const amount = Math.min(refund.amount, left);
      if (amount <= 0) continue;
      const full = amount === left;
      const row = await insertRefund(tx, {
        ...refundOwnerOf(target),
        clubId: target.clubId,
        eventId: target.eventId,
        amount,
        currency: target.currency,
        reason: null,
        source: 'provider',
        requestKey: null,
        provider: deps.payments.name,
        providerRefundId: refund.id,
        releasedTickets: full && (target.kind === 'extras' || target.kind === 'pass'),
        createdBy: null,
      });
      if (!row) continue;
      target = await payable.addRefund(tx, target, amount);
      if (full) await payable.releaseAfterFullRefund(tx, target, false);
      count += 1;
      if (event) await mailRefund(tx, deps, event, target, row);
    }
    return count;
  });
  if (recorded > 0) afterRefunds(deps, [], log);
  return recorded;
}

/** charge.refunded names no refund: the provider lists the payment's refunds, and the new ones are recorded. */
export async function syncProviderRefunds(
  deps: Deps,
  paymentIntentId: string,
  log?: FastifyBaseLogger,
): Promise<number> {
  if (!deps.payments.listRefunds) return 0;
  return recordProviderRefunds(deps, paymentIntentId, await deps.payments.listRefunds(paymentIntentId), log);
}

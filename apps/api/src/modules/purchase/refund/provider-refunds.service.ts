import type { FastifyBaseLogger } from 'fastify';
import type { Deps } from '../../../core/deps';
import { queueRefundMail } from '../../mail/refund-mail';
import { findEventById } from '../../events/events.repo';
import { givesMoneyBack, type ProviderRefund } from './refund-provider';
import { addRefundToOrder, findOrderIdByPaymentIntent, lockOrderForRefund } from './refund-orders.repo';
import { findRefundByProviderId, insertRefund } from './refunds.repo';
import { afterRefunds } from './refund.service';

/**
 * Refunds made in the provider's own dashboard (docs/product.md section 19), as its webhook tells
 * them: each one the refunds table does not know yet (by provider_refund_id: our own refunds are
 * known, so they count once) is recorded with source 'provider', counted on the order and mailed to
 * the buyer. Under the order's row lock, so a webhook racing our own refund waits for its commit.
 * Answers how many were recorded.
 */
export async function recordProviderRefunds(
  deps: Deps,
  paymentIntentId: string,
  refunds: ProviderRefund[],
  log?: FastifyBaseLogger,
): Promise<number> {
  const orderId = await findOrderIdByPaymentIntent(deps.db, paymentIntentId);
  const counted = refunds.filter((refund) => refund.paymentIntentId === paymentIntentId && givesMoneyBack(refund));
  if (!orderId || counted.length === 0) return 0;
  const recorded = await deps.db.transaction(async (tx) => {
    const locked = await lockOrderForRefund(tx, orderId);
    if (!locked) return 0;
    const event = await findEventById(tx, locked.order.eventId, null);
    let order = locked.order;
    let count = 0;
    for (const refund of counted) {
      if (await findRefundByProviderId(tx, refund.id)) continue;
      // Never more than the order took: the provider refunds at most that too.
      const amount = Math.min(refund.amount, order.amount - order.refundedAmount);
      if (amount <= 0) continue;
      const row = await insertRefund(tx, {
        clubId: order.clubId,
        eventId: order.eventId,
        orderId: order.id,
        amount,
        currency: order.currency,
        reason: null,
        source: 'provider',
        requestKey: null,
        provider: deps.payments.name,
        providerRefundId: refund.id,
        releasedTickets: false,
        createdBy: null,
      });
      if (!row) continue;
      order = await addRefundToOrder(tx, order, amount);
      count += 1;
      if (event) {
        await queueRefundMail(tx, deps.config, {
          clubId: order.clubId,
          to: locked.registration.email,
          event,
          order,
          refund: row,
        });
      }
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

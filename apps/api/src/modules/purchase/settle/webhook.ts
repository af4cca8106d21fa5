import type { FastifyBaseLogger } from 'fastify';
import { badInput, notFound } from '../../../core/errors';
import type { Deps } from '../../../core/deps';
import { findPayableOfIntent } from '../payables/payables';
import { recordProviderRefunds, syncProviderRefunds } from '../refund/provider-refunds.service';
import { paysFor } from '../settlement/settle-paid-order';
import { settlePayment } from './settle-payment';

/**
 * The provider's own word that a payment succeeded (Stripe calls this, not the buyer): it settles
 * through the same settlePayment as confirm-payment, so whichever arrives second changes nothing.
 * Refunds the provider made are recorded once (refund/provider-refunds.service.ts). Anything that is
 * not ours to settle is acknowledged and left alone, or the provider would retry it for days.
 */
export async function handlePaymentWebhook(
  deps: Deps,
  log: FastifyBaseLogger,
  rawBody: Buffer,
  signature: string | undefined,
): Promise<void> {
  if (!deps.payments.verifyWebhook) throw notFound('Payment webhook');
  const event = deps.payments.verifyWebhook(rawBody, signature);
  if (!event) throw badInput('The webhook signature does not match');
  // Refunds made in the provider's dashboard, and its word on ours (docs/product.md section 19).
  if (event.kind === 'refund') {
    await recordProviderRefunds(deps, event.refund.paymentIntentId, [event.refund], log);
    return;
  }
  if (event.kind === 'payment_refunded') {
    await syncProviderRefunds(deps, event.paymentIntentId, log);
    return;
  }
  if (event.kind !== 'payment_succeeded') {
    log.debug({ type: event.type }, 'payment webhook: event type not used');
    return;
  }
  const { intent } = event;
  const payable = await findPayableOfIntent(deps, intent);
  if (!payable) {
    // Without the intent id: it is a buyer's secret (docs/product.md section 18).
    log.debug('payment webhook: nothing here is paid by this payment; ignored');
    return;
  }
  // An intent it no longer points to is settled or flagged for refund by settlePayment.
  if (payable.paymentIntentId === intent.id && !paysFor(intent, payable)) {
    log.warn(
      {
        kind: payable.kind,
        id: payable.id,
        paid: intent.amount,
        currency: intent.currency,
      },
      'payment webhook: the amount paid differs from the amount due; not settled',
    );
    return;
  }
  await settlePayment(deps, payable, intent);
}

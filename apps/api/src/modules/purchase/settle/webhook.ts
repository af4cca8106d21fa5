import type { FastifyBaseLogger } from 'fastify';
import { badInput, notFound } from '../../../core/errors';
import type { Deps } from '../../../core/deps';
import { findPayable, settleOtherPayable } from '../payables/payable';
import { paysFor, settlePaidOrder } from './settle-order';

/**
 * The provider's own word that a payment succeeded (Stripe calls this, not the buyer): it settles
 * through the same settlePaidOrder as confirm-payment, so whichever arrives second changes nothing.
 * Anything that is not ours to settle is acknowledged and left alone, or the provider would retry
 * it for days.
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
  if (event.kind !== 'payment_succeeded') {
    log.debug({ type: event.type }, 'payment webhook: event type not used');
    return;
  }
  const { intent } = event;
  const payable = await findPayable(deps, intent.id);
  if (!payable) {
    // Without the intent id: it is a buyer's secret (docs/product.md section 18).
    log.debug('payment webhook: nothing here is paid by this payment; ignored');
    return;
  }
  if (!paysFor(intent, payable)) {
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
  if (payable.kind === 'order') await settlePaidOrder(deps, payable.id);
  else await settleOtherPayable(deps, payable);
}

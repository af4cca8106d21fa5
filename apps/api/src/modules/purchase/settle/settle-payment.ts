import type { Deps } from '../../../core/deps';
import type { IntentState } from '../../../core/payment-provider';
import type { PayableState, Settled } from '../payables/payable';
import { payables } from '../payables/payables';
import { paysFor } from '../settlement/settle-paid-order';

/**
 * The one settlement of a payment that succeeded, whatever it paid for (confirm-payment, the webhook
 * and the reconciliation all come here). The payable's own settle does the work and is idempotent.
 *
 * A payment of an intent the payable no longer points to (the buyer paid an older one: another tab,
 * an idempotency key that expired at the provider) is never dropped: when it pays what is due it
 * becomes the payable's intent and settles it, and the intent it replaces is cancelled; otherwise the
 * payable is flagged for refund with it (docs/decisions/0026-one-purchase-pipeline.md).
 */
export async function settlePayment(deps: Deps, found: PayableState, intent: IntentState): Promise<Settled> {
  const payable = payables[found.kind];
  if (found.settled) return { state: found };
  if (found.paymentIntentId !== intent.id) {
    const paidWith = { id: intent.id, provider: deps.payments.name };
    const adopted = paysFor(intent, found) && (await payable.attachIntent(deps.db, found, paidWith));
    if (!adopted) {
      await payable.flagForRefund(deps.db, found.id, paidWith);
      return { state: (await payable.findById(deps.db, found.id)) ?? found };
    }
    // The intent it pointed to can no longer be what pays it: a second payment would go nowhere.
    if (found.paymentIntentId) await deps.payments.cancelIntent(found.paymentIntentId).catch(() => undefined);
  }
  return payable.settle(deps, found.id);
}

import { AppError, conflict, notFound } from '../../../core/errors';
import type { Deps } from '../../../core/deps';
import { findPayable, settleOtherPayable } from '../payables/payable';
import { CANCELLED_PAYMENT_MESSAGE } from '../../../core/payment-provider';
import { confirmationOf, type Confirmation } from './purchase-answers';
import { paysFor, settlePaidOrder } from './settle-order';

const paymentFailed = (message: string) => new AppError('PAYMENT_FAILED', 402, message);

export async function confirmPayment(
  deps: Deps,
  paymentIntentId: string,
  testCard: string | undefined,
): Promise<Confirmation> {
  const payable = await findPayable(deps, paymentIntentId);
  if (!payable) {
    // An intent cancelled by a re-pricing no longer pays for anything: say so rather than "not found".
    const state = await deps.payments.retrieveIntent(paymentIntentId);
    if (state?.status === 'canceled') throw paymentFailed(CANCELLED_PAYMENT_MESSAGE);
    throw notFound('Payment');
  }
  if (!payable.settled) {
    const state =
      testCard !== undefined && deps.payments.payWithTestCard
        ? await deps.payments.payWithTestCard(paymentIntentId, testCard)
        : await deps.payments.retrieveIntent(paymentIntentId);
    if (!state) throw notFound('Payment');
    if (state.status === 'canceled') throw paymentFailed(CANCELLED_PAYMENT_MESSAGE);
    if (state.status !== 'succeeded') {
      throw paymentFailed(state.lastError ?? 'The payment has not gone through yet');
    }
    if (!paysFor(state, payable)) throw conflict('The payment does not match the amount due');
    if (payable.kind === 'order') return confirmationOf(deps, payable, await settlePaidOrder(deps, payable.id));
    return confirmationOf(deps, await settleOtherPayable(deps, payable));
  }
  return confirmationOf(deps, payable);
}

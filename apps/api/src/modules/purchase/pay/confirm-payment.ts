import { AppError, conflict, notFound } from '../../../core/errors';
import type { Deps } from '../../../core/deps';
import { CANCELLED_PAYMENT_MESSAGE } from '../../../core/payment-provider';
import { findPayable, findPayableOfIntent } from '../payables/payables';
import { payAttachedOrder } from './simulated-order-payment';
import { confirmationOf, type Confirmation } from '../settle/purchase-answers';
import { paysFor } from '../settlement/settle-paid-order';
import { settlePayment } from '../settle/settle-payment';

const paymentFailed = (message: string) => new AppError('PAYMENT_FAILED', message);

/** The buyer's confirmation of a payment (or, with the simulated provider, the payment itself). */
export async function confirmPayment(
  deps: Deps,
  paymentIntentId: string,
  testCard: string | undefined,
): Promise<Confirmation> {
  // The simulated provider's common case, a ticket order, read and paid in one statement.
  const paidAtOnce =
    testCard !== undefined && deps.payments.name === 'simulated'
      ? await payAttachedOrder(deps, paymentIntentId, testCard)
      : undefined;
  let payable = paidAtOnce?.payable ?? (await findPayable(deps.db, paymentIntentId));
  if (!payable) {
    const state = await deps.payments.retrieveIntent(paymentIntentId);
    // An intent cancelled by a re-pricing no longer pays for anything: say so rather than "not found".
    if (state?.status === 'canceled') throw paymentFailed(CANCELLED_PAYMENT_MESSAGE);
    // Attached to nothing now: the payable its metadata names, if it moved to another intent.
    payable = state && (await findPayableOfIntent(deps, state));
    if (!payable) throw notFound('Payment');
  }
  if (payable.settled) return confirmationOf(deps, payable);
  const state =
    paidAtOnce?.paid ??
    (testCard !== undefined && deps.payments.payWithTestCard
      ? await deps.payments.payWithTestCard(paymentIntentId, testCard)
      : await deps.payments.retrieveIntent(paymentIntentId));
  if (!state) throw notFound('Payment');
  if (state.status === 'canceled') throw paymentFailed(CANCELLED_PAYMENT_MESSAGE);
  if (state.status !== 'succeeded') {
    throw paymentFailed(state.lastError ?? 'The payment has not gone through yet');
  }
  if (payable.paymentIntentId === state.id && !paysFor(state, payable)) {
    throw conflict('The payment does not match the amount due');
  }
  const settled = await settlePayment(deps, payable, state);
  return confirmationOf(deps, settled.state, settled.settlement);
}

import type { TCurrency, TPaymentIntent } from '@clubtix/contract';
import { conflict } from '../../../core/errors';
import type { Deps } from '../../../core/deps';
import type { CreatedIntent } from '../../../core/payment-provider';
import type { Due, PayableKind } from '../payables/payable';
import { payables } from '../payables/payables';
import { settlePayment } from '../settle/settle-payment';
import { startSimulatedOrderPayment } from './simulated-order-payment';

/** How far startPayment follows a payable's cancelled intents before giving up (see below). */
const MAX_INTENT_HOPS = 20;

/**
 * The one start of a payment, for an order, extras bought alone or a sponsorship: checks that it may
 * be paid, makes (or finds again) its intent, and attaches it. An intent already attached and not
 * this one is cancelled first, so a buyer can never pay an intent that leads nowhere; if it was paid
 * meanwhile, that payment settles the payable instead (docs/decisions/0026-one-purchase-pipeline.md).
 */
export async function startPayment(deps: Deps, kind: PayableKind, id: string): Promise<TPaymentIntent> {
  if (kind === 'order' && deps.payments.name === 'simulated') {
    const started = await startSimulatedOrderPayment(deps, id);
    if (started) return started;
  }
  const payable = payables[kind];
  const due = await payable.dueOf(deps, id);
  const intent = await createLiveIntent(deps, due, { [payable.metadataKey]: due.id });
  if (due.attachedIntentId && due.attachedIntentId !== intent.id) await retireIntent(deps, kind, due);
  if (!(await payable.attachIntent(deps.db, due, { id: intent.id, provider: deps.payments.name }))) {
    // Re-priced (or paid) since it was read: this intent is for an amount no longer due.
    throw conflict('This order changed while the payment was being prepared; please try again');
  }
  return {
    provider: deps.payments.name,
    clientSecret: intent.clientSecret,
    paymentIntentId: intent.id,
    amount: due.amount,
    currency: due.currency as TCurrency,
    ...(deps.payments.publishableKey ? { publishableKey: deps.payments.publishableKey } : {}),
  };
}

/**
 * Cancels the intent a payable points to before another takes its place. Paid meanwhile: that payment
 * settles it, and the buyer hears it is paid; still processing: the buyer waits for it.
 */
async function retireIntent(deps: Deps, kind: PayableKind, due: Due): Promise<void> {
  const state = await deps.payments.cancelIntent(due.attachedIntentId!);
  if (!state || state.status === 'canceled') return;
  if (state.status === 'succeeded') {
    const found = await payables[kind].findById(deps.db, due.id);
    if (found) await settlePayment(deps, found, state);
    throw conflict('This was paid a moment ago: nothing more is due');
  }
  throw conflict('Your payment is being processed: wait for it to complete before paying again');
}

/**
 * One intent per payable and amount, by its idempotency key. An order re-priced away from an amount
 * had that amount's intent cancelled (createOrder), and the key still answers it: when the order
 * comes back to the amount, the next intent is keyed after the cancelled one, so every caller
 * follows the same chain to the same live intent.
 */
async function createLiveIntent(deps: Deps, due: Due, metadata: Record<string, string>): Promise<CreatedIntent> {
  const ask = (key: string) =>
    deps.payments.createIntent({
      amount: due.amount,
      currency: due.currency,
      key,
      description: due.description,
      metadata,
    });
  let intent = await ask(due.key);
  for (let hops = 0; intent.status === 'canceled'; hops += 1) {
    if (hops >= MAX_INTENT_HOPS) throw conflict('This order was changed too many times; please start again');
    intent = await ask(`${due.key}:after:${intent.id}`);
  }
  return intent;
}

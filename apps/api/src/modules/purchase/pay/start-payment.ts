import type { TPaymentIntent } from '@clubtix/contract';
import type { OrderRow } from '../../../db/schema';
import { conflict, notFound } from '../../../core/errors';
import type { Deps } from '../../../core/deps';
import { attachPaymentIntent, findOrderToPay } from '../orders.repo';
import { assertFormAnswered } from '../details/form-answers';
import { type CreatedIntent } from '../../../core/payment-provider';

/** How far startPayment follows an order's cancelled intents before giving up (see below). */
const MAX_INTENT_HOPS = 20;

export async function startPayment(deps: Deps, orderId: string): Promise<TPaymentIntent> {
  const found = await findOrderToPay(deps.db, orderId);
  if (!found) throw notFound('Order');
  const { order, registration } = found;
  if (order.paymentStatus !== 'pending') throw conflict('This order is already paid');
  if (registration.status === 'cancelled') throw conflict('This registration was cancelled');
  if (order.amount === 0) throw conflict('This order is free: it needs no payment');
  // The same rule as createOrder's, for a buyer who comes here without saving or pricing.
  if (found.asksRequired) await assertFormAnswered(deps, registration);
  const intent = await createOrderIntent(deps, order);
  if (!(await attachPaymentIntent(deps.db, order, { id: intent.id, provider: deps.payments.name }))) {
    // Re-priced (or paid) since it was read: this intent is for an amount no longer due.
    throw conflict('This order changed while the payment was being prepared; please try again');
  }
  return {
    provider: deps.payments.name,
    clientSecret: intent.clientSecret,
    paymentIntentId: intent.id,
    amount: order.amount,
    currency: order.currency as TPaymentIntent['currency'],
    ...(deps.payments.publishableKey ? { publishableKey: deps.payments.publishableKey } : {}),
  };
}

/**
 * One intent per order and amount, by its idempotency key. An order re-priced away from an amount
 * had that amount's intent cancelled (createOrder), and the key still answers it: when the order
 * comes back to the amount, the next intent is keyed after the cancelled one, so every caller
 * follows the same chain to the same live intent.
 */
async function createOrderIntent(deps: Deps, order: OrderRow): Promise<CreatedIntent> {
  const base = `order:${order.id}:${order.amount}`;
  let intent = await deps.payments.createIntent({
    amount: order.amount,
    currency: order.currency,
    key: base,
    description: `ClubTix order ${order.id}`,
    metadata: { orderId: order.id },
  });
  for (let hops = 0; intent.status === 'canceled'; hops += 1) {
    if (hops >= MAX_INTENT_HOPS) throw conflict('This order was changed too many times; please start again');
    intent = await deps.payments.createIntent({
      amount: order.amount,
      currency: order.currency,
      key: `${base}:after:${intent.id}`,
      description: `ClubTix order ${order.id}`,
      metadata: { orderId: order.id },
    });
  }
  return intent;
}

import Stripe from 'stripe';
import type { ProviderRefund, RefundOutcome, RefundRequest } from './refund-provider';

/**
 * Refunds through Stripe's SDK (stripe.refunds), for the Stripe provider: only stripe-provider.ts,
 * itself loaded only when Stripe takes payments, imports this file.
 */

const KNOWN_STATUSES: readonly string[] = ['succeeded', 'failed', 'canceled', 'requires_action'];

/** Stripe's refund statuses; any other (pending, or one Stripe adds later) counts as on its way. */
function toStatus(status: string | null): ProviderRefund['status'] {
  return status !== null && KNOWN_STATUSES.includes(status) ? (status as ProviderRefund['status']) : 'pending';
}

export function toProviderRefund(refund: Stripe.Refund): ProviderRefund | undefined {
  const intent = refund.payment_intent;
  const paymentIntentId = typeof intent === 'string' ? intent : intent?.id;
  if (!paymentIntentId) return undefined;
  return { id: refund.id, paymentIntentId, amount: refund.amount, status: toStatus(refund.status) };
}

/**
 * stripe.refunds.create with the refund's own idempotency key: a retry after a crash between Stripe
 * and our commit answers the refund already made. Stripe's refusals (more than is left, a charge
 * disputed or already refunded) come back as a message; a network failure throws.
 */
export async function createStripeRefund(stripe: Stripe, request: RefundRequest): Promise<RefundOutcome> {
  try {
    const refund = await stripe.refunds.create(
      {
        payment_intent: request.paymentIntentId,
        amount: request.amount,
        ...(request.metadata ? { metadata: request.metadata } : {}),
      },
      { idempotencyKey: request.key },
    );
    const mapped = toProviderRefund(refund);
    if (!mapped) return { ok: false, message: `Stripe answered refund ${refund.id} without its payment` };
    if (mapped.status === 'failed' || mapped.status === 'canceled') {
      return { ok: false, message: `Stripe could not refund: ${refund.failure_reason ?? mapped.status}` };
    }
    return { ok: true, refund: mapped };
  } catch (error) {
    if (error instanceof Stripe.errors.StripeInvalidRequestError || error instanceof Stripe.errors.StripeCardError) {
      return { ok: false, message: `Stripe refused the refund: ${error.message}` };
    }
    throw error;
  }
}

/** Every refund of a payment, as Stripe lists them (charge.refunded names none). */
export async function listStripeRefunds(stripe: Stripe, paymentIntentId: string): Promise<ProviderRefund[]> {
  const found: ProviderRefund[] = [];
  for await (const refund of stripe.refunds.list({ payment_intent: paymentIntentId, limit: 100 })) {
    const mapped = toProviderRefund(refund);
    if (mapped) found.push(mapped);
    if (found.length >= 1000) break;
  }
  return found;
}

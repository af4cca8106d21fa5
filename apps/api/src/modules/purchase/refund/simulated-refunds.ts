import { createHash } from 'node:crypto';
import { formatMoney, type TCurrency } from '@clubtix/contract';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { simulatedPayments } from '../../../db/schema';
import type { RefundOutcome, RefundRequest } from './refund-provider';
import { findRefundByProviderId, sumRefundedOfIntent } from './refunds.repo';

/**
 * The simulated provider's refunds: it keeps no books of its own, so our refunds table is its
 * ledger. The id derives from the key, so the same key again is the same refund; it refuses more
 * than the payment took less what was refunded of it already.
 */
export async function createSimulatedRefund(db: DbOrTx, request: RefundRequest): Promise<RefundOutcome> {
  const reader = request.db ?? db;
  const id = `sim_re_${createHash('sha256').update(request.key).digest('hex').slice(0, 24)}`;
  const known = await findRefundByProviderId(reader, id);
  if (known) {
    return {
      ok: true,
      refund: { id, paymentIntentId: request.paymentIntentId, amount: known.amount, status: 'succeeded' },
    };
  }
  const [payment] = await reader
    .select()
    .from(simulatedPayments)
    .where(eq(simulatedPayments.id, request.paymentIntentId));
  if (!payment || payment.status !== 'succeeded') return { ok: false, message: 'Test mode: this payment was not made' };
  const left = payment.amount - (await sumRefundedOfIntent(reader, request.paymentIntentId));
  if (request.amount > left) {
    const currency = payment.currency as TCurrency;
    return {
      ok: false,
      message: `Test mode: only ${formatMoney(Math.max(left, 0), currency)} of this payment is left`,
    };
  }
  return {
    ok: true,
    refund: { id, paymentIntentId: request.paymentIntentId, amount: request.amount, status: 'succeeded' },
  };
}

import type { FastifyBaseLogger } from 'fastify';
import type { Deps } from '../../../core/deps';
import { findPayableOfIntent } from '../payables/payables';
import { paysFor } from '../settlement/settle-paid-order';
import { settlePayment } from './settle-payment';
import { findUnsettledPayments, type ReconcileCursor, type UnsettledPayment } from './reconcile.repo';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * How long a payment is left to the buyer's own confirm-payment (or Stripe's webhook) before the
 * reconciliation asks the provider about it: settling is idempotent, so this only saves asking.
 */
export const RECONCILE_GRACE_MS = 2 * MINUTE;
/** Older than this, a payment that never went through is abandoned and no longer asked about. */
export const RECONCILE_WINDOW_MS = 7 * 24 * HOUR;
/** Rows read per run, and provider calls made per run at most: a backlog takes several runs. */
const ROWS_PER_RUN = 200;
const ASKS_PER_RUN = 50;
/** Provider calls failing in a row that end a run: the provider is unreachable, not one payment odd. */
const FAILURES_TO_STOP = 3;

/** What asking about one payment found. */
type Verdict = 'settled' | 'not-yet' | 'never';

export interface PaymentReconciler {
  /** One pass; a tick that finds the previous pass still running (a slow provider) does nothing. */
  run(): Promise<void>;
  /** Ends the pass under way after its current payment, and waits for it. */
  stop(): Promise<void>;
}

/**
 * Settles payments that succeeded at the provider but that nobody confirmed: the buyer's tab closed,
 * the 3-D Secure return page never loaded, the server died during confirm-payment, and no webhook
 * (STRIPE_WEBHOOK_SECRET is optional) or the simulated provider. Every process runs it; it settles
 * through confirm-payment's own functions, which lock the row, so two processes, a late
 * confirm-payment or the webhook settle each payment once (docs/decisions/0003-payments.md).
 */
export function createPaymentReconciler(deps: Deps, log: FastifyBaseLogger): PaymentReconciler {
  /** Each pass goes on where the last one stopped, so the oldest payments cannot starve the newer. */
  let cursor: ReconcileCursor | undefined;
  /**
   * When this process may ask about an intent again. An intent that did not succeed is asked about
   * again after a quarter of its age (at most hourly): often while a buyer may still pay, rarely after.
   */
  const nextAsk = new Map<string, { at: number; createdAt: number }>();
  let running: Promise<void> | undefined;
  let stopped = false;

  async function reconcile(row: UnsettledPayment): Promise<Verdict> {
    const state = await deps.payments.retrieveIntent(row.paymentIntentId);
    if (!state || state.status === 'canceled') return 'never';
    if (state.status !== 'succeeded') return 'not-yet';
    // Read again: confirm-payment, the webhook or a re-pricing may have come since the batch was read.
    const payable = await findPayableOfIntent(deps, state);
    if (!payable || payable.settled) return 'settled';
    // The intent id is never logged: it answers the whole registration with every QR (docs/product.md section 18).
    const ids = { kind: payable.kind, id: payable.id };
    if (payable.paymentIntentId === state.id && !paysFor(state, payable)) {
      log.warn(
        { ...ids, paid: state.amount, currency: state.currency },
        'payment reconciliation: the amount paid differs from the amount due; not settled',
      );
      return 'never';
    }
    const { state: after } = await settlePayment(deps, payable, state);
    const paymentStatus = after.refundRequired ? 'refund_required' : 'paid';
    log.info({ ...ids, paymentStatus }, 'payment reconciliation: settled a payment nobody had confirmed');
    return 'settled';
  }

  function remember(row: UnsettledPayment, verdict: Verdict | 'failed', now: number): void {
    const createdAt = row.createdAtMs;
    if (verdict === 'settled') nextAsk.delete(row.paymentIntentId);
    else if (verdict === 'never') nextAsk.set(row.paymentIntentId, { at: Infinity, createdAt });
    else nextAsk.set(row.paymentIntentId, { at: now + Math.min((now - createdAt) / 4, HOUR), createdAt });
  }

  async function pass(): Promise<void> {
    const now = Date.now();
    for (const [intentId, ask] of nextAsk) if (ask.createdAt < now - RECONCILE_WINDOW_MS) nextAsk.delete(intentId);
    const rows = await findUnsettledPayments(deps.db, {
      provider: deps.payments.name,
      olderThanMs: RECONCILE_GRACE_MS,
      newerThanMs: RECONCILE_WINDOW_MS,
      after: cursor,
      limit: ROWS_PER_RUN,
    });
    let asked = 0;
    let failures = 0;
    let done = 0;
    for (const row of rows) {
      if (stopped || asked >= ASKS_PER_RUN || failures >= FAILURES_TO_STOP) break;
      done += 1;
      if ((nextAsk.get(row.paymentIntentId)?.at ?? 0) > now) continue;
      asked += 1;
      try {
        remember(row, await reconcile(row), now);
        failures = 0;
      } catch (error) {
        failures += 1;
        remember(row, 'failed', now);
        log.warn(
          { err: error, kind: row.kind, id: row.id },
          'payment reconciliation: could not reconcile this payment; will try again later',
        );
      }
    }
    const last = rows[done - 1];
    // Read to the end of what is due: the next pass starts again from the oldest.
    const isAtEnd = done === rows.length && rows.length < ROWS_PER_RUN;
    cursor = isAtEnd || !last ? undefined : { createdAt: last.createdAtText, id: last.id };
  }

  return {
    run() {
      if (running || stopped) return Promise.resolve();
      running = pass().finally(() => {
        running = undefined;
      });
      return running;
    },
    async stop() {
      stopped = true;
      await running?.catch(() => undefined);
    },
  };
}

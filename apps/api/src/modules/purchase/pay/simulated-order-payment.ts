import type { TCurrency, TPaymentIntent } from '@clubtix/contract';
import { conflict } from '../../../core/errors';
import type { Deps } from '../../../core/deps';
import type { IntentState } from '../../../core/payment-provider';
import { orders, simulatedPayments } from '../../../db/schema';
import { rowOf, runPrepared, selectList } from '../../../db/prepared';
import type { PayableState } from '../payables/payable';
import { orderDueRefusal, orderStateOf } from '../payables/order.payable';
import { ORDER_DUE_COLUMNS, type OrderDueRefusal } from '../orders.repo';
import { simulatedIntentState, testCardOutcome } from './simulated-provider';

/**
 * A ticket order paid with the simulated provider, the default (no account anywhere), in one
 * statement a call where the general path takes three and two: the provider's book is a table of
 * ours, so the order's read, the intent and the attach can be one statement
 * (docs/decisions/0059-one-statement-a-call.md). Whether the order may be paid is read from the SQL
 * the general path reads (ORDER_DUE_COLUMNS) and refused in its words; any other case that is not
 * the common one answers undefined, having written nothing, and the caller takes the general path.
 */

/**
 * The intent of an order that may be paid (ORDER_DUE_COLUMNS, orders.repo.ts, as dueOf reads it),
 * whose form asks nothing required and that has no intent attached yet: made and attached at once.
 * Its id is random (newSimulatedIntentId's form) and its idempotency key start-payment.ts's
 * `order:<id>:<amount>`, so a second press takes the general path, which finds the same intent by
 * that key. An order that may not be paid answers why (`refusal`), as dueOf would.
 */
const START_ORDER_PAYMENT = {
  name: 'simulated-order-start',
  text: `WITH due AS (
    SELECT o.id, o.amount, o.currency, o.payment_intent_id, 'order:' || o.id || ':' || o.amount AS idempotency_key,
      ${ORDER_DUE_COLUMNS}
    FROM orders o JOIN registrations r ON r.id = o.registration_id
    WHERE o.id = $1
  ), startable AS (
    SELECT * FROM due WHERE refusal IS NULL AND NOT "asksRequired" AND payment_intent_id IS NULL
  ), intent AS (
    INSERT INTO simulated_payments (id, idempotency_key, amount, currency)
    SELECT 'sim_pi_' || replace(gen_random_uuid()::text, '-', ''), idempotency_key, amount, currency FROM startable
    ON CONFLICT (idempotency_key) DO NOTHING
    RETURNING id
  ), attached AS (
    UPDATE orders o SET payment_intent_id = intent.id, provider = 'simulated'
    FROM intent, startable
    WHERE o.id = startable.id AND o.payment_status = 'pending' AND o.amount = startable.amount
      AND o.payment_intent_id IS NULL
    RETURNING o.id
  )
  SELECT due.amount, due.currency, due.refusal, (SELECT id FROM intent) AS "intentId",
    EXISTS (SELECT 1 FROM attached) AS "attached"
  FROM due`,
};

export async function startSimulatedOrderPayment(deps: Deps, orderId: string): Promise<TPaymentIntent | undefined> {
  const [row] = await runPrepared<{
    amount: number;
    currency: string;
    refusal: OrderDueRefusal | null;
    intentId: string | null;
    attached: boolean;
  }>(deps.db.$client, START_ORDER_PAYMENT, [orderId]);
  if (row?.refusal) throw orderDueRefusal(row.refusal);
  // Not the common case, or the intent was made before (a press whose attach lost a race): the general path.
  if (!row?.intentId) return undefined;
  // Re-priced between the read and the attach, as the general path says it.
  if (!row.attached) throw conflict('This order changed while the payment was being prepared; please try again');
  deps.payments.rememberMetadata?.(row.intentId, { orderId });
  return {
    provider: 'simulated',
    clientSecret: `${row.intentId}_secret`,
    paymentIntentId: row.intentId,
    amount: row.amount,
    currency: row.currency as TCurrency,
  };
}

/**
 * The order an intent is attached to, and the intent paid with a typed test card unless the order is
 * settled (confirm-payment.ts reads the payable first, then pays), in one statement. The card changes
 * nothing once the intent succeeded or was cancelled, as payWithTestCard; then, as there, the intent
 * is read again by the caller: a payment another process made a moment ago is newer than this
 * statement's snapshot.
 */
const PAY_ATTACHED_ORDER = {
  name: 'simulated-order-pay',
  text: `WITH o AS (
    SELECT * FROM orders WHERE payment_intent_id = $1
  ), paid AS (
    UPDATE simulated_payments SET status = $2, last_error = $3
    WHERE id = $1 AND status NOT IN ('succeeded', 'canceled')
      AND EXISTS (SELECT 1 FROM o WHERE payment_status NOT IN ('paid', 'refund_required'))
    RETURNING *
  )
  SELECT ${selectList(orders, 'o', 'o')}, ${selectList(simulatedPayments, 'paid', 'p')}
  FROM o LEFT JOIN paid ON true`,
};

/** The order attached to the intent, if any, and the intent as the card left it when the card changed it. */
export async function payAttachedOrder(
  deps: Deps,
  paymentIntentId: string,
  card: string,
): Promise<{ payable: PayableState; paid: IntentState | undefined } | undefined> {
  const outcome = testCardOutcome(card);
  const [row] = await runPrepared(deps.db.$client, PAY_ATTACHED_ORDER, [
    paymentIntentId,
    outcome.status,
    outcome.lastError,
  ]);
  if (!row) return undefined;
  const payable = orderStateOf(rowOf(orders, row, 'o'));
  const paid = row['p.id'] === null ? undefined : simulatedIntentState(rowOf(simulatedPayments, row, 'p'));
  return { payable, paid };
}

import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import type { PayableKind } from '../payables/payable';

/** A payable still pending with a payment intent attached, as the reconciliation reads it. */
export interface UnsettledPayment {
  kind: PayableKind;
  id: string;
  paymentIntentId: string;
  /** created_at in milliseconds since the epoch. */
  createdAtMs: number;
  /** created_at as PostgreSQL prints it, for the cursor: milliseconds would lose its microseconds. */
  createdAtText: string;
}

/** Where a pass through the unsettled payments stopped: the next one starts after it. */
export interface ReconcileCursor {
  createdAt: string;
  id: string;
}

/**
 * Orders, sponsorships, extras bought alone and season passes that are pending with an intent of this provider,
 * created between `newerThanMs` and `olderThanMs` ago, oldest first after the cursor. Read without
 * locks: settling locks the row and checks again.
 */
export async function findUnsettledPayments(
  db: DbOrTx,
  options: { provider: string; olderThanMs: number; newerThanMs: number; after?: ReconcileCursor; limit: number },
): Promise<UnsettledPayment[]> {
  const { provider, olderThanMs, newerThanMs, after, limit } = options;
  const due = sql`
    payment_status = 'pending' AND payment_intent_id IS NOT NULL AND provider = ${provider}
    AND created_at < now() - ${olderThanMs}::double precision * interval '1 millisecond'
    AND created_at > now() - ${newerThanMs}::double precision * interval '1 millisecond'
    ${after ? sql`AND (created_at, id) > (${after.createdAt}::timestamptz, ${after.id})` : sql``}`;
  const result = await db.execute<{
    kind: PayableKind;
    id: string;
    intent: string;
    ms: number;
    at: string;
  }>(sql`
    SELECT kind, id, intent, (extract(epoch FROM created_at) * 1000)::float8 AS ms, created_at::text AS at FROM (
      (SELECT 'order' AS kind, id, payment_intent_id AS intent, created_at FROM orders
        WHERE ${due} ORDER BY created_at, id LIMIT ${limit})
      UNION ALL
      (SELECT 'sponsorship', id, payment_intent_id, created_at FROM sponsorships
        WHERE ${due} ORDER BY created_at, id LIMIT ${limit})
      UNION ALL
      (SELECT 'extras', id, payment_intent_id, created_at FROM extras_purchases
        WHERE ${due} ORDER BY created_at, id LIMIT ${limit})
      UNION ALL
      (SELECT 'pass', id, payment_intent_id, created_at FROM pass_purchases
        WHERE ${due} ORDER BY created_at, id LIMIT ${limit})
    ) AS unsettled
    ORDER BY created_at, id
    LIMIT ${limit}`);
  return result.rows.map((row) => ({
    kind: row.kind,
    id: row.id,
    paymentIntentId: row.intent,
    createdAtMs: row.ms,
    createdAtText: row.at,
  }));
}

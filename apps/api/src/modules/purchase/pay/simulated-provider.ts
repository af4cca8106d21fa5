import { randomBytes } from 'node:crypto';
import { and, eq, ne, notInArray } from 'drizzle-orm';
import { TEST_CARDS } from '@clubtix/contract';
import type { Db } from '../../../db/client';
import { simulatedPayments } from '../../../db/schema';
import { createSimulatedRefund } from '../refund/simulated-refunds';
import { CANCELLED_PAYMENT_MESSAGE, type IntentState, type PaymentProvider } from '../../../core/payment-provider';

/** How many intents' metadata the simulated provider remembers. */
const METADATA_KEPT = 10_000;
const DECLINED = 'Your card was declined.';
const UNKNOWN_CARD = 'Test mode: use the card 4242 4242 4242 4242 (or 4000 0000 0000 0002 to see a decline).';

/**
 * A new intent's id: random, so nothing about an order makes it or can be learnt from it
 * (docs/decisions/0063-code-guessing-limits.md). The same form as the one-statement start's
 * (purchase/pay/simulated-order-payment.ts).
 */
export const newSimulatedIntentId = () => `sim_pi_${randomBytes(16).toString('hex')}`;

/** What paying with a typed test card does: 4242… pays, anything else leaves it to be paid, with why. */
export function testCardOutcome(card: string): { status: IntentState['status']; lastError: string | null } {
  if (card === TEST_CARDS.success) return { status: 'succeeded', lastError: null };
  return { status: 'requires_payment_method', lastError: card === TEST_CARDS.declined ? DECLINED : UNKNOWN_CARD };
}

/** A simulated_payments row as an intent's state (without metadata, which only this process may remember). */
export const simulatedIntentState = (row: typeof simulatedPayments.$inferSelect): IntentState => ({
  id: row.id,
  status: row.status as IntentState['status'],
  amount: row.amount,
  currency: row.currency,
  lastError: row.lastError,
});

/**
 * The default provider: no account anywhere, every page that uses it says "Test mode". 4242… pays,
 * 4000 0000 0000 0002 is declined, as with Stripe's test cards. An intent's id is random; its
 * idempotency key, kept beside it, finds it again on any process.
 */
export function simulatedProvider(db: Db): PaymentProvider {
  /**
   * Each intent's metadata, for as long as this process runs: the simulated_payments table has no
   * column for it. After a restart an intent answers without it, and its payable is found by the
   * intent attached to it, as before metadata was read (docs/decisions/0026-one-purchase-pipeline.md).
   * The oldest are forgotten past METADATA_KEPT, so memory stays bounded (docs/decisions/0008-memory.md).
   */
  const metadataOf = new Map<string, Record<string, string>>();
  const toState = (row: typeof simulatedPayments.$inferSelect): IntentState => ({
    ...simulatedIntentState(row),
    ...(metadataOf.has(row.id) ? { metadata: metadataOf.get(row.id) } : {}),
  });
  const remember = (id: string, metadata: Record<string, string>) => {
    metadataOf.delete(id);
    metadataOf.set(id, metadata);
    if (metadataOf.size > METADATA_KEPT) metadataOf.delete(metadataOf.keys().next().value!);
  };
  return {
    name: 'simulated',
    rememberMetadata: remember,
    async createIntent({ amount, currency, key, metadata }) {
      const [created] = await db
        .insert(simulatedPayments)
        .values({ id: newSimulatedIntentId(), idempotencyKey: key, amount, currency })
        .onConflictDoNothing({ target: simulatedPayments.idempotencyKey })
        .returning({ id: simulatedPayments.id, status: simulatedPayments.status });
      // The same key again (Pay pressed twice, a reload): that intent, as it is now.
      const [intent] = created
        ? [created]
        : await db
            .select({ id: simulatedPayments.id, status: simulatedPayments.status })
            .from(simulatedPayments)
            .where(eq(simulatedPayments.idempotencyKey, key));
      if (!intent) throw new Error('The simulated intent of this key could not be made or found');
      if (metadata) remember(intent.id, metadata);
      return { id: intent.id, clientSecret: `${intent.id}_secret`, status: intent.status as IntentState['status'] };
    },
    async retrieveIntent(id) {
      const [row] = await db.select().from(simulatedPayments).where(eq(simulatedPayments.id, id));
      return row ? toState(row) : undefined;
    },
    async payWithTestCard(id, card) {
      const outcome = testCardOutcome(card);
      // A payment that succeeded stays succeeded: a second card cannot undo it. A cancelled one
      // stays cancelled: it answers as declined, with the reason in lastError.
      const [updated] = await db
        .update(simulatedPayments)
        .set(outcome)
        .where(and(eq(simulatedPayments.id, id), notInArray(simulatedPayments.status, ['succeeded', 'canceled'])))
        .returning();
      if (updated) return toState(updated);
      return this.retrieveIntent(id);
    },
    refund: (request) => createSimulatedRefund(db, request),
    async cancelIntent(id) {
      // One conditional statement, so a card paying at the same moment either wins or is refused.
      const [cancelled] = await db
        .update(simulatedPayments)
        .set({ status: 'canceled', lastError: CANCELLED_PAYMENT_MESSAGE })
        .where(and(eq(simulatedPayments.id, id), ne(simulatedPayments.status, 'succeeded')))
        .returning();
      if (cancelled) return toState(cancelled);
      return this.retrieveIntent(id);
    },
  };
}

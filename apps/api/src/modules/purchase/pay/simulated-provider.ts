import { createHmac, randomBytes } from 'node:crypto';
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
 * The key the simulated provider makes its intents' ids with, from the installation's own secret
 * (JWT_SECRET, set or generated once in DATA_DIR: the one secret every process shares), kept apart
 * from the tokens' use of it. Without it nobody can tell an intent's id from an order, nor one
 * order's id from another's (docs/decisions/0063-code-guessing-limits.md).
 */
export function simulatedIdKey(secret: string): Buffer {
  return createHmac('sha256', secret).update('ClubTix simulated payment intent ids').digest();
}

/**
 * The simulated intent made for an idempotency key: the same key, the same intent, on any process.
 * An HMAC of the key: its 96 bits look random and tell nothing of the key, so neither the order's id
 * nor its amount is in it or can make it, and two orders' ids are unrelated.
 */
export const simulatedIntentId = (idKey: Buffer, key: string) =>
  `sim_pi_${createHmac('sha256', idKey).update(key).digest('hex').slice(0, 24)}`;

const SHA256_BLOCK_BYTES = 64;

/**
 * The HMAC's two padded keys (RFC 2104), for a statement of ours to make the same id as
 * simulatedIntentId: sha256(outer || sha256(inner || key)). PostgreSQL has sha256() but no hmac()
 * without an extension (purchase/pay/simulated-order-payment.ts).
 */
export function simulatedIdPads(idKey: Buffer): { inner: Buffer; outer: Buffer } {
  const block = Buffer.alloc(SHA256_BLOCK_BYTES);
  idKey.copy(block);
  const padded = (pad: number) => Buffer.from(block.map((byte) => byte ^ pad));
  return { inner: padded(0x36), outer: padded(0x5c) };
}

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
 * 4000 0000 0000 0002 is declined, as with Stripe's test cards. `idKey` (simulatedIdKey of the
 * installation's secret) makes the intents' ids; left out, as by a test playing the provider's side,
 * the instance makes its own, whose ids no other instance makes for the same key.
 */
export function simulatedProvider(db: Db, idKey: Buffer = randomBytes(32)): PaymentProvider {
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
      const id = simulatedIntentId(idKey, key);
      if (metadata) remember(id, metadata);
      const [created] = await db
        .insert(simulatedPayments)
        .values({ id, amount, currency })
        .onConflictDoNothing()
        .returning({ status: simulatedPayments.status });
      // The same key again (Pay pressed twice, a reload): that intent, as it is now.
      const status = created?.status ?? (await this.retrieveIntent(id))?.status ?? 'requires_payment_method';
      return { id, clientSecret: `${id}_secret`, status: status as IntentState['status'] };
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

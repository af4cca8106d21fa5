import { createHash } from 'node:crypto';
import { and, eq, ne } from 'drizzle-orm';
import { TEST_CARDS } from '@clubtix/contract';
import type { Db } from '../../db/client';
import { simulatedPayments } from '../../db/schema';
import type { IntentState, PaymentProvider } from './provider';

const DECLINED = 'Your card was declined.';
const UNKNOWN_CARD = 'Test mode: use the card 4242 4242 4242 4242 (or 4000 0000 0000 0002 to see a decline).';

/**
 * The default provider: no account anywhere, every page that uses it says "Test mode". 4242… pays,
 * 4000 0000 0000 0002 is declined, as with Stripe's test cards.
 */
export function simulatedProvider(db: Db): PaymentProvider {
  const toState = (row: typeof simulatedPayments.$inferSelect): IntentState => ({
    id: row.id,
    status: row.status as IntentState['status'],
    amount: row.amount,
    currency: row.currency,
    lastError: row.lastError,
  });
  return {
    name: 'simulated',
    async createIntent({ amount, currency, key }) {
      const id = `sim_pi_${createHash('sha256').update(key).digest('hex').slice(0, 24)}`;
      await db.insert(simulatedPayments).values({ id, amount, currency }).onConflictDoNothing();
      return { id, clientSecret: `${id}_secret` };
    },
    async retrieveIntent(id) {
      const [row] = await db.select().from(simulatedPayments).where(eq(simulatedPayments.id, id));
      return row ? toState(row) : undefined;
    },
    async payWithTestCard(id, card) {
      const outcome =
        card === TEST_CARDS.success
          ? { status: 'succeeded', lastError: null }
          : { status: 'requires_payment_method', lastError: card === TEST_CARDS.declined ? DECLINED : UNKNOWN_CARD };
      // A payment that succeeded stays succeeded: a second card cannot undo it.
      const [updated] = await db
        .update(simulatedPayments)
        .set(outcome)
        .where(and(eq(simulatedPayments.id, id), ne(simulatedPayments.status, 'succeeded')))
        .returning();
      if (updated) return toState(updated);
      return this.retrieveIntent(id);
    },
  };
}

import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { extrasPurchases, type ExtrasPurchaseRow } from '../../db/schema';

export async function insertExtrasPurchase(
  db: DbOrTx,
  values: Pick<ExtrasPurchaseRow, 'clubId' | 'eventId' | 'extrasId' | 'email' | 'quantity' | 'amount' | 'currency'>,
): Promise<ExtrasPurchaseRow> {
  const [row] = await db.insert(extrasPurchases).values(values).returning();
  return row!;
}

export async function findExtrasPurchase(db: DbOrTx, id: string): Promise<ExtrasPurchaseRow | undefined> {
  const [row] = await db.select().from(extrasPurchases).where(eq(extrasPurchases.id, id));
  return row;
}

export async function findExtrasPurchaseByIntent(
  db: DbOrTx,
  paymentIntentId: string,
): Promise<ExtrasPurchaseRow | undefined> {
  const [row] = await db.select().from(extrasPurchases).where(eq(extrasPurchases.paymentIntentId, paymentIntentId));
  return row;
}

export async function setExtrasPurchaseIntent(
  db: DbOrTx,
  id: string,
  paymentIntentId: string,
  provider: string,
): Promise<void> {
  await db.update(extrasPurchases).set({ paymentIntentId, provider }).where(eq(extrasPurchases.id, id));
}

/** Marks it paid once: only a row still pending changes. */
export async function markExtrasPurchasePaid(db: DbOrTx, id: string): Promise<boolean> {
  const rows = await db
    .update(extrasPurchases)
    .set({ paymentStatus: 'paid', paidAt: new Date() })
    .where(and(eq(extrasPurchases.id, id), eq(extrasPurchases.paymentStatus, 'pending')))
    .returning({ id: extrasPurchases.id });
  return rows.length > 0;
}

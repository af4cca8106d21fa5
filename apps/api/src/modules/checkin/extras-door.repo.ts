import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { events, extras, extrasPurchases, type ExtrasPurchaseRow } from '../../db/schema';

/** Extras vouchers at the door: read one as the door's event sees it, and redeem it once. */

const purchaseEvent = alias(events, 'purchase_event');

/** An extras purchase seen from the door of an event; undefined when that event does not exist. */
export async function findExtrasAtDoor(db: DbOrTx, eventId: string, purchaseId: string) {
  const [row] = await db
    .select({
      door: { id: events.id, clubId: events.clubId, timezone: events.timezone },
      purchase: extrasPurchases,
      extras,
      purchaseEventTitle: purchaseEvent.title,
    })
    .from(events)
    .leftJoin(extrasPurchases, eq(extrasPurchases.id, purchaseId))
    .leftJoin(extras, eq(extras.id, extrasPurchases.extrasId))
    .leftJoin(purchaseEvent, eq(purchaseEvent.id, extrasPurchases.eventId))
    .where(eq(events.id, eventId));
  return row;
}
export type ExtrasAtDoor = NonNullable<Awaited<ReturnType<typeof findExtrasAtDoor>>>;

/**
 * An extras purchase seen from its own event's door (a scan sent without eventId, docs/product.md section 7);
 * undefined when there is no such purchase.
 */
export async function findExtrasAtOwnDoor(db: DbOrTx, purchaseId: string): Promise<ExtrasAtDoor | undefined> {
  const [row] = await db
    .select({
      door: { id: events.id, clubId: events.clubId, timezone: events.timezone },
      purchase: extrasPurchases,
      extras,
      purchaseEventTitle: events.title,
    })
    .from(extrasPurchases)
    .innerJoin(events, eq(events.id, extrasPurchases.eventId))
    .leftJoin(extras, eq(extras.id, extrasPurchases.extrasId))
    .where(eq(extrasPurchases.id, purchaseId));
  return row;
}

/** A voucher refunded in part still admits; refunded in full it does not (docs/product.md section 19). */
export const ADMITTING = ['paid', 'partially_refunded'];

/** Redeems a paid purchase that is not redeemed yet; of two scanners at once, one gets the row. */
export async function markExtrasRedeemed(db: DbOrTx, purchaseId: string): Promise<ExtrasPurchaseRow | undefined> {
  const [row] = await db
    .update(extrasPurchases)
    .set({ redeemedAt: sql`now()` })
    .where(
      and(
        eq(extrasPurchases.id, purchaseId),
        inArray(extrasPurchases.paymentStatus, ADMITTING),
        isNull(extrasPurchases.redeemedAt),
      ),
    )
    .returning();
  return row;
}

/** Un-redeems a redeemed voucher; undefined when it was not redeemed (or another door un-redeemed it first). */
export async function markExtrasUnredeemed(db: DbOrTx, purchaseId: string): Promise<ExtrasPurchaseRow | undefined> {
  const [row] = await db
    .update(extrasPurchases)
    .set({ redeemedAt: null })
    .where(and(eq(extrasPurchases.id, purchaseId), isNotNull(extrasPurchases.redeemedAt)))
    .returning();
  return row;
}

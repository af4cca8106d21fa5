import { PAID_MONEY_STATUSES } from '@clubtix/contract';
import { and, asc, desc, eq, gt, inArray, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { events, passes, passPurchases, series, tickets, type PassRow, type SeriesRow } from '../../db/schema';

export type PassValues = Omit<PassRow, 'id' | 'createdAt' | 'updatedAt'>;

const inClub = (column: typeof series.clubId | typeof passes.clubId, clubId: string | null): SQL | undefined =>
  clubId === null ? undefined : eq(column, clubId);

export async function findSeriesById(db: DbOrTx, id: string, clubId: string | null): Promise<SeriesRow | undefined> {
  const [row] = await db
    .select()
    .from(series)
    .where(and(eq(series.id, id), inClub(series.clubId, clubId)));
  return row;
}

export async function findPassById(db: DbOrTx, id: string, clubId: string | null): Promise<PassRow | undefined> {
  const [row] = await db
    .select()
    .from(passes)
    .where(and(eq(passes.id, id), inClub(passes.clubId, clubId)));
  return row;
}

/** A pass's row locked until the transaction ends: buyers of one pass count its quantity one at a time. */
export async function lockPass(tx: Tx, id: string): Promise<PassRow | undefined> {
  const [row] = await tx.select().from(passes).where(eq(passes.id, id)).for('update');
  return row;
}

/** A series' passes locked until the transaction ends, in id order (an event joining the series). */
export async function lockSeriesPasses(tx: Tx, seriesId: string): Promise<PassRow[]> {
  return tx.select().from(passes).where(eq(passes.seriesId, seriesId)).orderBy(asc(passes.id)).for('update');
}

export async function findPassesBySeries(db: DbOrTx, seriesId: string, activeOnly: boolean): Promise<PassRow[]> {
  return db
    .select()
    .from(passes)
    .where(and(eq(passes.seriesId, seriesId), activeOnly ? eq(passes.isActive, true) : undefined))
    .orderBy(asc(passes.price), asc(passes.createdAt))
    .limit(100);
}

export async function insertPass(db: DbOrTx, values: PassValues): Promise<PassRow> {
  const [row] = await db.insert(passes).values(values).returning();
  return row!;
}

export async function updatePass(
  db: DbOrTx,
  id: string,
  clubId: string,
  values: Partial<PassValues>,
): Promise<PassRow | undefined> {
  const [row] = await db
    .update(passes)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(passes.id, id), eq(passes.clubId, clubId)))
    .returning();
  return row;
}

/**
 * Passes held or sold, per pass: purchases confirmed, and those pending whose hold has not lapsed
 * (a lapsed one the sweep has not reached yet holds nothing any more).
 */
export async function countPassesTaken(db: DbOrTx, passIds: string[]): Promise<Map<string, number>> {
  if (passIds.length === 0) return new Map();
  const rows = await db
    .select({ passId: passPurchases.passId, taken: sql<number>`count(*)::int` })
    .from(passPurchases)
    .where(
      and(
        inArray(passPurchases.passId, passIds),
        or(
          eq(passPurchases.status, 'confirmed'),
          and(eq(passPurchases.status, 'pending'), gt(passPurchases.expiresAt, sql`now()`)),
        ),
      ),
    )
    .groupBy(passPurchases.passId);
  return new Map(rows.map((row) => [row.passId, row.taken]));
}

export type SeriesPassPurchase = typeof passPurchases.$inferSelect & { passName: string };

/**
 * A series' passes bought that took or may take money, newest first: paid, to refund or refunded,
 * and pending ones whose payment has started (their intent may still settle; a hold never paid for
 * took nothing). `limit` is the caller's cap plus one, so it can tell a cut list.
 */
export async function findSeriesPassPurchases(
  db: DbOrTx,
  seriesId: string,
  limit: number,
): Promise<SeriesPassPurchase[]> {
  const rows = await db
    .select({ purchase: passPurchases, passName: passes.name })
    .from(passPurchases)
    .innerJoin(passes, eq(passes.id, passPurchases.passId))
    .where(
      and(
        eq(passPurchases.seriesId, seriesId),
        or(
          inArray(passPurchases.paymentStatus, [...PAID_MONEY_STATUSES]),
          and(eq(passPurchases.paymentStatus, 'pending'), isNotNull(passPurchases.paymentIntentId)),
        ),
      ),
    )
    .orderBy(desc(passPurchases.createdAt), desc(passPurchases.id))
    .limit(limit);
  return rows.map((row) => ({ ...row.purchase, passName: row.passName }));
}

export type ComingEvent = Pick<
  typeof events.$inferSelect,
  'id' | 'clubId' | 'title' | 'capacity' | 'reservedCount' | 'currency'
>;

/**
 * The events of a series a pass sold now takes a place at: published and not ended (a cancelled
 * event is no longer published), in id order, the order every writer of the counters takes events.
 */
export async function findComingSeriesEvents(db: DbOrTx, seriesId: string): Promise<ComingEvent[]> {
  return db
    .select({
      id: events.id,
      clubId: events.clubId,
      title: events.title,
      capacity: events.capacity,
      reservedCount: events.reservedCount,
      currency: events.currency,
    })
    .from(events)
    .where(and(eq(events.seriesId, seriesId), eq(events.status, 'published'), gt(events.endDate, sql`now()`)))
    .orderBy(asc(events.id));
}

/** The currency of a series' events (they share their club's), null while it has none. */
export async function findSeriesCurrency(db: DbOrTx, seriesId: string): Promise<string | null> {
  const [row] = await db
    .select({ currency: events.currency })
    .from(events)
    .where(eq(events.seriesId, seriesId))
    .orderBy(asc(events.startDate))
    .limit(1);
  return row?.currency ?? null;
}

/**
 * The pass's own hidden ticket type at an event (tickets.pass_id), made the first time the pass takes
 * a place there: never on sale on its own (inactive and hidden, so the hold refuses it), unlimited
 * (the event's capacity is what counts), free (the pass's price is paid once, by its purchase).
 * The caller holds the pass's row locked, so two buyers of one pass never make two.
 */
export async function findOrCreatePassTicket(
  tx: Tx,
  pass: Pick<PassRow, 'id' | 'clubId' | 'name'>,
  eventId: string,
): Promise<string> {
  const [found] = await tx
    .select({ id: tickets.id })
    .from(tickets)
    .where(and(eq(tickets.eventId, eventId), eq(tickets.passId, pass.id), isNotNull(tickets.passId)))
    .limit(1);
  if (found) return found.id;
  const [made] = await tx
    .insert(tickets)
    .values({
      clubId: pass.clubId,
      eventId,
      name: pass.name,
      price: 0,
      quantity: null,
      isActive: false,
      hidden: true,
      passId: pass.id,
      position: 1_000_000,
    })
    .returning({ id: tickets.id });
  return made!.id;
}

import { and, asc, desc, eq, gte, inArray, isNotNull, like, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { events, extrasPurchases, orders, registrations, sponsorships, type EventRow } from '../../db/schema';

export type EventValues = Omit<EventRow, 'id' | 'createdAt' | 'updatedAt' | 'reservedCount' | 'seriesId'> & {
  seriesId?: string | null;
};

/** `clubId` null means every club (sudo); otherwise the query stays inside that club (tenant wall). */
function inClub(clubId: string | null): SQL | undefined {
  return clubId === null ? undefined : eq(events.clubId, clubId);
}

export async function findEventById(db: DbOrTx, id: string, clubId: string | null): Promise<EventRow | undefined> {
  const [row] = await db
    .select()
    .from(events)
    .where(and(eq(events.id, id), inClub(clubId)));
  return row;
}

export async function findPublishedEventById(db: DbOrTx, id: string): Promise<EventRow | undefined> {
  const [row] = await db
    .select()
    .from(events)
    .where(and(eq(events.id, id), eq(events.status, 'published')));
  return row;
}

export async function findPublishedEventBySlug(db: DbOrTx, slug: string): Promise<EventRow | undefined> {
  const [row] = await db
    .select()
    .from(events)
    .where(and(eq(events.slug, slug), eq(events.status, 'published')));
  return row;
}

export interface ClubEventsFilter {
  publishedOnly: boolean;
  endingFrom?: Date;
  /** Only these events (door staff limited to some, docs/product.md section 20); absent = all. */
  onlyIds?: readonly string[];
}

function onlyEvents(ids: readonly string[] | undefined): SQL | undefined {
  return ids === undefined ? undefined : ids.length === 0 ? sql`false` : inArray(events.id, [...ids]);
}

/** A club's events, `limit` of them from `offset`, soonest first (or, with `latestFirst`, latest first). */
export async function findEventsByClub(
  db: DbOrTx,
  clubId: string,
  filter: ClubEventsFilter,
  window: { limit: number; offset: number; latestFirst?: boolean },
): Promise<EventRow[]> {
  const order = window.latestFirst
    ? [desc(events.startDate), desc(events.title)]
    : [asc(events.startDate), asc(events.title)];
  return db
    .select()
    .from(events)
    .where(
      and(
        eq(events.clubId, clubId),
        filter.publishedOnly ? eq(events.status, 'published') : undefined,
        filter.endingFrom ? gte(events.endDate, filter.endingFrom) : undefined,
        onlyEvents(filter.onlyIds),
      ),
    )
    .orderBy(...order, events.id)
    .limit(window.limit)
    .offset(window.offset);
}

/**
 * Every club's published events that take donations and have not ended by `endingFrom`, soonest
 * first: the public /pricing list (docs/decisions/0023-buyer-pages.md).
 */
export async function findDonationEvents(
  db: DbOrTx,
  endingFrom: Date,
  window: { limit: number; offset: number },
): Promise<EventRow[]> {
  return db
    .select()
    .from(events)
    .where(and(eq(events.status, 'published'), eq(events.donationsEnabled, true), gte(events.endDate, endingFrom)))
    .orderBy(asc(events.startDate), asc(events.title), events.id)
    .limit(window.limit)
    .offset(window.offset);
}

/** The next event that has not ended, else the latest one (of `onlyIds` when given). */
export async function findFirstEvent(
  db: DbOrTx,
  clubId: string | null,
  now: Date,
  onlyIds?: readonly string[],
): Promise<EventRow | undefined> {
  const [upcoming] = await db
    .select()
    .from(events)
    .where(and(inClub(clubId), onlyEvents(onlyIds), gte(events.endDate, now)))
    .orderBy(asc(events.startDate))
    .limit(1);
  if (upcoming) return upcoming;
  const [latest] = await db
    .select()
    .from(events)
    .where(and(inClub(clubId), onlyEvents(onlyIds), lt(events.endDate, now)))
    .orderBy(desc(events.endDate))
    .limit(1);
  return latest;
}

export async function findSlugsLike(db: DbOrTx, base: string): Promise<{ id: string; slug: string }[]> {
  return db
    .select({ id: events.id, slug: events.slug })
    .from(events)
    .where(or(eq(events.slug, base), like(events.slug, `${base}-%`)));
}

/** Namespace of the slug locks among the advisory locks of the database. */
const SLUG_LOCK_NAMESPACE = 5_310_001;

/** Holds the slug base until the transaction ends, so two saves never pick the same free slug. */
export async function lockSlugBase(tx: Tx, base: string): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${SLUG_LOCK_NAMESPACE}, hashtext(${base}))`);
}

export async function insertEvent(db: DbOrTx, values: EventValues): Promise<EventRow> {
  const [row] = await db.insert(events).values(values).returning();
  return row!;
}

/**
 * Updates an event unless its new capacity is below the tickets already held or sold: the check sits
 * in the UPDATE itself, so a hold landing meanwhile cannot slip under it. Nothing comes back then.
 */
export async function updateEvent(
  db: DbOrTx,
  id: string,
  clubId: string,
  values: Partial<EventValues>,
): Promise<EventRow | undefined> {
  const capacity = values.capacity;
  const [row] = await db
    .update(events)
    .set({ ...values, updatedAt: new Date() })
    .where(
      and(
        eq(events.id, id),
        eq(events.clubId, clubId),
        capacity === undefined || capacity === null ? undefined : lte(events.reservedCount, capacity),
      ),
    )
    .returning();
  return row;
}

/** The event, locked until the transaction ends: holds, which raise its reserved_count, wait meanwhile. */
export async function lockEvent(tx: Tx, id: string, clubId: string): Promise<EventRow | undefined> {
  const [row] = await tx
    .select()
    .from(events)
    .where(and(eq(events.id, id), eq(events.clubId, clubId)))
    .for('update');
  return row;
}

/** Money still held: refunded in part keeps the rest (docs/product.md section 19). */
const PAID = ['paid', 'refund_required', 'partially_refunded'];

type Payable = typeof orders | typeof sponsorships | typeof extrasPurchases;

/**
 * Money taken, or that the provider may take at any moment: paid (in part refunded too), to refund, or pending with a
 * payment intent (a late payment is honoured, docs/product.md section 15). The rule of
 * assertNoPaymentInFlight (attendee-data.policy.ts), as a condition on the rows.
 */
const tookOrMayTakeMoney = (table: Payable) =>
  or(inArray(table.paymentStatus, PAID), and(eq(table.paymentStatus, 'pending'), isNotNull(table.paymentIntentId)));

/**
 * Whether buyers have anything of this event: tickets held or sold, a confirmed registration, money
 * paid or a payment started (an order of a lapsed hold, a donation, extras bought alone).
 */
export async function hasSales(db: DbOrTx, event: EventRow): Promise<boolean> {
  if (event.reservedCount > 0) return true;
  const of = (table: typeof registrations | Payable) =>
    and(eq(table.clubId, event.clubId), eq(table.eventId, event.id));
  const probes = [
    db
      .select({ id: registrations.id })
      .from(registrations)
      .where(and(of(registrations), eq(registrations.status, 'confirmed'))),
    db
      .select({ id: orders.id })
      .from(orders)
      .where(and(of(orders), tookOrMayTakeMoney(orders))),
    db
      .select({ id: sponsorships.id })
      .from(sponsorships)
      .where(and(of(sponsorships), tookOrMayTakeMoney(sponsorships))),
    db
      .select({ id: extrasPurchases.id })
      .from(extrasPurchases)
      .where(and(of(extrasPurchases), tookOrMayTakeMoney(extrasPurchases))),
  ];
  for (const probe of probes) if ((await probe.limit(1)).length > 0) return true;
  return false;
}

/**
 * Deletes an event with everything below it. What buyers left behind (lapsed or cancelled
 * registrations, unpaid purchases) goes first: its rows name the event's tickets and extras, which
 * would otherwise stop the cascade.
 */
export async function deleteEvent(tx: Tx, id: string, clubId: string): Promise<void> {
  await tx.delete(registrations).where(and(eq(registrations.eventId, id), eq(registrations.clubId, clubId)));
  await tx.delete(extrasPurchases).where(and(eq(extrasPurchases.eventId, id), eq(extrasPurchases.clubId, clubId)));
  await tx.delete(events).where(and(eq(events.id, id), eq(events.clubId, clubId)));
}

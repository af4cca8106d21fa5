import { and, asc, eq, like, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { events, series, type EventRow, type SeriesRow } from '../../db/schema';

export type SeriesValues = Pick<SeriesRow, 'clubId' | 'slug' | 'name' | 'description'>;

/** `clubId` null means every club (sudo); otherwise the query stays inside that club (tenant wall). */
const inClub = (clubId: string | null): SQL | undefined => (clubId === null ? undefined : eq(series.clubId, clubId));

export async function findSeriesById(db: DbOrTx, id: string, clubId: string | null): Promise<SeriesRow | undefined> {
  const [row] = await db
    .select()
    .from(series)
    .where(and(eq(series.id, id), inClub(clubId)));
  return row;
}

export async function findSeriesBySlug(db: DbOrTx, slug: string): Promise<SeriesRow | undefined> {
  const [row] = await db.select().from(series).where(eq(series.slug, slug));
  return row;
}

/** A club's series by name, `limit` of them. */
export async function findSeriesOfClub(db: DbOrTx, clubId: string, limit: number): Promise<SeriesRow[]> {
  return db
    .select()
    .from(series)
    .where(eq(series.clubId, clubId))
    .orderBy(asc(series.name), asc(series.id))
    .limit(limit);
}

export async function findSeriesSlugsLike(db: DbOrTx, base: string): Promise<{ id: string; slug: string }[]> {
  return db
    .select({ id: series.id, slug: series.slug })
    .from(series)
    .where(or(eq(series.slug, base), like(series.slug, `${base}-%`)));
}

export async function insertSeries(db: DbOrTx, values: SeriesValues): Promise<SeriesRow> {
  const [row] = await db.insert(series).values(values).returning();
  return row!;
}

export async function updateSeries(
  db: DbOrTx,
  id: string,
  clubId: string,
  values: Partial<Omit<SeriesValues, 'clubId'>>,
): Promise<SeriesRow | undefined> {
  const [row] = await db
    .update(series)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(series.id, id), eq(series.clubId, clubId)))
    .returning();
  return row;
}

/** The row of an event as it stands in (or, with null, out of) a series. */
export async function setEventSeries(db: DbOrTx, event: EventRow, seriesId: string | null): Promise<EventRow> {
  const [row] = await db
    .update(events)
    .set({ seriesId, updatedAt: new Date() })
    .where(and(eq(events.id, event.id), eq(events.clubId, event.clubId)))
    .returning();
  return row!;
}

export interface SeriesDateRow {
  id: string;
  slug: string;
  title: string;
  startDate: Date;
  endDate: Date;
  timezone: string;
  available: number | null;
}

/**
 * Places left at an event: its capacity less what is held or sold when it has one; else what its
 * ticket types on offer (active, not hidden) have left when each has a quantity; else null
 * (unlimited). Pass holders count in reserved_count as any attendee (docs/decisions/0080-series-and-passes.md).
 */
// Columns named with their table: inside the subquery an unqualified "id" would be the ticket's.
const placesLeft = sql<number | null>`CASE
  WHEN events.capacity IS NOT NULL THEN GREATEST(events.capacity - events.reserved_count, 0)
  ELSE (SELECT CASE WHEN count(*) = count(t.quantity)
                    THEN COALESCE(sum(GREATEST(t.quantity - t.reserved_count, 0)), 0)::int END
          FROM tickets t
         WHERE t.event_id = events.id AND t.is_active AND NOT t.hidden)
END`;

/** A series' published events, soonest first, `limit` of them, with their places left. */
export async function findPublishedDates(db: DbOrTx, seriesId: string, limit: number): Promise<SeriesDateRow[]> {
  return db
    .select({
      id: events.id,
      slug: events.slug,
      title: events.title,
      startDate: events.startDate,
      endDate: events.endDate,
      timezone: events.timezone,
      available: placesLeft,
    })
    .from(events)
    .where(and(eq(events.seriesId, seriesId), eq(events.status, 'published')))
    .orderBy(asc(events.startDate), asc(events.title), asc(events.id))
    .limit(limit);
}

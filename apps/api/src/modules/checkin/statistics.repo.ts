import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { attendees, checkins, registrations } from '../../db/schema';

/** What the statistics page counts, grouped by the database; statistics.ts shapes it for the page. */

const ONE_LINE = sql`1`;

/**
 * Per local day (yyyy-mm-dd in `timezone`) of registering: confirmed registrations, a registration of
 * three attendees counting once (docs/product.md section 16, docs/product.md section 3), and their attendees, whom
 * the check-ins are counted against. A registration's attendees share its day, so its distinct id
 * counts once in one day; one with no attendee left is no registration of anybody.
 */
export async function countRegistrationsByDay(
  db: DbOrTx,
  event: { id: string; clubId: string; timezone: string },
): Promise<{ day: string; count: number; attendees: number }[]> {
  return db
    .select({
      day: sql<string>`to_char(${registrations.createdAt} AT TIME ZONE ${event.timezone}, 'YYYY-MM-DD')`,
      count: sql<number>`count(DISTINCT ${attendees.registrationId})::int`,
      attendees: sql<number>`count(*)::int`,
    })
    .from(attendees)
    .innerJoin(registrations, eq(registrations.id, attendees.registrationId))
    .where(
      and(eq(attendees.eventId, event.id), eq(attendees.clubId, event.clubId), eq(registrations.status, 'confirmed')),
    )
    .groupBy(ONE_LINE);
}

/**
 * Check-ins per quarter hour (`start` in epoch seconds) with the local day it falls in. Quarter
 * hours counted from the epoch are also local quarter hours: every time zone in use is offset from
 * UTC by a whole number of quarter hours.
 */
export async function countCheckinsByQuarterHour(
  db: DbOrTx,
  event: { id: string; clubId: string; timezone: string },
): Promise<{ start: number; day: string; count: number }[]> {
  return (
    db
      .select({
        start: sql<number>`(floor(extract(epoch from ${checkins.createdAt}) / 900) * 900)::float8`.mapWith(Number),
        day: sql<string>`to_char(${checkins.createdAt} AT TIME ZONE ${event.timezone}, 'YYYY-MM-DD')`,
        count: sql<number>`count(*)::int`,
      })
      .from(checkins)
      // Only check-ins of confirmed registrations: a cancelled one's attendees are no longer coming.
      .where(and(eq(checkins.eventId, event.id), eq(checkins.clubId, event.clubId), eq(checkins.confirmed, true)))
      .groupBy(ONE_LINE, sql`2`)
  );
}

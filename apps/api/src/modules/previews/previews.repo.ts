import { and, eq, min } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { clubs, events, series, tickets, type ClubRow, type EventRow, type SeriesRow } from '../../db/schema';

/** A published event by slug with its club and its lowest public price (null without tickets on offer). */
export async function findEventPreview(
  db: DbOrTx,
  slug: string,
): Promise<{ event: EventRow; club: ClubRow; lowestPrice: number | null } | undefined> {
  const [row] = await db
    .select({ event: events, club: clubs })
    .from(events)
    .innerJoin(clubs, eq(clubs.id, events.clubId))
    .where(and(eq(events.slug, slug), eq(events.status, 'published')));
  if (!row) return undefined;
  // Hidden tickets are offered only with an access code (docs/product.md section 19): not advertised.
  const [price] = await db
    .select({ lowest: min(tickets.price) })
    .from(tickets)
    .where(and(eq(tickets.eventId, row.event.id), eq(tickets.isActive, true), eq(tickets.hidden, false)));
  return { ...row, lowestPrice: price?.lowest ?? null };
}

/** A series by slug with its club: its page /series/{slug} is public (the series' own dates are its to list). */
export async function findSeriesPreview(
  db: DbOrTx,
  slug: string,
): Promise<{ series: SeriesRow; club: ClubRow } | undefined> {
  const [row] = await db
    .select({ series, club: clubs })
    .from(series)
    .innerJoin(clubs, eq(clubs.id, series.clubId))
    .where(eq(series.slug, slug));
  return row;
}

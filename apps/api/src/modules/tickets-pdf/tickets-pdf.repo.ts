import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { clubs, events } from '../../db/schema';

/** What a ticket PDF prints of the event and of the club that holds it. */
export interface PdfEventRow {
  id: string;
  title: string;
  venue: string | null;
  address: string | null;
  startDate: Date;
  endDate: Date;
  timezone: string;
  clubName: string;
  clubLogoUrl: string | null;
}

export async function findPdfEvent(db: DbOrTx, eventId: string): Promise<PdfEventRow | undefined> {
  const [row] = await db
    .select({
      id: events.id,
      title: events.title,
      venue: events.venue,
      address: events.address,
      startDate: events.startDate,
      endDate: events.endDate,
      timezone: events.timezone,
      clubName: clubs.name,
      clubLogoUrl: clubs.logoUrl,
    })
    .from(events)
    .innerJoin(clubs, eq(clubs.id, events.clubId))
    .where(eq(events.id, eventId));
  return row;
}

import { and, eq } from 'drizzle-orm';
import type { TicketQr } from '@clubtix/contract';
import type { DbOrTx } from '../../db/client';
import { attendees, registrations } from '../../db/schema';

/**
 * The ticket a short code names at the door of an event (docs/product.md section 20): codes are
 * unique within an event (attendees_event_short_code_unique), so this is one row or none, and a code
 * of another event is not found here. The tenant wall and the registration's state are the door's
 * usual checks (admitTicket), run on what this finds.
 */
export async function findTicketByShortCode(
  db: DbOrTx,
  eventId: string,
  shortCode: string,
): Promise<TicketQr | undefined> {
  const [row] = await db
    .select({ registrationId: attendees.registrationId, attendeeId: attendees.id, qrUuid: registrations.qrUuid })
    .from(attendees)
    .innerJoin(registrations, eq(registrations.id, attendees.registrationId))
    .where(and(eq(attendees.eventId, eventId), eq(attendees.shortCode, shortCode)));
  return row;
}

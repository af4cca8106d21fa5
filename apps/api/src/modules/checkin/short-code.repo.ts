import { and, eq } from 'drizzle-orm';
import type { PassQr, TicketQr } from '@clubtix/contract';
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

/**
 * The ticket a season pass's QR names at the door of an event (docs/decisions/0080-series-and-passes.md):
 * the pass's place there, one registration with one attendee, found by the pass and its secret (the
 * registration's qr_uuid); none at an event of another series. The door's usual checks follow.
 */
export async function findTicketOfPass(db: DbOrTx, eventId: string, pass: PassQr): Promise<TicketQr | undefined> {
  const [row] = await db
    .select({ registrationId: attendees.registrationId, attendeeId: attendees.id, qrUuid: registrations.qrUuid })
    .from(registrations)
    .innerJoin(attendees, eq(attendees.registrationId, registrations.id))
    .where(
      and(
        eq(registrations.passPurchaseId, pass.passPurchaseId),
        eq(registrations.eventId, eventId),
        eq(registrations.qrUuid, pass.qrUuid),
      ),
    )
    .limit(1);
  return row;
}

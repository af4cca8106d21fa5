import { and, asc, eq, inArray, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { attendees, registrations, tickets } from '../../db/schema';
import type { TicketEntry } from '../mail/ticket-mail-content';

const ticketColumns = {
  registrationId: attendees.registrationId,
  qrUuid: registrations.qrUuid,
  attendeeId: attendees.id,
  firstName: attendees.firstName,
  lastName: attendees.lastName,
  email: attendees.email,
  ticketName: tickets.name,
  shortCode: attendees.shortCode,
};

/** One attendee of an event with what its ticket mail needs, and its registration's buyer and state. */
export async function findAttendeeTicket(
  db: DbOrTx,
  attendeeId: string,
  eventId: string,
): Promise<{ ticket: TicketEntry; buyerEmail: string; status: string; language: string } | undefined> {
  const [row] = await db
    .select({
      ticket: ticketColumns,
      buyerEmail: registrations.email,
      status: registrations.status,
      language: registrations.language,
    })
    .from(attendees)
    .innerJoin(registrations, eq(registrations.id, attendees.registrationId))
    .innerJoin(tickets, eq(tickets.id, attendees.ticketId))
    .where(and(eq(attendees.id, attendeeId), eq(attendees.eventId, eventId)));
  return row;
}

/**
 * The tickets an e-mail holds for an event: every attendee of the confirmed registrations it bought,
 * and the attendees named with it in other confirmed registrations. Both lookups use an index, so the
 * answer takes the same short time whether the e-mail has tickets or not.
 */
export async function findTicketsOfEmail(db: DbOrTx, eventId: string, email: string): Promise<TicketEntry[]> {
  const bought = await db
    .select({ id: registrations.id })
    .from(registrations)
    .where(
      and(eq(registrations.eventId, eventId), eq(registrations.email, email), eq(registrations.status, 'confirmed')),
    );
  const named = and(eq(attendees.eventId, eventId), eq(attendees.email, email));
  return db
    .select(ticketColumns)
    .from(attendees)
    .innerJoin(registrations, eq(registrations.id, attendees.registrationId))
    .innerJoin(tickets, eq(tickets.id, attendees.ticketId))
    .where(
      and(
        eq(registrations.status, 'confirmed'),
        bought.length > 0
          ? or(
              inArray(
                attendees.registrationId,
                bought.map((row) => row.id),
              ),
              named,
            )
          : named,
      ),
    )
    .orderBy(asc(registrations.createdAt), asc(attendees.registrationId), asc(attendees.position));
}

import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { attendees, checkins, registrations, tickets, type Answers } from '../../db/schema';
import type { AttendeeView } from '../purchase/registrations.repo';

/**
 * One attendee of an event, locked for the edit (two admins saving at once: the second waits and
 * then compares against what the first wrote), with its registration's state and buyer.
 */
export async function lockEventAttendee(
  db: DbOrTx,
  attendeeId: string,
  eventId: string,
): Promise<{ attendee: AttendeeView; qrUuid: string; status: string; language: string } | undefined> {
  const [row] = await db
    .select({
      attendee: attendees,
      ticketName: tickets.name,
      checkinId: checkins.id,
      checkinTime: checkins.createdAt,
      qrUuid: registrations.qrUuid,
      status: registrations.status,
      language: registrations.language,
    })
    .from(attendees)
    .innerJoin(registrations, eq(registrations.id, attendees.registrationId))
    .innerJoin(tickets, eq(tickets.id, attendees.ticketId))
    .leftJoin(checkins, eq(checkins.attendeeId, attendees.id))
    .where(and(eq(attendees.id, attendeeId), eq(attendees.eventId, eventId)))
    .for('update', { of: attendees });
  if (!row) return undefined;
  return {
    attendee: { ...row.attendee, ticketName: row.ticketName, checkinId: row.checkinId, checkinTime: row.checkinTime },
    qrUuid: row.qrUuid,
    status: row.status,
    language: row.language,
  };
}

export async function writeAttendee(
  db: DbOrTx,
  attendeeId: string,
  values: { firstName: string; lastName: string; email: string; answers: Answers },
): Promise<void> {
  await db.update(attendees).set(values).where(eq(attendees.id, attendeeId));
}

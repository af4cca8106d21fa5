import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { attendees, checkins, registrations, tickets } from '../../db/schema';

/**
 * The door list of an event (docs/decisions/0035-offline-door.md): every attendee of its confirmed
 * registrations in one statement, read in the order of attendees_export_idx (no sort). The QR's secret
 * leaves only as its SHA-256, hashed by PostgreSQL as the rows are read (docs/performance.md, "The
 * offline door", measures it against hashing in Node).
 */
export function findDoorList(db: DbOrTx, eventId: string) {
  return db
    .select({
      attendeeId: attendees.id,
      registrationId: attendees.registrationId,
      qrHash: sql<string>`encode(sha256(convert_to(${registrations.qrUuid}, 'UTF8')), 'hex')`,
      shortCode: attendees.shortCode,
      firstName: attendees.firstName,
      lastName: attendees.lastName,
      ticketName: tickets.name,
      checkedInAt: checkins.createdAt,
      checkedInDeviceId: checkins.deviceId,
    })
    .from(attendees)
    .innerJoin(registrations, eq(registrations.id, attendees.registrationId))
    .innerJoin(tickets, eq(tickets.id, attendees.ticketId))
    .leftJoin(checkins, eq(checkins.attendeeId, attendees.id))
    .where(and(eq(attendees.eventId, eventId), sql`${attendees.confirmed}`))
    .orderBy(attendees.createdAt, attendees.registrationId, attendees.position, attendees.id);
}
export type DoorListRow = Awaited<ReturnType<typeof findDoorList>>[number];

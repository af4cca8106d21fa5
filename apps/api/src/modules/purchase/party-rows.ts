import { attendees, checkins } from '../../db/schema';
import { rowOf, selectList } from '../../db/prepared';
import type { AttendeeView } from './registrations.repo';

/**
 * A registration's attendees inside a prepared statement (db/prepared.ts), one result row each, as
 * findAttendeesOf reads them: join `attendees a`, `tickets t` and `checkins c` after the FROM.
 */
export const PARTY_COLUMNS = `${selectList(attendees, 'a', 'a')}, t.name AS "a.ticketName", c.id AS "a.checkinId", c.created_at AS "a.checkinTime"`;
export const PARTY_JOINS = `LEFT JOIN attendees a ON a.registration_id = r.id
  LEFT JOIN tickets t ON t.id = a.ticket_id
  LEFT JOIN checkins c ON c.attendee_id = a.id`;

/** The attendees of the result rows (none: the registration has none), in the rows' order. */
export function partyOf(rows: Record<string, unknown>[]): AttendeeView[] {
  return rows
    .filter((row) => row['a.id'] !== null)
    .map((row) => ({
      ...rowOf(attendees, row, 'a'),
      ticketName: row['a.ticketName'] as string,
      checkinId: (row['a.checkinId'] as string | null) ?? null,
      checkinTime:
        row['a.checkinTime'] === null
          ? null
          : (checkins.createdAt.mapFromDriverValue(row['a.checkinTime'] as string) as Date),
    }));
}

import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';

/**
 * The statements of a device's sync (docs/decisions/0035-offline-door.md), run in the service's
 * transaction. The first writes every admission that finds no check-in and locks and reads the
 * check-in of every other, in one set; the service decides from what was there; the second moves to
 * this device the check-ins its admissions came before. Between the two the rows stay locked, so a
 * sync on another process sees either none of this one or all of it.
 */

export interface SentAdmission {
  attendeeId: string;
  /** When the device admitted them, as sent. */
  at: string;
  /** The id of the check-in row, should this admission write one. */
  id: string;
}

export type LockedAdmission = {
  attendeeId: string;
  /**
   * The admission's time (epoch milliseconds): a time in the future made the database's now, and one
   * before the ticket became valid (its registration confirmed) made that moment.
   */
  at: number;
  /** Whether the attendee is one of this event's, and its registration is confirmed. */
  ofEvent: boolean;
  confirmed: boolean;
  /** The attendee's check-in now (this sync's own when `checkinId` is the id sent), or null when refused. */
  checkinId: string | null;
  checkedInAt: number | null;
  deviceId: string | null;
  deviceName: string | null;
};

/**
 * Times come back as epoch milliseconds: Drizzle's raw results leave timestamps as PostgreSQL's text.
 * One statement for the whole batch: the check-ins are written in attendee order, so that two syncs
 * (or a sync and a scan batch, checkin.repo.ts) that share attendees wait on each other in one order,
 * never in a circle. A check-in already there is "updated" to itself: that locks it and returns it
 * as it is, even when another process committed it after this statement began (a plain read could
 * not see it then). The attendee's own row says whether it is of this event and confirmed, and its
 * registration when the ticket became valid: `confirmed_at` (set by every way a booking is confirmed:
 * a payment, the box office, an import), or where that is missing the later of the registration's and
 * the attendee's creation. No admission is earlier than that (docs/decisions/0062-hashed-door-list.md).
 */
export async function lockAdmissions(
  tx: Tx,
  input: {
    eventId: string;
    deviceId: string;
    deviceName: string | null;
    createdBy: string;
    admissions: SentAdmission[];
  },
): Promise<LockedAdmission[]> {
  const { admissions } = input;
  const result = await tx.execute<LockedAdmission>(sql`
    WITH sent AS (
      SELECT s.attendee_id, least(s.at, now()) AS at, s.id
        FROM unnest(${sql.param(admissions.map((a) => a.attendeeId))}::text[], ${sql.param(admissions.map((a) => a.at))}::timestamptz[],
                    ${sql.param(admissions.map((a) => a.id))}::text[]) AS s(attendee_id, at, id)
    ),
    known AS (
      SELECT sent.attendee_id, sent.id,
             greatest(sent.at, coalesce(r.confirmed_at, greatest(r.created_at, a.created_at))) AS at,
             a.club_id, a.event_id, a.registration_id, a.id IS NOT NULL AS of_event,
             coalesce(a.confirmed, false) AS confirmed
        FROM sent
        LEFT JOIN attendees a ON a.id = sent.attendee_id AND a.event_id = ${input.eventId}
        LEFT JOIN registrations r ON r.id = a.registration_id
    ),
    written AS (
      INSERT INTO checkins (id, club_id, event_id, registration_id, attendee_id, created_by, created_at,
                            device_id, device_name, confirmed)
      SELECT k.id, k.club_id, k.event_id, k.registration_id, k.attendee_id, ${input.createdBy}, k.at,
             ${input.deviceId}, ${input.deviceName}, true
        FROM known k
       WHERE k.confirmed
       ORDER BY k.attendee_id
      ON CONFLICT (attendee_id) DO UPDATE SET device_id = checkins.device_id
      RETURNING id, attendee_id, created_at, device_id, device_name
    )
    SELECT k.attendee_id AS "attendeeId", (extract(epoch FROM k.at) * 1000)::float8 AS at, k.of_event AS "ofEvent", k.confirmed,
           w.id AS "checkinId", (extract(epoch FROM w.created_at) * 1000)::float8 AS "checkedInAt", w.device_id AS "deviceId",
           w.device_name AS "deviceName"
      FROM known k
      LEFT JOIN written w ON w.attendee_id = k.attendee_id
  `);
  return result.rows;
}

/** Makes these admissions (all of this device, each before the one stored) the attendees' check-ins. */
export async function replaceAdmissions(
  tx: Tx,
  input: {
    deviceId: string;
    deviceName: string | null;
    createdBy: string;
    admissions: { attendeeId: string; at: Date }[];
  },
): Promise<void> {
  const { admissions } = input;
  if (admissions.length === 0) return;
  await tx.execute(sql`
    UPDATE checkins c
       SET created_at = r.at, device_id = ${input.deviceId}, device_name = ${input.deviceName},
           created_by = ${input.createdBy}
      FROM unnest(${sql.param(admissions.map((a) => a.attendeeId))}::text[],
                  ${sql.param(admissions.map((a) => a.at.toISOString()))}::timestamptz[]) AS r(attendee_id, at)
     WHERE c.attendee_id = r.attendee_id
  `);
}

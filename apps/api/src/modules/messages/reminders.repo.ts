import { inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { events, type EventRow } from '../../db/schema';

/** An attendee whose reminder this process has claimed, with what their ticket mail needs. */
export interface ClaimedReminder {
  attendeeId: string;
  eventId: string;
  clubId: string;
  registrationId: string;
  qrUuid: string;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  buyerEmail: string;
  shortCode: string;
  ticketName: string;
  /** The buyer's language (docs/product.md section 22). */
  language: string;
}

/**
 * Marks up to `limit` attendees reminded and answers them, in the caller's transaction: confirmed
 * attendees of published events whose reminder time has come and whose start has not. SKIP LOCKED
 * gives each attendee to one process; the mark commits with the mails queued for them, so a crash
 * before the commit leaves them to the next sweep and nobody is reminded twice
 * (docs/decisions/0040-messages-and-reminders.md).
 */
export async function claimDueReminders(tx: Tx, limit: number): Promise<ClaimedReminder[]> {
  const result = await tx.execute<Record<keyof ClaimedReminder, string | null>>(sql`
    WITH due_events AS (
      SELECT id FROM events
       WHERE reminder_hours_before IS NOT NULL AND status = 'published' AND start_date > now()
         AND start_date - make_interval(hours => reminder_hours_before) <= now()
    ), picked AS (
      SELECT a.id FROM attendees a
       WHERE a.event_id IN (SELECT id FROM due_events) AND a.confirmed AND a.reminded_at IS NULL
       ORDER BY a.event_id, a.registration_id, a.position
       LIMIT ${limit}
       FOR UPDATE OF a SKIP LOCKED
    )
    UPDATE attendees a SET reminded_at = now()
      FROM picked, registrations r, tickets t
     WHERE a.id = picked.id AND r.id = a.registration_id AND t.id = a.ticket_id
    RETURNING a.id AS "attendeeId", a.event_id AS "eventId", a.club_id AS "clubId",
              a.registration_id AS "registrationId", r.qr_uuid AS "qrUuid", a.first_name AS "firstName",
              a.last_name AS "lastName", a.email, r.email AS "buyerEmail", a.short_code AS "shortCode",
              t.name AS "ticketName", r.language`);
  return result.rows as unknown as ClaimedReminder[];
}

export async function findEventsByIds(tx: Tx, ids: string[]): Promise<EventRow[]> {
  if (ids.length === 0) return [];
  return tx.select().from(events).where(inArray(events.id, ids));
}

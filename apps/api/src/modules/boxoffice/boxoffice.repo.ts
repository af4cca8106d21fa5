import { randomUUID } from 'node:crypto';
import type { DbOrTx } from '../../db/client';
import { checkins, type AttendeeRow, type CheckinRow } from '../../db/schema';

/** Checks a whole party in, in the sale's own transaction: a new registration has no check-ins yet. */
export async function checkInParty(db: DbOrTx, party: AttendeeRow[], createdBy: string): Promise<CheckinRow[]> {
  if (party.length === 0) return [];
  return db
    .insert(checkins)
    .values(
      party.map((attendee) => ({
        id: randomUUID(),
        clubId: attendee.clubId,
        eventId: attendee.eventId,
        registrationId: attendee.registrationId,
        attendeeId: attendee.id,
        createdBy,
      })),
    )
    .returning();
}

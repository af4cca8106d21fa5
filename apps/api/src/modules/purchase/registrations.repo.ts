import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import type { TLanguage } from '@clubtix/contract';
import type { DbOrTx } from '../../db/client';
import {
  attendees,
  checkins,
  registrations,
  tickets,
  type Answers,
  type AttendeeRow,
  type RegistrationRow,
} from '../../db/schema';

export interface AttendeeView extends AttendeeRow {
  ticketName: string;
  checkinId: string | null;
  checkinTime: Date | null;
}

/** What an attendee's answer to the outside is made of (toAttendeeDto). */
export type AttendeeFields = Pick<
  AttendeeView,
  | 'id'
  | 'registrationId'
  | 'ticketId'
  | 'ticketName'
  | 'firstName'
  | 'lastName'
  | 'email'
  | 'answers'
  | 'checkinId'
  | 'checkinTime'
  | 'shortCode'
>;

const inClub = (clubId: string | null): SQL | undefined =>
  clubId === null ? undefined : eq(registrations.clubId, clubId);

export async function insertRegistration(
  db: DbOrTx,
  values: {
    clubId: string;
    eventId: string;
    email: string;
    /** The buyer's language, which their mails speak (docs/product.md section 22). */
    language: TLanguage;
    expiresAt: Date | null;
    status?: string;
    source?: string;
    confirmedAt?: Date | null;
    clientAddress?: string | null;
  },
): Promise<RegistrationRow> {
  const [row] = await db.insert(registrations).values(values).returning();
  return row!;
}

export async function insertAttendeeSlots(
  db: DbOrTx,
  registration: RegistrationRow,
  slots: { ticketId: string; firstName?: string; lastName?: string; email?: string; answers?: Answers }[],
): Promise<AttendeeRow[]> {
  if (slots.length === 0) return [];
  return db
    .insert(attendees)
    .values(
      slots.map((slot, position) => ({
        clubId: registration.clubId,
        eventId: registration.eventId,
        registrationId: registration.id,
        position,
        ...slot,
      })),
    )
    .returning();
}

export async function findRegistrationById(
  db: DbOrTx,
  id: string,
  clubId: string | null,
): Promise<RegistrationRow | undefined> {
  const [row] = await db
    .select()
    .from(registrations)
    .where(and(eq(registrations.id, id), inClub(clubId)));
  return row;
}

export async function findRegistrationBySecret(
  db: DbOrTx,
  id: string,
  qrUuid: string,
): Promise<RegistrationRow | undefined> {
  const [row] = await db
    .select()
    .from(registrations)
    .where(and(eq(registrations.id, id), eq(registrations.qrUuid, qrUuid)));
  return row;
}

/** A free booking by the secret of the link mailed to its buyer (confirm_token, never the qrUuid). */
export async function findRegistrationByConfirmToken(
  db: DbOrTx,
  id: string,
  token: string,
): Promise<RegistrationRow | undefined> {
  const [row] = await db
    .select()
    .from(registrations)
    .where(and(eq(registrations.id, id), eq(registrations.confirmToken, token)));
  return row;
}

export async function lockRegistration(db: DbOrTx, id: string): Promise<RegistrationRow | undefined> {
  const [row] = await db.select().from(registrations).where(eq(registrations.id, id)).for('update');
  return row;
}

export async function updateRegistration(
  db: DbOrTx,
  id: string,
  values: Partial<Pick<RegistrationRow, 'status' | 'answers' | 'confirmedAt' | 'expiresAt' | 'confirmToken'>>,
): Promise<RegistrationRow> {
  const [row] = await db.update(registrations).set(values).where(eq(registrations.id, id)).returning();
  return row!;
}

export async function findAttendeesOf(db: DbOrTx, registrationIds: string[]): Promise<AttendeeView[]> {
  if (registrationIds.length === 0) return [];
  const rows = await db
    .select({ attendee: attendees, ticketName: tickets.name, checkinId: checkins.id, checkinTime: checkins.createdAt })
    .from(attendees)
    .innerJoin(tickets, eq(tickets.id, attendees.ticketId))
    .leftJoin(checkins, eq(checkins.attendeeId, attendees.id))
    .where(inArray(attendees.registrationId, registrationIds))
    .orderBy(asc(attendees.registrationId), asc(attendees.position));
  return rows.map((row) => ({
    ...row.attendee,
    ticketName: row.ticketName,
    checkinId: row.checkinId,
    checkinTime: row.checkinTime,
  }));
}

export interface AttendeeDetails {
  attendeeId: string;
  firstName: string;
  lastName: string;
  email: string;
  answers: Answers;
}

/** Attendees' details as the JSON the details' statement reads with jsonb_to_recordset (details/details.repo.ts). */
export const partyJson = (party: AttendeeDetails[]) =>
  JSON.stringify(
    party.map((a) => ({
      id: a.attendeeId,
      first_name: a.firstName,
      last_name: a.lastName,
      email: a.email,
      answers: a.answers,
    })),
  );

import { and, asc, eq, ilike, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { attendees, checkins, registrations, tickets } from '../../db/schema';
import type { AttendeeView } from './registrations.repo';

export interface AttendeeListRow extends AttendeeView {
  buyerEmail: string;
  registeredAt: Date;
}

export interface AttendeeFilter {
  eventId: string;
  search?: string;
  checkedIn?: boolean;
  sortBy: 'name' | 'createdAt' | 'checkinTime';
  offset: number;
  limit: number;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
const looksLikeIdPrefix = (text: string) => /^[0-9a-f-]{6,}$/i.test(text);

function where(filter: AttendeeFilter): SQL | undefined {
  const pattern = filter.search ? `%${escapeLike(filter.search)}%` : undefined;
  return and(
    eq(attendees.eventId, filter.eventId),
    eq(registrations.status, 'confirmed'),
    pattern
      ? or(
          ilike(attendees.firstName, pattern),
          ilike(attendees.lastName, pattern),
          ilike(attendees.email, pattern),
          ilike(registrations.email, pattern),
          ilike(sql`${attendees.firstName} || ' ' || ${attendees.lastName}`, pattern),
          // A registration id (or its first characters, as people read them out) finds its registration.
          ...(looksLikeIdPrefix(filter.search!)
            ? [ilike(attendees.registrationId, `${escapeLike(filter.search!)}%`)]
            : []),
        )
      : undefined,
    filter.checkedIn === undefined ? undefined : filter.checkedIn ? isNotNull(checkins.id) : isNull(checkins.id),
  );
}

/** One page of an event's confirmed attendees and the count of all that match. */
export async function findAttendeePage(
  db: DbOrTx,
  filter: AttendeeFilter,
): Promise<{ rows: AttendeeListRow[]; total: number }> {
  const order =
    filter.sortBy === 'createdAt'
      ? [asc(registrations.createdAt), asc(attendees.position)]
      : filter.sortBy === 'checkinTime'
        ? [sql`${checkins.createdAt} DESC NULLS LAST`, asc(attendees.lastName)]
        : [asc(sql`lower(${attendees.lastName})`), asc(sql`lower(${attendees.firstName})`), asc(attendees.id)];
  const base = () =>
    db
      .select({
        attendee: attendees,
        ticketName: tickets.name,
        checkinId: checkins.id,
        checkinTime: checkins.createdAt,
        buyerEmail: registrations.email,
        registeredAt: registrations.createdAt,
      })
      .from(attendees)
      .innerJoin(registrations, eq(registrations.id, attendees.registrationId))
      .innerJoin(tickets, eq(tickets.id, attendees.ticketId))
      .leftJoin(checkins, eq(checkins.attendeeId, attendees.id));
  const [rows, [count]] = await Promise.all([
    base()
      .where(where(filter))
      .orderBy(...order)
      .limit(filter.limit)
      .offset(filter.offset),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(attendees)
      .innerJoin(registrations, eq(registrations.id, attendees.registrationId))
      .leftJoin(checkins, eq(checkins.attendeeId, attendees.id))
      .where(where(filter)),
  ]);
  return {
    rows: rows.map((row) => ({
      ...row.attendee,
      ticketName: row.ticketName,
      checkinId: row.checkinId,
      checkinTime: row.checkinTime,
      buyerEmail: row.buyerEmail,
      registeredAt: row.registeredAt,
    })),
    total: count?.total ?? 0,
  };
}

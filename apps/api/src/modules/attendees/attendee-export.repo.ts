import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { attendees, checkins, orderItems, orders, registrations, tickets } from '../../db/schema';
import type { EventScope } from '../tickets/tickets.repo';
import type { ReportAttendee } from './attendee-report';

/**
 * Where a page ended, in the export's order. `createdAt` is PostgreSQL's own text of the timestamp:
 * a JavaScript Date would drop its microseconds and so skip or repeat rows at a page boundary.
 */
export interface ExportCursor {
  createdAt: string;
  registrationId: string;
  position: number;
  id: string;
}

export type ExportRow = ReportAttendee & { cursor: ExportCursor };

/** What the attendee's ticket cost on the registration's paid order (null when nothing was paid). */
const paidPrice = sql<number | null>`(
  SELECT ${orderItems.unitPrice} FROM ${orderItems}
  JOIN ${orders} ON ${orders.id} = ${orderItems.orderId}
  WHERE ${orders.registrationId} = ${attendees.registrationId}
    AND ${orders.paymentStatus} = 'paid'
    AND ${orderItems.kind} = 'ticket'
    AND ${orderItems.ticketId} = ${attendees.ticketId}
  LIMIT 1)`;

/** How the registration's paid order was paid ('' for none named, null when no order was paid). */
const paidWith = sql<string | null>`(
  SELECT coalesce(${orders.provider}, '') FROM ${orders}
  WHERE ${orders.registrationId} = ${attendees.registrationId} AND ${orders.paymentStatus} = 'paid'
  ORDER BY ${orders.createdAt}
  LIMIT 1)`;

/**
 * One page of an event's confirmed attendees, in the order they registered, after `cursor`: a keyset
 * read on attendees_export_idx (confirmed attendees only), so every page costs the same however deep into the event it is and
 * the export never holds more than one page.
 */
export async function findExportPage(
  db: DbOrTx,
  scope: EventScope,
  after: ExportCursor | null,
  limit: number,
): Promise<ExportRow[]> {
  const rows = await db
    .select({
      id: attendees.id,
      registrationId: attendees.registrationId,
      position: attendees.position,
      createdAt: sql<string>`${attendees.createdAt}::text`,
      ticketName: tickets.name,
      firstName: attendees.firstName,
      lastName: attendees.lastName,
      email: attendees.email,
      answers: attendees.answers,
      buyerEmail: registrations.email,
      registrationAnswers: registrations.answers,
      paidPrice,
      paidWith,
      checkinTime: checkins.createdAt,
    })
    .from(attendees)
    .innerJoin(
      registrations,
      and(eq(registrations.id, attendees.registrationId), eq(registrations.status, 'confirmed')),
    )
    .innerJoin(tickets, eq(tickets.id, attendees.ticketId))
    .leftJoin(checkins, eq(checkins.attendeeId, attendees.id))
    .where(
      and(
        eq(attendees.clubId, scope.clubId),
        eq(attendees.eventId, scope.eventId),
        eq(attendees.confirmed, true),
        after
          ? sql`(${attendees.createdAt}, ${attendees.registrationId}, ${attendees.position}, ${attendees.id}) >
                (${after.createdAt}::timestamptz, ${after.registrationId}, ${after.position}, ${after.id})`
          : undefined,
      ),
    )
    .orderBy(asc(attendees.createdAt), asc(attendees.registrationId), asc(attendees.position), asc(attendees.id))
    .limit(limit);
  return rows.map(({ id, position, createdAt, ...row }) => ({
    ...row,
    cursor: { createdAt, registrationId: row.registrationId, position, id },
  }));
}

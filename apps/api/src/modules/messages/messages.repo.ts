import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  attendees,
  checkins,
  mailOutbox,
  messages,
  registrations,
  tickets,
  type MessageAudience,
  type MessageRow,
} from '../../db/schema';

interface EventScope {
  id: string;
  clubId: string;
}

/** Each attendee's address: their own e-mail, else their buyer's. */
const address = sql<string>`lower(coalesce(nullif(btrim(${attendees.email}), ''), ${attendees.registrationEmail}))`;

function audienceCondition(audience: MessageAudience) {
  const checkedIn = sql`EXISTS (SELECT 1 FROM ${checkins} WHERE ${checkins.attendeeId} = ${attendees.id})`;
  if (audience === 'checkedIn') return checkedIn;
  if (audience === 'notCheckedIn') return sql`NOT ${checkedIn}`;
  if (audience === 'all') return undefined;
  return inArray(attendees.ticketId, audience.ticketIds);
}

/**
 * The distinct addresses of the audience: attendees of confirmed registrations of the event, each with
 * the language of its latest registration, which the mail's frame speaks, and the name its
 * placeholders are filled with.
 */
export async function audienceAddresses(
  db: DbOrTx,
  event: EventScope,
  audience: MessageAudience,
): Promise<{ to: string; language: string; firstName: string | null; lastName: string | null }[]> {
  return (
    db
      .selectDistinctOn([address], {
        to: address,
        language: registrations.language,
        firstName: attendees.firstName,
        lastName: attendees.lastName,
      })
      .from(attendees)
      .innerJoin(registrations, eq(registrations.id, attendees.registrationId))
      .where(
        and(
          eq(attendees.eventId, event.id),
          eq(attendees.clubId, event.clubId),
          eq(attendees.confirmed, true),
          sql`${address} IS NOT NULL AND ${address} <> ''`,
          audienceCondition(audience),
        ),
      )
      // The name an address is greeted by: the attendee whose own e-mail it is before one booked under it.
      .orderBy(
        address,
        desc(sql`${attendees.email} IS NOT NULL AND btrim(${attendees.email}) <> ''`),
        desc(registrations.createdAt),
      )
  );
}

/** Which of these ticket ids are the event's. */
export async function ticketIdsOfEvent(db: DbOrTx, event: EventScope, ids: string[]): Promise<Set<string>> {
  const rows = await db
    .select({ id: tickets.id })
    .from(tickets)
    .where(and(eq(tickets.eventId, event.id), eq(tickets.clubId, event.clubId), inArray(tickets.id, ids)));
  return new Set(rows.map((row) => row.id));
}

export async function insertMessage(
  db: DbOrTx,
  values: Pick<MessageRow, 'clubId' | 'eventId' | 'subject' | 'body' | 'audience' | 'recipients' | 'sentBy'>,
): Promise<MessageRow> {
  const [row] = await db.insert(messages).values(values).returning();
  return row!;
}

/** Shown in the log: the last this many messages of an event. */
export const MESSAGE_LOG_SIZE = 100;

export async function listMessages(
  db: DbOrTx,
  event: EventScope,
): Promise<(MessageRow & { sent: number; pending: number; failed: number })[]> {
  const delivery = db
    .select({
      messageId: mailOutbox.messageId,
      sent: sql<number>`count(*) FILTER (WHERE ${mailOutbox.status} IN ('sent', 'kept'))::int`.as('sent'),
      pending: sql<number>`count(*) FILTER (WHERE ${mailOutbox.status} IN ('queued', 'sending'))::int`.as('pending'),
      failed: sql<number>`count(*) FILTER (WHERE ${mailOutbox.status} = 'failed')::int`.as('failed'),
    })
    .from(mailOutbox)
    .where(
      inArray(
        mailOutbox.messageId,
        db.select({ id: messages.id }).from(messages).where(eq(messages.eventId, event.id)),
      ),
    )
    .groupBy(mailOutbox.messageId)
    .as('delivery');
  const rows = await db
    .select({
      message: messages,
      sent: sql<number>`coalesce(${delivery.sent}, 0)`.mapWith(Number),
      pending: sql<number>`coalesce(${delivery.pending}, 0)`.mapWith(Number),
      failed: sql<number>`coalesce(${delivery.failed}, 0)`.mapWith(Number),
    })
    .from(messages)
    .leftJoin(delivery, eq(delivery.messageId, messages.id))
    .where(and(eq(messages.eventId, event.id), eq(messages.clubId, event.clubId)))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(MESSAGE_LOG_SIZE);
  return rows.map((row) => ({ ...row.message, sent: row.sent, pending: row.pending, failed: row.failed }));
}

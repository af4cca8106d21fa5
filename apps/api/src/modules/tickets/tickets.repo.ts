import { and, asc, eq, getTableColumns, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { LIST_CAPS } from '@clubtix/contract';
import type { DbOrTx, Tx } from '../../db/client';
import {
  attendees,
  events,
  registrations,
  tickets,
  waitlistEntries,
  type EventRow,
  type TicketRow,
} from '../../db/schema';
import { isForeignKeyViolation } from '../../db/errors';

/** The counters are changed only by the purchase flow (registrations/holds.repo.ts). */
export type TicketValues = Omit<
  TicketRow,
  'id' | 'createdAt' | 'updatedAt' | 'reservedCount' | 'soldCount' | 'passId'
> & {
  passId?: string | null;
};

const inClub = (clubId: string | null): SQL | undefined => (clubId === null ? undefined : eq(tickets.clubId, clubId));

/** The event a query stays inside, and its club (the tenant wall). */
export interface EventScope {
  clubId: string;
  eventId: string;
}
const inEvent = (scope: EventScope) => and(eq(tickets.clubId, scope.clubId), eq(tickets.eventId, scope.eventId));

/** A ticket type as the public reads it: its row and when the soonest of its holds lapses. */
export type ListedTicketRow = TicketRow & { heldUntil: Date | null };

/**
 * When the soonest unpaid hold or open waiting-list offer of the ticket type lapses, computed only for a
 * type that has none left and some held (CASE runs its subqueries only then), so the ordinary list costs
 * nothing more: its pending registrations are found by registrations_event_idx, their tickets by
 * attendees_registration_idx, the offers by waitlist_entries' ticket index. The ticket's columns are
 * qualified by hand: inside a template Drizzle writes a column bare, which a subquery would take as its own.
 */
const own = (column: AnyPgColumn) => sql`${tickets}.${sql.identifier(column.name)}`;
const heldUntil = sql<Date | null>`CASE WHEN ${own(tickets.quantity)} IS NOT NULL
    AND ${own(tickets.reservedCount)} >= ${own(tickets.quantity)} AND ${own(tickets.reservedCount)} > ${own(tickets.soldCount)}
  THEN LEAST(
    (SELECT min(r.${sql.identifier(registrations.expiresAt.name)}) FROM ${registrations} r
      WHERE r.${sql.identifier(registrations.eventId.name)} = ${own(tickets.eventId)}
        AND r.${sql.identifier(registrations.status.name)} = 'pending'
        AND EXISTS (SELECT 1 FROM ${attendees} a
          WHERE a.${sql.identifier(attendees.registrationId.name)} = r.${sql.identifier(registrations.id.name)}
            AND a.${sql.identifier(attendees.ticketId.name)} = ${own(tickets.id)})),
    (SELECT min(w.${sql.identifier(waitlistEntries.offerExpiresAt.name)}) FROM ${waitlistEntries} w
      WHERE w.${sql.identifier(waitlistEntries.ticketId.name)} = ${own(tickets.id)}
        AND w.${sql.identifier(waitlistEntries.status.name)} = 'offered'))
  END`.mapWith((value: Date | string | null) => (value === null ? null : new Date(value)));

const listedColumns = { ...getTableColumns(tickets), heldUntil };

export async function findTicketById(db: DbOrTx, id: string, clubId: string | null): Promise<TicketRow | undefined> {
  const [row] = await db
    .select()
    .from(tickets)
    .where(and(eq(tickets.id, id), inClub(clubId)));
  return row;
}

/** One ticket type as the public reads it (with heldUntil), in one statement. */
export async function findListedTicketById(db: DbOrTx, id: string): Promise<ListedTicketRow | undefined> {
  const [row] = await db.select(listedColumns).from(tickets).where(eq(tickets.id, id));
  return row;
}

/** An event and those of the given tickets that are its own, in one read (a hold's first step). */
export async function findEventWithTickets(
  db: DbOrTx,
  eventId: string,
  ticketIds: string[],
): Promise<{ event: EventRow; tickets: TicketRow[] } | undefined> {
  const rows = await db
    .select({ event: events, ticket: tickets })
    .from(events)
    .leftJoin(tickets, and(eq(tickets.eventId, events.id), inArray(tickets.id, ticketIds)))
    .where(eq(events.id, eventId));
  if (rows.length === 0) return undefined;
  return { event: rows[0]!.event, tickets: rows.flatMap((row) => (row.ticket ? [row.ticket] : [])) };
}

/** An event's ticket types with heldUntil, in one statement (the buyer's first page reads it). */
export async function findTicketsByEvent(
  db: DbOrTx,
  scope: EventScope,
  activeOnly: boolean,
): Promise<ListedTicketRow[]> {
  return db
    .select(listedColumns)
    .from(tickets)
    .where(and(inEvent(scope), activeOnly ? eq(tickets.isActive, true) : undefined))
    .orderBy(asc(tickets.position), asc(tickets.createdAt))
    .limit(LIST_CAPS.tickets);
}

export async function insertTicket(db: DbOrTx, values: TicketValues): Promise<TicketRow> {
  const [row] = await db.insert(tickets).values(values).returning();
  return row!;
}

/**
 * Updates a ticket type unless its new quantity is below what is already held or sold: the check sits
 * in the UPDATE itself, so a hold landing meanwhile cannot slip under it. Nothing comes back then.
 */
export async function updateTicket(
  db: DbOrTx,
  id: string,
  scope: EventScope,
  values: Partial<TicketValues>,
): Promise<TicketRow | undefined> {
  const quantity = values.quantity;
  const [row] = await db
    .update(tickets)
    .set({ ...values, updatedAt: new Date() })
    .where(
      and(
        eq(tickets.id, id),
        inEvent(scope),
        quantity === undefined || quantity === null ? undefined : lte(tickets.reservedCount, quantity),
      ),
    )
    .returning();
  return row;
}

/** The ticket type, locked until the transaction ends (holds, which count against it, wait meanwhile). */
export async function lockTicket(tx: Tx, id: string, scope: EventScope): Promise<TicketRow | undefined> {
  const [row] = await tx
    .select()
    .from(tickets)
    .where(and(eq(tickets.id, id), inEvent(scope)))
    .for('update');
  return row;
}

/**
 * Deletes a ticket type nobody holds or has bought. Answers false when it is in use: counted as
 * held or sold, or still named by attendees or order lines (a cancelled purchase keeps its history).
 */
export async function deleteUnusedTicket(db: DbOrTx, id: string, clubId: string): Promise<boolean> {
  try {
    const rows = await db
      .delete(tickets)
      .where(
        and(eq(tickets.id, id), eq(tickets.clubId, clubId), eq(tickets.reservedCount, 0), eq(tickets.soldCount, 0)),
      )
      .returning({ id: tickets.id });
    return rows.length > 0;
  } catch (error) {
    if (isForeignKeyViolation(error)) return false;
    throw error;
  }
}

export async function maxPosition(db: DbOrTx, scope: EventScope): Promise<number> {
  const rows = await db.select({ position: tickets.position }).from(tickets).where(inEvent(scope));
  return rows.reduce((max, row) => Math.max(max, row.position), -1);
}

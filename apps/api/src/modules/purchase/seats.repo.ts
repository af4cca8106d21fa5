/** The seat counters of tickets and events: what every hold, sale, release and refund moves (docs/product.md section 15). */
import { and, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { isCheckViolation } from '../../db/errors';
import { attendees, events, tickets } from '../../db/schema';

export interface TicketLine {
  ticketId: string;
  quantity: number;
}

/** Ticket lines in the one order every writer of the counters takes them: by ticket id. */
const inLockOrder = (lines: TicketLine[]) => [...lines].sort((a, b) => a.ticketId.localeCompare(b.ticketId));

export type ReserveResult = { ok: true } | { ok: false; ticketId: string | null };

/**
 * Never oversell (docs/product.md section 15): each counter moves in one conditional UPDATE, which
 * PostgreSQL runs under the row's lock, so concurrent buyers on any number of processes queue on the
 * row and the check and the change can never interleave. Tickets are taken in id order, then the
 * event, the same order everywhere, so two transactions never wait on each other in a cycle.
 */
export async function reserveSeats(tx: DbOrTx, eventId: string, lines: TicketLine[]): Promise<ReserveResult> {
  for (const line of inLockOrder(lines)) {
    const updated = await tx
      .update(tickets)
      .set({ reservedCount: sql`${tickets.reservedCount} + ${line.quantity}` })
      .where(
        and(
          eq(tickets.id, line.ticketId),
          or(isNull(tickets.quantity), sql`${tickets.reservedCount} + ${line.quantity} <= ${tickets.quantity}`),
        ),
      )
      .returning({ id: tickets.id });
    if (updated.length === 0) return { ok: false, ticketId: line.ticketId };
  }
  const total = lines.reduce((sum, line) => sum + line.quantity, 0);
  const event = await tx
    .update(events)
    .set({ reservedCount: sql`${events.reservedCount} + ${total}` })
    .where(
      and(
        eq(events.id, eventId),
        or(isNull(events.capacity), sql`${events.reservedCount} + ${total} <= ${events.capacity}`),
      ),
    )
    .returning({ id: events.id });
  if (event.length === 0) return { ok: false, ticketId: null };
  return { ok: true };
}

/**
 * The hold's counter increments, to be sent with its COMMIT (db/transaction-ending-with.ts): plain
 * increments in lock order, tickets then the event, the constraints of migration 0010 refusing one
 * past the quantity or capacity with an error (isOverLimit) that rolls the whole hold back.
 */
export function seatIncrements(eventId: string, lines: TicketLine[]): SQL[] {
  const total = lines.reduce((sum, line) => sum + line.quantity, 0);
  return [
    ...inLockOrder(lines).map(
      (line) =>
        sql`update ${tickets} set ${sql.identifier(tickets.reservedCount.name)} = ${tickets.reservedCount} + ${line.quantity} where ${tickets.id} = ${line.ticketId}`,
    ),
    sql`update ${events} set ${sql.identifier(events.reservedCount.name)} = ${events.reservedCount} + ${total} where ${events.id} = ${eventId}`,
  ];
}

/** A counter increment went past its ticket type's quantity or its event's capacity (migration 0010). */
export function isOverLimit(error: unknown): boolean {
  const { constraint, cause } = error as { constraint?: string; cause?: { constraint?: string } };
  const name = constraint ?? cause?.constraint;
  return (
    isCheckViolation(error) &&
    (name === 'tickets_reserved_within_quantity' || name === 'events_reserved_within_capacity')
  );
}

/** Merges repeated lines of one ticket type. */
export function mergeLines(lines: TicketLine[]): TicketLine[] {
  const merged = new Map<string, number>();
  for (const line of lines) merged.set(line.ticketId, (merged.get(line.ticketId) ?? 0) + line.quantity);
  return [...merged].map(([ticketId, quantity]) => ({ ticketId, quantity }));
}

/** Ticket lines of a party already read: one per ticket type, with how many of it. */
export const linesOf = (party: { ticketId: string }[]): TicketLine[] =>
  mergeLines(party.map(({ ticketId }) => ({ ticketId, quantity: 1 })));

/** Ticket lines of a registration, from its attendee slots. */
export async function registrationLines(db: DbOrTx, registrationId: string): Promise<TicketLine[]> {
  const rows = await db
    .select({ ticketId: attendees.ticketId, quantity: sql<number>`count(*)::int` })
    .from(attendees)
    .where(eq(attendees.registrationId, registrationId))
    .groupBy(attendees.ticketId);
  return rows;
}

/** Gives held or sold seats back (a lapsed hold, a cancelled registration). */
export async function releaseSeats(tx: Tx, eventId: string, lines: TicketLine[], sold: boolean): Promise<void> {
  for (const line of inLockOrder(lines)) {
    await tx
      .update(tickets)
      .set({
        reservedCount: sql`greatest(${tickets.reservedCount} - ${line.quantity}, 0)`,
        ...(sold ? { soldCount: sql`greatest(${tickets.soldCount} - ${line.quantity}, 0)` } : {}),
      })
      .where(eq(tickets.id, line.ticketId));
  }
  const total = lines.reduce((sum, line) => sum + line.quantity, 0);
  await tx
    .update(events)
    .set({ reservedCount: sql`greatest(${events.reservedCount} - ${total}, 0)` })
    .where(eq(events.id, eventId));
}

/** A held seat becomes a sold one when its order is paid: increments in lock order. */
export function soldIncrements(lines: TicketLine[]): SQL[] {
  return inLockOrder(lines).map(
    (line) =>
      sql`update ${tickets} set ${sql.identifier(tickets.soldCount.name)} = ${tickets.soldCount} + ${line.quantity} where ${tickets.id} = ${line.ticketId}`,
  );
}

export async function markSeatsSold(tx: DbOrTx, lines: TicketLine[]): Promise<void> {
  for (const statement of soldIncrements(lines)) await tx.execute(statement);
}

import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { events, tickets, waitlistEntries, type WaitlistEntryRow } from '../../db/schema';

/** How many lapsed offers one pass takes; the next pass takes the rest. */
const LAPSE_BATCH = 200;

/**
 * Offers past their time, locked for this transaction alone: SKIP LOCKED hands each to exactly one
 * process, however many sweep at once.
 */
export async function lockLapsedOffers(tx: DbOrTx, eventId: string | undefined) {
  return tx
    .select()
    .from(waitlistEntries)
    .where(
      and(
        eq(waitlistEntries.status, 'offered'),
        sql`${waitlistEntries.offerExpiresAt} < now()`,
        eventId ? eq(waitlistEntries.eventId, eventId) : undefined,
      ),
    )
    .orderBy(waitlistEntries.offerExpiresAt)
    .limit(LAPSE_BATCH)
    .for('update', { skipLocked: true });
}

export async function markLapsed(tx: DbOrTx, ids: string[]) {
  if (ids.length === 0) return;
  await tx.update(waitlistEntries).set({ status: 'lapsed' }).where(inArray(waitlistEntries.id, ids));
}

/**
 * Gives back what offers reserved, in the order every writer of the counters takes them: ticket
 * types by id, then the event (purchase/hold/holds.repo.ts), so two transactions never wait on
 * each other in a cycle.
 */
export async function releaseOffered(
  tx: DbOrTx,
  entries: Pick<WaitlistEntryRow, 'eventId' | 'ticketId' | 'quantity'>[],
) {
  const perTicket = new Map<string, number>();
  const perEvent = new Map<string, number>();
  for (const entry of entries) {
    perTicket.set(entry.ticketId, (perTicket.get(entry.ticketId) ?? 0) + entry.quantity);
    perEvent.set(entry.eventId, (perEvent.get(entry.eventId) ?? 0) + entry.quantity);
  }
  for (const [ticketId, quantity] of [...perTicket].sort(([a], [b]) => a.localeCompare(b))) {
    await tx
      .update(tickets)
      .set({ reservedCount: sql`greatest(${tickets.reservedCount} - ${quantity}, 0)` })
      .where(eq(tickets.id, ticketId));
  }
  for (const [eventId, quantity] of [...perEvent].sort(([a], [b]) => a.localeCompare(b))) {
    await tx
      .update(events)
      .set({ reservedCount: sql`greatest(${events.reservedCount} - ${quantity}, 0)` })
      .where(eq(events.id, eventId));
  }
}

/**
 * Ticket types with someone waiting and, by their counters, something left: the only ones worth a
 * transaction. `eventId` narrows it to one event (tickets just came back there).
 */
export async function findTicketsToOffer(db: DbOrTx, eventId: string | undefined): Promise<string[]> {
  const rows = await db
    .selectDistinct({ ticketId: waitlistEntries.ticketId })
    .from(waitlistEntries)
    .innerJoin(tickets, eq(tickets.id, waitlistEntries.ticketId))
    .innerJoin(events, eq(events.id, tickets.eventId))
    .where(
      and(
        eq(waitlistEntries.status, 'waiting'),
        eventId ? eq(waitlistEntries.eventId, eventId) : undefined,
        or(isNull(tickets.quantity), sql`${tickets.reservedCount} < ${tickets.quantity}`),
        or(isNull(events.capacity), sql`${events.reservedCount} < ${events.capacity}`),
      ),
    );
  return rows.map((row) => row.ticketId).sort();
}

/**
 * The ticket type, locked for the rest of the transaction: offers of one type are made by one
 * process at a time, so its line is served in order and nothing is offered twice.
 */
export async function lockTicketWithEvent(tx: DbOrTx, ticketId: string) {
  const [ticket] = await tx.select().from(tickets).where(eq(tickets.id, ticketId)).for('update', { of: tickets });
  if (!ticket) return undefined;
  const [event] = await tx.select().from(events).where(eq(events.id, ticket.eventId));
  return event ? { ticket, event } : undefined;
}

/**
 * Reserves an offer's tickets with the conditional counter UPDATEs a hold uses (never past the
 * ticket type's quantity nor the event's capacity, checked and changed in one statement under the
 * row's lock), ticket first, then the event. False: it does not fit, and nothing is changed.
 */
export async function reserveForOffer(tx: DbOrTx, eventId: string, ticketId: string, quantity: number) {
  const ticket = await tx
    .update(tickets)
    .set({ reservedCount: sql`${tickets.reservedCount} + ${quantity}` })
    .where(
      and(
        eq(tickets.id, ticketId),
        or(isNull(tickets.quantity), sql`${tickets.reservedCount} + ${quantity} <= ${tickets.quantity}`),
      ),
    )
    .returning({ id: tickets.id });
  if (ticket.length === 0) return false;
  const event = await tx
    .update(events)
    .set({ reservedCount: sql`${events.reservedCount} + ${quantity}` })
    .where(
      and(
        eq(events.id, eventId),
        or(isNull(events.capacity), sql`${events.reservedCount} + ${quantity} <= ${events.capacity}`),
      ),
    )
    .returning({ id: events.id });
  if (event.length > 0) return true;
  await tx
    .update(tickets)
    .set({ reservedCount: sql`${tickets.reservedCount} - ${quantity}` })
    .where(eq(tickets.id, ticketId));
  return false;
}

/** The entry becomes an open offer, its token the key of the mailed link. */
export async function markOffered(tx: DbOrTx, entryId: string, token: string, minutes: number) {
  const [row] = await tx
    .update(waitlistEntries)
    .set({
      status: 'offered',
      offerToken: token,
      offeredAt: sql`now()`,
      offerExpiresAt: sql`now() + make_interval(mins => ${minutes})`,
    })
    .where(eq(waitlistEntries.id, entryId))
    .returning();
  return row!;
}

import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { mergeLines, releaseSeats, reserveSeats, type TicketLine } from '../purchase/seats.repo';
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
 * Gives back what offers reserved, as a lapsed hold gives its tickets back (releaseSeats: ticket
 * types by id, then the event, the order every writer of the counters takes them in).
 */
export async function releaseOffered(tx: Tx, entries: Pick<WaitlistEntryRow, 'eventId' | 'ticketId' | 'quantity'>[]) {
  const byEvent = new Map<string, TicketLine[]>();
  for (const entry of entries) {
    byEvent.set(entry.eventId, [
      ...(byEvent.get(entry.eventId) ?? []),
      { ticketId: entry.ticketId, quantity: entry.quantity },
    ]);
  }
  for (const eventId of [...byEvent.keys()].sort()) {
    await releaseSeats(tx, eventId, mergeLines(byEvent.get(eventId)!), false);
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
 * process at a time, so its line is served in order and nothing is offered twice. NO KEY UPDATE,
 * the lock a counter UPDATE takes itself: buyers' counter changes wait for it, while their new
 * attendee rows (whose foreign key takes KEY SHARE) do not.
 */
export async function lockTicketWithEvent(tx: DbOrTx, ticketId: string) {
  const [ticket] = await tx.select().from(tickets).where(eq(tickets.id, ticketId)).for('no key update');
  if (!ticket) return undefined;
  const [event] = await tx.select().from(events).where(eq(events.id, ticket.eventId));
  return event ? { ticket, event } : undefined;
}

class DoesNotFit extends Error {}

/**
 * Reserves an offer's tickets with the conditional counter UPDATEs a hold uses (reserveSeats: never
 * past the ticket type's quantity nor the event's capacity), in a savepoint, so that a head that
 * does not fit leaves the counters as they were while the offers made before it in this
 * transaction stay. False: it does not fit.
 */
export async function reserveForOffer(tx: Tx, eventId: string, ticketId: string, quantity: number) {
  try {
    await tx.transaction(async (savepoint) => {
      if (!(await reserveSeats(savepoint, eventId, [{ ticketId, quantity }])).ok) throw new DoesNotFit();
    });
    return true;
  } catch (error) {
    if (error instanceof DoesNotFit) return false;
    throw error;
  }
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

import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { tickets, waitlistEntries, type WaitlistEntryRow } from '../../db/schema';

/** The longest list one event's waiting lists answer (docs/decisions/0020: bounded lists). */
export const WAITLIST_LIST_CAP = 5000;

/** Line order everywhere: who joined first, the id breaking a tie (waitlist_line_idx). */
const lineOrder = [asc(waitlistEntries.createdAt), asc(waitlistEntries.id)];

/**
 * A new place at the end of the line, or nothing when the address already waits for (or holds an
 * offer of) this ticket type: the partial unique index decides, whatever the races.
 */
export async function insertEntry(
  db: DbOrTx,
  values: Pick<WaitlistEntryRow, 'clubId' | 'eventId' | 'ticketId' | 'email' | 'quantity' | 'language'>,
): Promise<WaitlistEntryRow | undefined> {
  const [row] = await db.insert(waitlistEntries).values(values).onConflictDoNothing().returning();
  return row;
}

/** The open place (waiting or offered) of an address on a ticket type's list. */
export async function findOpenEntry(db: DbOrTx, ticketId: string, email: string) {
  const [row] = await db
    .select()
    .from(waitlistEntries)
    .where(
      and(
        eq(waitlistEntries.ticketId, ticketId),
        eq(waitlistEntries.email, email),
        sql`${waitlistEntries.status} in ('waiting', 'offered')`,
      ),
    )
    .limit(1);
  return row;
}

/**
 * 1 = next: those still waiting who joined before it, plus itself. Compared in the database, whose
 * created_at keeps microseconds a JavaScript Date would round away.
 */
export async function positionOf(db: DbOrTx, entryId: string): Promise<number> {
  const [row] = await db
    .select({ ahead: sql<number>`count(*)::int` })
    .from(waitlistEntries)
    .where(
      and(
        eq(waitlistEntries.status, 'waiting'),
        sql`(${waitlistEntries.ticketId}, ${waitlistEntries.createdAt}, ${waitlistEntries.id}) < (
          select w.ticket_id, w.created_at, w.id from waitlist_entries w where w.id = ${entryId})`,
        sql`${waitlistEntries.ticketId} = (select w.ticket_id from waitlist_entries w where w.id = ${entryId})`,
      ),
    );
  return (row?.ahead ?? 0) + 1;
}

/** An event's entries in line order, with their ticket type's name. */
export async function findEntriesOfEvent(db: DbOrTx, scope: { clubId: string; eventId: string }) {
  return db
    .select({ entry: waitlistEntries, ticketName: tickets.name })
    .from(waitlistEntries)
    .innerJoin(tickets, eq(tickets.id, waitlistEntries.ticketId))
    .where(and(eq(waitlistEntries.clubId, scope.clubId), eq(waitlistEntries.eventId, scope.eventId)))
    .orderBy(...lineOrder)
    .limit(WAITLIST_LIST_CAP);
}

/** One entry, locked until the caller's transaction ends; `clubId` null: any club's (sudo). */
export async function lockEntry(tx: DbOrTx, id: string, clubId: string | null) {
  const [row] = await tx
    .select()
    .from(waitlistEntries)
    .where(and(eq(waitlistEntries.id, id), clubId === null ? undefined : eq(waitlistEntries.clubId, clubId)))
    .for('update');
  return row;
}

export async function setEntryStatus(tx: DbOrTx, id: string, status: WaitlistEntryRow['status']) {
  await tx.update(waitlistEntries).set({ status }).where(eq(waitlistEntries.id, id));
}

/** The head of a ticket type's line, locked (a remove waits for it, and it for a remove). */
export async function lockLineHead(tx: DbOrTx, ticketId: string) {
  const [row] = await tx
    .select()
    .from(waitlistEntries)
    .where(and(eq(waitlistEntries.ticketId, ticketId), eq(waitlistEntries.status, 'waiting')))
    .orderBy(...lineOrder)
    .limit(1)
    .for('update');
  return row;
}

/** The entry an offer link names, locked: two claims of one link queue on it. */
export async function lockEntryByToken(tx: DbOrTx, token: string) {
  const [row] = await tx.select().from(waitlistEntries).where(eq(waitlistEntries.offerToken, token)).for('update');
  return row;
}

/** The offer taken up: its place ends, and it names the registration its tickets now belong to. */
export async function markConverted(tx: DbOrTx, id: string, registrationId: string) {
  await tx.update(waitlistEntries).set({ status: 'converted', registrationId }).where(eq(waitlistEntries.id, id));
}

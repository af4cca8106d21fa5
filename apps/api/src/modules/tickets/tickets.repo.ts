import { and, asc, eq, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { tickets, type TicketRow } from '../../db/schema';

/** The counters are changed only by the purchase flow (registrations/holds.repo.ts). */
export type TicketValues = Omit<TicketRow, 'id' | 'createdAt' | 'updatedAt' | 'reservedCount' | 'soldCount'>;

const inClub = (clubId: string | null): SQL | undefined => (clubId === null ? undefined : eq(tickets.clubId, clubId));

export async function findTicketById(db: DbOrTx, id: string, clubId: string | null): Promise<TicketRow | undefined> {
  const [row] = await db
    .select()
    .from(tickets)
    .where(and(eq(tickets.id, id), inClub(clubId)));
  return row;
}

export async function findTicketsByEvent(db: DbOrTx, eventId: string, activeOnly: boolean): Promise<TicketRow[]> {
  return db
    .select()
    .from(tickets)
    .where(and(eq(tickets.eventId, eventId), activeOnly ? eq(tickets.isActive, true) : undefined))
    .orderBy(asc(tickets.position), asc(tickets.createdAt));
}

export async function insertTicket(db: DbOrTx, values: TicketValues): Promise<TicketRow> {
  const [row] = await db.insert(tickets).values(values).returning();
  return row!;
}

export async function updateTicket(
  db: DbOrTx,
  id: string,
  scope: { clubId: string; eventId: string },
  values: Partial<TicketValues>,
): Promise<TicketRow | undefined> {
  const [row] = await db
    .update(tickets)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(tickets.id, id), eq(tickets.clubId, scope.clubId), eq(tickets.eventId, scope.eventId)))
    .returning();
  return row;
}

export async function deleteTicket(db: DbOrTx, id: string, clubId: string): Promise<void> {
  await db.delete(tickets).where(and(eq(tickets.id, id), eq(tickets.clubId, clubId)));
}

export async function maxPosition(db: DbOrTx, eventId: string): Promise<number> {
  const rows = await db.select({ position: tickets.position }).from(tickets).where(eq(tickets.eventId, eventId));
  return rows.reduce((max, row) => Math.max(max, row.position), -1);
}

import { and, asc, eq, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { discounts, tickets, type DiscountRow } from '../../db/schema';
import { DISCOUNT_CATALOGUE } from '../events/catalogue-cap.repo';

/** What a save writes; `used_count` is the purchase's alone (discount-uses.repo.ts). */
export type DiscountValues = Omit<DiscountRow, 'id' | 'createdAt' | 'updatedAt' | 'usedCount'>;

/** The event a query stays inside, and its club (the tenant wall). */
export interface EventScope {
  clubId: string;
  eventId: string;
}

const inClub = (clubId: string | null): SQL | undefined => (clubId === null ? undefined : eq(discounts.clubId, clubId));
const inEvent = (scope: EventScope) => and(eq(discounts.clubId, scope.clubId), eq(discounts.eventId, scope.eventId));

/** Codes are compared without regard to case: this is the key the unique index holds. */
export const codeKeyOf = (code: string) => code.trim().toUpperCase();

export async function findDiscountById(
  db: DbOrTx,
  id: string,
  clubId: string | null,
): Promise<DiscountRow | undefined> {
  const [row] = await db
    .select()
    .from(discounts)
    .where(and(eq(discounts.id, id), inClub(clubId)));
  return row;
}

export async function findDiscountByCode(db: DbOrTx, eventId: string, code: string): Promise<DiscountRow | undefined> {
  const [row] = await db
    .select()
    .from(discounts)
    .where(and(eq(discounts.eventId, eventId), eq(discounts.codeKey, codeKeyOf(code))));
  return row;
}

export async function findDiscountsByEvent(db: DbOrTx, scope: EventScope): Promise<DiscountRow[]> {
  return db
    .select()
    .from(discounts)
    .where(inEvent(scope))
    .orderBy(asc(discounts.createdAt), asc(discounts.id))
    .limit(DISCOUNT_CATALOGUE.cap);
}

/** Which of the given ids are ticket types of the event (a code may name only those). */
/** Which of `ticketIds` are ticket types of the event, and whether each is hidden. */
export async function findEventTicketIds(
  db: DbOrTx,
  scope: EventScope,
  ticketIds: string[],
): Promise<{ id: string; hidden: boolean }[]> {
  if (ticketIds.length === 0) return [];
  return db
    .select({ id: tickets.id, hidden: tickets.hidden })
    .from(tickets)
    .where(and(eq(tickets.clubId, scope.clubId), eq(tickets.eventId, scope.eventId), inArray(tickets.id, ticketIds)));
}

export async function insertDiscount(db: DbOrTx, values: DiscountValues): Promise<DiscountRow> {
  const [row] = await db.insert(discounts).values(values).returning();
  return row!;
}

/**
 * Updates a code unless its new use limit is below the uses already taken: the check sits in the
 * UPDATE itself, so a use taken meanwhile cannot slip under it. Nothing comes back then.
 */
export async function updateDiscount(
  db: DbOrTx,
  id: string,
  scope: EventScope,
  values: Partial<DiscountValues>,
): Promise<DiscountRow | undefined> {
  const max = values.maxUses;
  const [row] = await db
    .update(discounts)
    .set({ ...values, updatedAt: new Date() })
    .where(
      and(
        eq(discounts.id, id),
        inEvent(scope),
        max === undefined || max === null ? undefined : lte(discounts.usedCount, max),
      ),
    )
    .returning();
  return row;
}

/** Orders that used it keep their code and amount; their discount_id is set null by the foreign key. */
export async function deleteDiscount(db: DbOrTx, id: string, clubId: string): Promise<boolean> {
  const rows = await db
    .delete(discounts)
    .where(and(eq(discounts.id, id), eq(discounts.clubId, clubId)))
    .returning({ id: discounts.id });
  return rows.length > 0;
}

/** The codes of an event that are usable now and name any of the given tickets (access codes). */
export const usableNow = (now: Date): SQL =>
  and(
    eq(discounts.isActive, true),
    or(isNull(discounts.maxUses), sql`${discounts.usedCount} < ${discounts.maxUses}`),
    or(isNull(discounts.validFrom), lte(discounts.validFrom, now)),
    or(isNull(discounts.validUntil), sql`${discounts.validUntil} >= ${now}`),
  )!;

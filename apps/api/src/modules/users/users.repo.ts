import { and, asc, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { events, staffEvents, users, type UserRow } from '../../db/schema';

export async function findUserById(db: DbOrTx, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

export async function findUserByEmail(db: DbOrTx, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email));
  return row;
}

/** A club's users, the first `limit` by creation. */
export async function findUsersByClub(db: DbOrTx, clubId: string, limit: number): Promise<UserRow[]> {
  return db
    .select()
    .from(users)
    .where(eq(users.clubId, clubId))
    .orderBy(asc(users.createdAt), asc(users.email))
    .limit(limit);
}

/** Namespace of the club-admins locks among the advisory locks of the database. */
const CLUB_ADMINS_LOCK_NAMESPACE = 5_310_021;

/** Holds a club's users until the transaction ends: creates of admins go one at a time. */
export async function lockClubUsers(tx: Tx, clubId: string): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${CLUB_ADMINS_LOCK_NAMESPACE}, hashtext(${clubId}))`);
}

export async function countClubUsers(tx: Tx, clubId: string): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(users).where(eq(users.clubId, clubId));
  return row?.n ?? 0;
}

export async function findAnySudo(db: DbOrTx): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.role, 20)).limit(1);
  return row;
}

export async function insertUser(
  db: DbOrTx,
  values: {
    email: string;
    name: string;
    passwordHash: string;
    role: number;
    allEvents?: boolean;
    clubId: string | null;
  },
): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  return row!;
}

/**
 * Which user an update may change: `clubId` keeps it inside one club (the tenant wall, null for
 * sudo), `sessionVersion` refuses it once the caller's session has been ended by another change.
 */
export interface UserUpdateTarget {
  id: string;
  clubId?: string | null;
  sessionVersion?: number;
}

/**
 * A new password hash raises the user's session version in the same statement, so every token
 * signed before it answers 401 (docs/product.md section 18). Answers undefined when no user matched.
 */
export async function updateUser(
  db: DbOrTx,
  target: UserUpdateTarget,
  values: { email: string; name: string; passwordHash?: string; role?: number; allEvents?: boolean },
): Promise<UserRow | undefined> {
  const conditions = [eq(users.id, target.id)];
  if (target.clubId !== undefined) {
    conditions.push(target.clubId === null ? isNull(users.clubId) : eq(users.clubId, target.clubId));
  }
  if (target.sessionVersion !== undefined) conditions.push(eq(users.sessionVersion, target.sessionVersion));
  const [row] = await db
    .update(users)
    .set({
      ...values,
      ...(values.passwordHash ? { sessionVersion: sql`${users.sessionVersion} + 1` } : {}),
      updatedAt: new Date(),
    })
    .where(and(...conditions))
    .returning();
  return row;
}

/** A new invitation hash for an invited account, only while it still holds the one read (no password set since). */
export async function renewInvitation(
  db: DbOrTx,
  seen: { id: string; passwordHash: string },
  invitation: string,
): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ passwordHash: invitation, updatedAt: new Date() })
    .where(and(eq(users.id, seen.id), eq(users.passwordHash, seen.passwordHash)))
    .returning();
  return row;
}

/** A session was opened for the user now. */
export async function recordSignIn(db: DbOrTx, id: string): Promise<void> {
  await db
    .update(users)
    .set({ lastSignedInAt: sql`now()` })
    .where(eq(users.id, id));
}

export async function deleteUser(db: DbOrTx, id: string): Promise<void> {
  await db.delete(users).where(eq(users.id, id));
}

/** The events each of these users works (door staff); users with none listed are absent. */
export async function findStaffEventIds(db: DbOrTx, userIds: string[]): Promise<Map<string, string[]>> {
  const worked = new Map<string, string[]>();
  if (userIds.length === 0) return worked;
  const rows = await db
    .select({ userId: staffEvents.userId, eventId: staffEvents.eventId })
    .from(staffEvents)
    .where(inArray(staffEvents.userId, userIds))
    .orderBy(asc(staffEvents.eventId));
  for (const row of rows) worked.set(row.userId, [...(worked.get(row.userId) ?? []), row.eventId]);
  return worked;
}

/** Which of these ids are events of the club. */
export async function findClubEventIds(db: DbOrTx, clubId: string, eventIds: string[]): Promise<Set<string>> {
  if (eventIds.length === 0) return new Set();
  const rows = await db
    .select({ id: events.id })
    .from(events)
    .where(and(eq(events.clubId, clubId), inArray(events.id, eventIds)));
  return new Set(rows.map((row) => row.id));
}

/** Replaces the events a user works (none: no event, every event with users.all_events, or not door staff). */
export async function replaceStaffEvents(tx: Tx, userId: string, clubId: string, eventIds: string[]): Promise<void> {
  await tx.delete(staffEvents).where(eq(staffEvents.userId, userId));
  if (eventIds.length > 0) {
    await tx.insert(staffEvents).values(eventIds.map((eventId) => ({ userId, eventId, clubId })));
  }
}

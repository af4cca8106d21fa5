import { and, asc, count, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { users, type UserRow } from '../../db/schema';

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
  values: { email: string; name: string; passwordHash: string; role: number; clubId: string | null },
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
  values: { email: string; name: string; passwordHash?: string },
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

export async function deleteUser(db: DbOrTx, id: string): Promise<void> {
  await db.delete(users).where(eq(users.id, id));
}

import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { users, type UserRow } from '../../db/schema';

export async function findUserById(db: DbOrTx, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

export async function findUserByEmail(db: DbOrTx, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email));
  return row;
}

export async function findUsersByClub(db: DbOrTx, clubId: string): Promise<UserRow[]> {
  return db.select().from(users).where(eq(users.clubId, clubId)).orderBy(asc(users.createdAt), asc(users.email));
}

export async function findUsersByClubs(db: DbOrTx, clubIds: string[]): Promise<UserRow[]> {
  if (clubIds.length === 0) return [];
  return db.select().from(users).where(inArray(users.clubId, clubIds)).orderBy(asc(users.createdAt), asc(users.email));
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

export async function updateUser(
  db: DbOrTx,
  id: string,
  clubId: string,
  values: { email: string; name: string; passwordHash?: string },
): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(users.id, id), eq(users.clubId, clubId)))
    .returning();
  return row;
}

export async function deleteUser(db: DbOrTx, id: string): Promise<void> {
  await db.delete(users).where(eq(users.id, id));
}

import { asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { users, type UserRow } from '../../db/schema';

/** The users of each of these clubs, at most `perClub` of each (the first by creation). */
export async function findUsersByClubs(db: DbOrTx, clubIds: string[], perClub: number): Promise<UserRow[]> {
  if (clubIds.length === 0) return [];
  const ranked = db
    .select({
      id: users.id,
      rank: sql<number>`row_number() OVER (PARTITION BY ${users.clubId} ORDER BY ${users.createdAt}, ${users.email})`.as(
        'rank',
      ),
    })
    .from(users)
    .where(inArray(users.clubId, clubIds))
    .as('ranked');
  const rows = await db
    .select({ user: users })
    .from(users)
    .innerJoin(ranked, eq(ranked.id, users.id))
    .where(lte(ranked.rank, perClub))
    .orderBy(asc(users.createdAt), asc(users.email));
  return rows.map((row) => row.user);
}

import { asc, eq, ilike, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { clubs, type ClubRow } from '../../db/schema';

export interface ClubValues {
  name: string;
  description: string | null;
  website: string | null;
  logoUrl: string | null;
  slug?: string | null;
  contactEmail?: string | null;
}

export async function findClubById(db: DbOrTx, id: string): Promise<ClubRow | undefined> {
  const [row] = await db.select().from(clubs).where(eq(clubs.id, id));
  return row;
}

/** The club whose id or slug this is; an id wins, since slugs shaped like ids are refused (ZClubSlug). */
export async function findClubByIdOrSlug(db: DbOrTx, idOrSlug: string): Promise<ClubRow | undefined> {
  const rows = await db
    .select()
    .from(clubs)
    .where(or(eq(clubs.id, idOrSlug), eq(clubs.slug, idOrSlug)))
    .limit(2);
  return rows.find((row) => row.id === idOrSlug) ?? rows[0];
}

export async function findClubBySlug(db: DbOrTx, slug: string): Promise<ClubRow | undefined> {
  const [row] = await db.select().from(clubs).where(eq(clubs.slug, slug));
  return row;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Every club by name (or those whose name contains `search`), `limit` of them from `offset`. */
export async function findAllClubs(
  db: DbOrTx,
  window: { limit: number; offset: number },
  search?: string,
): Promise<ClubRow[]> {
  return db
    .select()
    .from(clubs)
    .where(search ? ilike(clubs.name, `%${escapeLike(search)}%`) : undefined)
    .orderBy(asc(clubs.name), asc(clubs.createdAt), asc(clubs.id))
    .limit(window.limit)
    .offset(window.offset);
}

export async function insertClub(db: DbOrTx, values: ClubValues): Promise<ClubRow> {
  const [row] = await db.insert(clubs).values(values).returning();
  return row!;
}

export async function updateClub(db: DbOrTx, id: string, values: Partial<ClubValues>): Promise<ClubRow | undefined> {
  const [row] = await db
    .update(clubs)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(clubs.id, id))
    .returning();
  return row;
}

/** Everything the club owns goes with it (foreign keys cascade from club_id). */
export async function deleteClub(db: DbOrTx, id: string): Promise<boolean> {
  const rows = await db.delete(clubs).where(eq(clubs.id, id)).returning({ id: clubs.id });
  return rows.length > 0;
}

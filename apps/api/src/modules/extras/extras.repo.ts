import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import { LIST_CAPS } from '@clubtix/contract';
import type { DbOrTx } from '../../db/client';
import { events, extras, type ExtrasRow } from '../../db/schema';
import { isForeignKeyViolation } from '../../db/errors';

export type ExtrasValues = Omit<ExtrasRow, 'id' | 'createdAt' | 'updatedAt'>;

const inClub = (clubId: string | null): SQL | undefined => (clubId === null ? undefined : eq(extras.clubId, clubId));

export async function findExtrasById(db: DbOrTx, id: string, clubId: string | null): Promise<ExtrasRow | undefined> {
  const [row] = await db
    .select()
    .from(extras)
    .where(and(eq(extras.id, id), inClub(clubId)));
  return row;
}

export async function findExtrasByEvent(
  db: DbOrTx,
  scope: { clubId: string; eventId: string },
  activeOnly: boolean,
): Promise<ExtrasRow[]> {
  return db
    .select()
    .from(extras)
    .where(
      and(
        eq(extras.clubId, scope.clubId),
        eq(extras.eventId, scope.eventId),
        activeOnly ? eq(extras.isActive, true) : undefined,
      ),
    )
    .orderBy(asc(extras.createdAt), asc(extras.name))
    .limit(LIST_CAPS.extras);
}

/** Active extras of published events only: what the public may buy. */
export async function findPublicExtrasByIds(db: DbOrTx, ids: string[]): Promise<ExtrasRow[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ extras })
    .from(extras)
    .innerJoin(events, eq(events.id, extras.eventId))
    .where(and(inArray(extras.id, ids), eq(extras.isActive, true), eq(events.status, 'published')))
    .orderBy(asc(extras.createdAt));
  return rows.map((row) => row.extras);
}

export async function insertExtras(db: DbOrTx, values: ExtrasValues): Promise<ExtrasRow> {
  const [row] = await db.insert(extras).values(values).returning();
  return row!;
}

export async function updateExtras(
  db: DbOrTx,
  id: string,
  scope: { clubId: string; eventId: string },
  values: Partial<ExtrasValues>,
): Promise<ExtrasRow | undefined> {
  const [row] = await db
    .update(extras)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(extras.id, id), eq(extras.clubId, scope.clubId), eq(extras.eventId, scope.eventId)))
    .returning();
  return row;
}

/** Deletes an extra of that event; 'in-use' when orders or purchases still name it. */
export async function deleteExtras(
  db: DbOrTx,
  id: string,
  scope: { clubId: string; eventId: string },
): Promise<'deleted' | 'missing' | 'in-use'> {
  try {
    const rows = await db
      .delete(extras)
      .where(and(eq(extras.id, id), eq(extras.clubId, scope.clubId), eq(extras.eventId, scope.eventId)))
      .returning({ id: extras.id });
    return rows.length > 0 ? 'deleted' : 'missing';
  } catch (error) {
    if (isForeignKeyViolation(error)) return 'in-use';
    throw error;
  }
}

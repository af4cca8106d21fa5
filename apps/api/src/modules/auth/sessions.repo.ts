import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema';

/**
 * Ends every session of the user: its session version is raised, so each token signed before
 * answers 401 (plugins/auth.ts). Only while `sessionVersion` is still the user's: a session that
 * another change has already ended changes nothing. Answers whether it ended them.
 */
export async function endSessions(db: DbOrTx, target: { id: string; sessionVersion: number }): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ sessionVersion: sql`${users.sessionVersion} + 1`, updatedAt: new Date() })
    .where(and(eq(users.id, target.id), eq(users.sessionVersion, target.sessionVersion)))
    .returning({ id: users.id });
  return rows.length > 0;
}

import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { users, type UserRow } from '../../db/schema';

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

/**
 * A password set through a reset or invitation link (auth/password-reset.service.ts): only while the
 * account still has the password hash and session version the link was checked against, so a link
 * sets it once however many uses arrive at once. The session version is raised, ending every earlier
 * session. Answers the updated row, or undefined when another use (or change) came first.
 */
export async function setPasswordFromLink(
  db: DbOrTx,
  seen: { id: string; passwordHash: string; sessionVersion: number },
  passwordHash: string,
): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ passwordHash, sessionVersion: sql`${users.sessionVersion} + 1`, updatedAt: new Date() })
    .where(
      and(
        eq(users.id, seen.id),
        eq(users.passwordHash, seen.passwordHash),
        eq(users.sessionVersion, seen.sessionVersion),
      ),
    )
    .returning();
  return row;
}

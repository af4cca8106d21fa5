import { and, asc, eq, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { mailOutbox, type MailRow } from '../../db/schema';

export interface MailValues {
  clubId: string | null;
  to: string;
  subject: string;
  text: string;
  html: string;
  dedupeKey: string | null;
}

/** Queues a mail in the caller's transaction; the same dedupe key twice queues it once. */
export async function queueMail(db: DbOrTx, values: MailValues): Promise<boolean> {
  const rows = await db.insert(mailOutbox).values(values).onConflictDoNothing().returning({ id: mailOutbox.id });
  return rows.length > 0;
}

/** Takes queued mails for sending; SKIP LOCKED gives each to one process only. */
export async function claimQueued(db: DbOrTx, limit: number): Promise<MailRow[]> {
  return db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.status, 'queued'), lt(mailOutbox.attempts, 5)))
    .orderBy(asc(mailOutbox.createdAt))
    .limit(limit)
    .for('update', { skipLocked: true });
}

export async function markMail(
  db: DbOrTx,
  id: string,
  values: Partial<Pick<MailRow, 'status' | 'attempts' | 'lastError' | 'sentAt'>>,
): Promise<void> {
  await db.update(mailOutbox).set(values).where(eq(mailOutbox.id, id));
}

import { and, asc, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { mailOutbox, type MailAttachment, type MailRow } from '../../db/schema';

export interface MailValues {
  clubId: string | null;
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments?: MailAttachment[];
  dedupeKey: string | null;
  topic?: string | null;
}

/**
 * Queues mails in the caller's transaction, in one statement (a confirmation's tickets to the buyer
 * and each attendee); a dedupe key already queued queues nothing again.
 */
export async function queueMails(db: DbOrTx, values: MailValues[]): Promise<void> {
  if (values.length === 0) return;
  await db.insert(mailOutbox).values(values).onConflictDoNothing();
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

/** Marks mails kept in the outbox (no SMTP set), all in one statement. */
export async function markKept(db: DbOrTx, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(mailOutbox)
    .set({ status: 'kept', attempts: sql`${mailOutbox.attempts} + 1` })
    .where(inArray(mailOutbox.id, ids));
}

/**
 * Holds, until the transaction ends, the right to count and queue mail of one topic to one address:
 * two requests at the same moment then count one after the other, and a limit cannot be passed by
 * racing it. Works across processes, as the count lives in the database.
 */
export async function lockMailTopic(tx: Tx, topic: string, to: string): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`mail:${topic}:${to}`}, 0))`);
}

/** Mails of one topic queued for one address in the last `minutes`, whatever became of them. */
export async function countRecentMail(db: DbOrTx, topic: string, to: string, minutes: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(mailOutbox)
    .where(
      and(
        eq(mailOutbox.topic, topic),
        eq(mailOutbox.to, to),
        gt(mailOutbox.createdAt, sql`now() - make_interval(mins => ${minutes})`),
      ),
    );
  return row?.n ?? 0;
}

import { randomUUID } from 'node:crypto';
import { and, desc, eq, gt, gte, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { rowOf, runPrepared, selectList } from '../../db/prepared';
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
  messageId?: string | null;
}

/**
 * Writes mails to the outbox in the caller's transaction, in one statement (a confirmation's tickets
 * to the buyer and each attendee); a dedupe key already queued queues nothing again. Only
 * mail-queue.ts calls it, after the club's mail quotas are checked.
 */
export async function insertMails(db: DbOrTx, values: MailValues[]): Promise<void> {
  if (values.length === 0) return;
  // One array a column, so the statement's text is the same for any number of mails: building a
  // row of values a mail was most of the time a batch of confirmations spent in Drizzle, and
  // PostgreSQL parsed each batch's text anew (docs/decisions/0060-hold-count-by-email.md).
  const column = <T>(of: (mail: MailValues) => T) => sql.param(values.map(of));
  await db.execute(sql`INSERT INTO mail_outbox (id, club_id, "to", subject, text, html, attachments, dedupe_key, topic, message_id)
    SELECT * FROM unnest(
      ${column(() => randomUUID())}::text[], ${column((mail) => mail.clubId)}::text[],
      ${column((mail) => mail.to)}::text[], ${column((mail) => mail.subject)}::text[],
      ${column((mail) => mail.text)}::text[], ${column((mail) => mail.html)}::text[],
      ${column((mail) => JSON.stringify(mail.attachments ?? []))}::jsonb[],
      ${column((mail) => mail.dedupeKey)}::text[], ${column((mail) => mail.topic ?? null)}::text[],
      ${column((mail) => mail.messageId ?? null)}::text[])
    ON CONFLICT DO NOTHING`);
}

/**
 * The mails whose time has come, oldest first, up to $1: queued ones not backing off, and 'sending'
 * ones whose lease ran out, left by a process that stopped while sending them (the due index's
 * condition, word for word). SKIP LOCKED gives each row to one process; MATERIALIZED makes the
 * statement pick them once.
 */
const DUE_MAILS = `WITH due AS MATERIALIZED (
    SELECT id FROM mail_outbox
    WHERE status IN ('queued', 'sending') AND (next_attempt_at IS NULL OR next_attempt_at <= now())
    ORDER BY created_at
    LIMIT $1
    FOR UPDATE SKIP LOCKED
  )`;

/**
 * Claims up to `limit` due mails in one statement, each marked 'sending' for `leaseSeconds`, so the
 * caller sends them holding no lock while it waits on the mail server.
 */
const CLAIM_DUE_MAILS = {
  name: 'mail-claim-due',
  text: `${DUE_MAILS}
  UPDATE mail_outbox m SET status = 'sending', next_attempt_at = now() + make_interval(secs => $2)
  FROM due WHERE m.id = due.id
  RETURNING ${selectList(mailOutbox, 'm', 'm')}`,
};

export async function claimDueMails(db: Db, limit: number, leaseSeconds: number): Promise<MailRow[]> {
  const rows = await runPrepared(db.$client, CLAIM_DUE_MAILS, [limit, leaseSeconds]);
  const claimed = rows.map((row) => rowOf(mailOutbox, row, 'm'));
  return claimed.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
}

/** With no mail server: up to `limit` due mails marked kept in the outbox, in one statement. */
const KEEP_DUE_MAILS = {
  name: 'mail-keep-due',
  text: `${DUE_MAILS}
  UPDATE mail_outbox m SET status = 'kept', attempts = m.attempts + 1, next_attempt_at = NULL
  FROM due WHERE m.id = due.id
  RETURNING m.id, m.club_id AS "clubId"`,
};

export async function keepDueMails(db: Db, limit: number): Promise<{ id: string; clubId: string | null }[]> {
  return runPrepared(db.$client, KEEP_DUE_MAILS, [limit]);
}

/*
 * The marks below change a mail only while it is 'sending': should its lease have run out and
 * another process have taken and sent it meanwhile, a late answer does not put it back in the queue.
 */

export async function markMailSent(db: DbOrTx, id: string, attempts: number): Promise<void> {
  await db
    .update(mailOutbox)
    .set({ status: 'sent', attempts, sentAt: sql`now()`, lastError: null, nextAttemptAt: null })
    .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, 'sending')));
}

/** A refused try: queued again, not before `retryInMs` from now; or, with null, failed for good. */
export async function markMailRefused(
  db: DbOrTx,
  id: string,
  values: { attempts: number; lastError: string; retryInMs: number | null },
): Promise<void> {
  const { attempts, lastError, retryInMs } = values;
  await db
    .update(mailOutbox)
    .set(
      retryInMs === null
        ? { status: 'failed', attempts, lastError, nextAttemptAt: null }
        : {
            status: 'queued',
            attempts,
            lastError,
            nextAttemptAt: sql`now() + make_interval(secs => ${retryInMs / 1000})`,
          },
    )
    .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, 'sending')));
}

/** Gives back claimed mails that were not tried, due again at once, their attempts unchanged. */
export async function releaseMails(db: DbOrTx, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(mailOutbox)
    .set({ status: 'queued', nextAttemptAt: null })
    .where(and(inArray(mailOutbox.id, ids), eq(mailOutbox.status, 'sending')));
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

/**
 * Holds, until the transaction ends, the right to count and queue the limited mail of one club (its
 * daily limit and per-recipient limit, and sendTicket's per-attendee limit): every limited mail of
 * the club, from any process, is counted and queued one after the other. Take it after the order's
 * and registration's row locks and before any counter row (tickets, events) is written, the order
 * every path follows, so that two of them never wait on each other.
 */
export async function lockClubMail(tx: DbOrTx, clubId: string): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`mail-quota:${clubId}`}, 0))`);
}

/** Mails the club queued since the start of today (UTC), whatever became of them; counting stops at `upTo`. */
export async function countClubMailToday(db: DbOrTx, clubId: string, upTo: number): Promise<number> {
  const today = sql`(date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC')`;
  const recent = db
    .select({ one: sql`1` })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.clubId, clubId), gte(mailOutbox.createdAt, today)))
    .limit(upTo)
    .as('recent');
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(recent);
  return row?.n ?? 0;
}

export interface RecipientUsage {
  to: string;
  /** Limited mails (those with a topic) the club queued to this address in the window. */
  count: number;
  /** When the `nth` most recent of them was queued; null with fewer than `nth`. */
  nthLatestAt: Date | null;
}

/** The club's limited mails (those with a topic) to each address in the last `minutes`. */
export async function findRecipientUsage(
  db: DbOrTx,
  clubId: string,
  recipients: string[],
  nth: number,
  minutes: number,
): Promise<RecipientUsage[]> {
  if (recipients.length === 0) return [];
  const rows = await db
    .select({
      to: mailOutbox.to,
      count: sql<number>`count(*)::int`,
      nthLatestAt: sql<
        string | Date | null
      >`(array_agg(${mailOutbox.createdAt} ORDER BY ${mailOutbox.createdAt} DESC))[${sql.raw(String(Math.trunc(nth)))}]`,
    })
    .from(mailOutbox)
    .where(
      and(
        eq(mailOutbox.clubId, clubId),
        inArray(mailOutbox.to, recipients),
        isNotNull(mailOutbox.topic),
        gt(mailOutbox.createdAt, sql`now() - make_interval(mins => ${minutes})`),
      ),
    )
    .groupBy(mailOutbox.to);
  return rows.map((row) => ({ ...row, nthLatestAt: row.nthLatestAt === null ? null : new Date(row.nthLatestAt) }));
}

/** When the `nth` most recent mail of a topic (to any address) was queued in the last `minutes`; undefined with fewer. */
export async function findNthRecentTopicMail(
  db: DbOrTx,
  topic: string,
  nth: number,
  minutes: number,
): Promise<Date | undefined> {
  const [row] = await db
    .select({ createdAt: mailOutbox.createdAt })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.topic, topic), gt(mailOutbox.createdAt, sql`now() - make_interval(mins => ${minutes})`)))
    .orderBy(desc(mailOutbox.createdAt))
    .offset(nth - 1)
    .limit(1);
  return row?.createdAt;
}

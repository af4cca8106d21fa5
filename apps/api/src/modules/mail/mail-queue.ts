import { MAILS_PER_RECIPIENT_PER_HOUR } from '@clubtix/contract';
import type { Config } from '../../config';
import type { DbOrTx } from '../../db/client';
import { type AppError, RateLimitedError } from '../../core/errors';
import { applyQuotas, HOUR_MINUTES, type MailQuota, type QuotaRefusal, bulkRefusal } from './mail-quota';
import { countClubMailToday, findRecipientUsage, insertMails, lockClubMail, type MailValues } from './outbox.repo';

/**
 * A mail to queue and how it meets the club's quotas. A mail that counts against the per-recipient
 * limit carries a topic: that is how the outbox tells it from a purchase's own mail.
 */
export type QueuedMail = Omit<MailValues, 'topic'> &
  ({ quota: Extract<MailQuota, 'always'>; topic?: null } | { quota: Exclude<MailQuota, 'always'>; topic: string });

export type MailLimits = Pick<Config, 'mailDailyLimitPerClub'>;

/**
 * 429 RATE_LIMITED, saying which limit and when it ends (the admin's screen and the buyer's checkout
 * show it), with Retry-After counting down to that moment as every 429 does (docs/product.md section 18).
 */
export function mailRefused(refusal: QuotaRefusal, now = new Date()): AppError {
  const seconds = Math.max(1, Math.ceil((refusal.retryAt.getTime() - now.getTime()) / 1000));
  return new RateLimitedError(refusal.message, seconds);
}

/**
 * Queues mail in the caller's transaction, past the club's quotas (mail-quota.ts): a refused
 * 'limited' mail throws 429 so that the caller's transaction rolls back, queues nothing and writes
 * nothing else. The count and the insert run under the club's mail lock, so that no number of
 * requests on any number of processes gets past a limit. With no limited mail, no lock is taken:
 * a paid purchase's mail is counted by being in the outbox, and waits on nobody.
 */
export async function queueMails(tx: DbOrTx, limits: MailLimits, mails: QueuedMail[]): Promise<void> {
  const kept: QueuedMail[] = [];
  const clubs = new Map<string | null, QueuedMail[]>();
  for (const mail of mails) clubs.set(mail.clubId, [...(clubs.get(mail.clubId) ?? []), mail]);
  for (const [clubId, ofClub] of clubs) {
    if (clubId === null || ofClub.every((mail) => mail.quota === 'always')) {
      kept.push(...ofClub);
      continue;
    }
    await lockClubMail(tx, clubId);
    const dailyLimit = limits.mailDailyLimitPerClub;
    const checked = [...new Set(ofClub.filter((mail) => mail.quota !== 'always').map((mail) => mail.to))];
    const queuedToday = dailyLimit > 0 ? await countClubMailToday(tx, clubId, dailyLimit) : 0;
    const recipients = await findRecipientUsage(tx, clubId, checked, MAILS_PER_RECIPIENT_PER_HOUR, HOUR_MINUTES);
    const decided = applyQuotas(
      ofClub,
      { dailyLimit, queuedToday, recipients: new Map(recipients.map((usage) => [usage.to, usage])) },
      new Date(),
    );
    if (decided.refusal) throw mailRefused(decided.refusal);
    kept.push(...decided.kept);
  }
  if (kept.length === 0) return;
  await insertMails(
    tx,
    kept.map(({ quota: _quota, topic, ...values }) => ({ ...values, topic: topic ?? null })),
  );
}

/** How many more mails the club may queue today; null: no daily limit. Count under the club's mail lock to act on it. */
export async function mailsLeftToday(tx: DbOrTx, limits: MailLimits, clubId: string): Promise<number | null> {
  const dailyLimit = limits.mailDailyLimitPerClub;
  if (dailyLimit <= 0) return null;
  return Math.max(0, dailyLimit - (await countClubMailToday(tx, clubId, dailyLimit)));
}

/** Rows written per INSERT: a message to thousands is queued in bounded statements. */
const BULK_BATCH = 500;

/**
 * An organiser's message to many (docs/decisions/0040-messages-and-reminders.md): all of it fits in the
 * club's day or none of it is queued (429, the caller's transaction rolls back). The per-recipient
 * hourly limit guards addresses typed by strangers; a message goes to the event's own attendees, each
 * once, so it is not held to it. With `dryRun` nothing is queued: the count is answered.
 */
export async function queueBulkMails(
  tx: DbOrTx,
  limits: MailLimits,
  clubId: string,
  mails: Omit<MailValues, 'clubId' | 'topic'>[],
  dryRun = false,
): Promise<{ remainingToday: number | null }> {
  await lockClubMail(tx, clubId);
  const remaining = await mailsLeftToday(tx, limits, clubId);
  if (dryRun) return { remainingToday: remaining };
  if (remaining !== null && mails.length > remaining) {
    throw mailRefused(bulkRefusal(mails.length, remaining, limits.mailDailyLimitPerClub, new Date()));
  }
  for (let start = 0; start < mails.length; start += BULK_BATCH) {
    await insertMails(
      tx,
      mails.slice(start, start + BULK_BATCH).map((mail) => ({ ...mail, clubId, topic: null })),
    );
  }
  return { remainingToday: remaining === null ? null : remaining - mails.length };
}

import { MAILS_PER_RECIPIENT_PER_HOUR } from '@clubtix/contract';
import type { Config } from '../../config';
import type { DbOrTx } from '../../db/client';
import { type AppError, RateLimitedError } from '../../core/errors';
import { applyQuotas, HOUR_MINUTES, type MailQuota, type QuotaRefusal } from './mail-quota';
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

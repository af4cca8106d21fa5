import { MAILS_PER_RECIPIENT_PER_HOUR } from '@clubtix/contract';
import { say, sayIn, type Said } from '../../core/errors';
import type { MessageParams } from '../../core/i18n';

/*
 * The club's mail quotas (docs/product.md section 18; docs/decisions/0017-free-bookings-by-email-and-mail-quotas.md),
 * as pure rules: what one call may queue, given what the club has queued already.
 */

/**
 * How a mail meets the quotas:
 * - 'always': a purchase's own ticket mail (paid, or a free booking whose buyer proved the mailbox
 *   by opening its link): queued whatever the count, and counted in the club's day;
 * - 'limited': mail to an address nobody proved (a resend, a lookup, a free booking's mail): past a
 *   limit the call is refused with 429 and writes nothing;
 * - 'courtesy': a copy the buyer's own mail already carries (an attendee's ticket from a free
 *   booking): past a limit it is left out, and the call goes on.
 */
export type MailQuota = 'always' | 'limited' | 'courtesy';

/** The window of the per-recipient limit and of sendTicket's per-attendee limit. */
export const HOUR_MINUTES = 60;
const HOUR_MS = HOUR_MINUTES * 60_000;

export interface ClubMailUsage {
  /** MAIL_DAILY_LIMIT_PER_CLUB; 0: no daily limit. */
  dailyLimit: number;
  /** Mails the club queued today (UTC), counted up to the limit. */
  queuedToday: number;
  /** Per address: the limited mails of the last hour, and when the MAILS_PER_RECIPIENT_PER_HOUR-th latest was queued. */
  recipients: Map<string, { count: number; nthLatestAt: Date | null }>;
}

export interface QuotaRefusal {
  message: Said;
  retryAt: Date;
}

/** "in 5 minutes", "in 2 hours 5 minutes": a refusal says when it ends, the same in any time zone. */
export function inAbout(retryAt: Date, now: Date): Said {
  const minutes = Math.max(1, Math.ceil((retryAt.getTime() - now.getTime()) / 60_000));
  if (minutes < 60) return say('in {minutes, plural, one {# minute} other {# minutes}}', { minutes });
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest > 0
    ? say('in {hours, plural, one {# hour} other {# hours}} {minutes, plural, one {# minute} other {# minutes}}', {
        hours,
        minutes: rest,
      })
    : say('in {hours, plural, one {# hour} other {# hours}}', { hours });
}

/** A message whose {when} is itself a message ("in 5 minutes"), said in the same language. */
function sayWhen(key: string, params: MessageParams, when: Said): Said {
  return (language) => sayIn(language, say(key, { ...params, when: sayIn(language, when) }));
}

/** The next midnight, UTC: when the daily count starts again. */
export function nextUtcMidnight(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1));
}

function dailyRefusal(limit: number, now: Date): QuotaRefusal {
  const retryAt = nextUtcMidnight(now);
  return {
    retryAt,
    message: sayWhen(
      'This club has reached its limit of {limit} e-mails a day, so no more can be sent today. The limit resets at midnight UTC, {when}.',
      { limit },
      inAbout(retryAt, now),
    ),
  };
}

/** A message to more people than the club's day has room for: nothing of it is sent. */
export function bulkRefusal(wanted: number, remaining: number, limit: number, now: Date): QuotaRefusal {
  const retryAt = nextUtcMidnight(now);
  return {
    retryAt,
    message: sayWhen(
      'This message would send {wanted} e-mails, but this club can send only {remaining} more today (its limit is {limit} a day), so nothing was sent. The limit resets at midnight UTC, {when}.',
      { wanted, remaining, limit },
      inAbout(retryAt, now),
    ),
  };
}

function recipientRefusal(to: string, nthLatestAt: Date | null, now: Date): QuotaRefusal {
  const retryAt = new Date((nthLatestAt ?? now).getTime() + HOUR_MS);
  return {
    retryAt,
    message: sayWhen(
      '{to} has already been sent {count} e-mails from this club in the last hour, the most allowed. More can be sent to this address {when}.',
      { to, count: MAILS_PER_RECIPIENT_PER_HOUR },
      inAbout(retryAt, now),
    ),
  };
}

/** sendTicket's own limit, per attendee: `nthLatestAt` is when the oldest send that still counts was queued. */
export function resendRefusal(perHour: number, nthLatestAt: Date, now: Date): QuotaRefusal {
  const retryAt = new Date(nthLatestAt.getTime() + HOUR_MS);
  return {
    retryAt,
    message: sayWhen(
      'This ticket was already sent {perHour} times in the last hour, the most allowed. It can be sent again {when}.',
      { perHour },
      inAbout(retryAt, now),
    ),
  };
}

/**
 * Which of one club's mails may be queued, in their order: 'always' ones all (they count first),
 * the others while the day and their recipient's hour have room. The first 'limited' mail without
 * room refuses the whole call; a 'courtesy' one is left out.
 */
export function applyQuotas<M extends { to: string; quota: MailQuota }>(
  mails: M[],
  usage: ClubMailUsage,
  now: Date,
): { kept: M[]; refusal?: QuotaRefusal } {
  let today = usage.queuedToday + mails.filter((mail) => mail.quota === 'always').length;
  const hourly = new Map([...usage.recipients].map(([to, seen]) => [to, seen.count]));
  const kept: M[] = [];
  for (const mail of mails) {
    if (mail.quota === 'always') {
      kept.push(mail);
      continue;
    }
    const toRecipient = hourly.get(mail.to) ?? 0;
    let refusal: QuotaRefusal | undefined;
    if (usage.dailyLimit > 0 && today >= usage.dailyLimit) refusal = dailyRefusal(usage.dailyLimit, now);
    else if (toRecipient >= MAILS_PER_RECIPIENT_PER_HOUR) {
      refusal = recipientRefusal(mail.to, usage.recipients.get(mail.to)?.nthLatestAt ?? null, now);
    }
    if (refusal) {
      if (mail.quota === 'limited') return { kept: [], refusal };
      continue;
    }
    today++;
    hourly.set(mail.to, toRecipient + 1);
    kept.push(mail);
  }
  return { kept };
}

import { DEFAULT_LANGUAGE, type TLanguage } from '@clubtix/contract';
import type { Config } from '../../config';
import { translatorFor } from '../../core/i18n';
import type { DbOrTx } from '../../db/client';
import type { EventRow } from '../../db/schema';
import { escapeHtml, eventWhen, htmlStart, mailDateTime, oneLine } from './mail-format';
import { queueMails } from './mail-queue';
import { MAIL_TOPICS } from './ticket-mail';
import type { ComposedMail } from './ticket-mail-content';

/** The buyer page the offer's link opens; the token is the offer's only key, so the link is the secret. */
export function waitlistOfferUrl(config: Config, slug: string, token: string): string {
  return `${config.publicUrl}/${encodeURIComponent(slug)}/tickets?offer=${encodeURIComponent(token)}`;
}

export interface WaitlistOffer {
  entryId: string;
  clubId: string;
  email: string;
  ticketName: string;
  quantity: number;
  token: string;
  expiresAt: Date;
  /** The language the reader joined the list in. */
  language: TLanguage;
}

/**
 * The offer: what is kept for the reader, until when (the event's own time zone, named), and the link;
 * in the language the reader joined the list in.
 */
export function composeWaitlistOfferMail(
  config: Config,
  event: Pick<EventRow, 'slug' | 'title' | 'startDate' | 'endDate' | 'timezone'>,
  offer: Pick<WaitlistOffer, 'ticketName' | 'quantity' | 'token' | 'expiresAt'>,
  language: TLanguage = DEFAULT_LANGUAGE,
): Omit<ComposedMail, 'attachments'> {
  const t = translatorFor(language);
  const url = waitlistOfferUrl(config, event.slug, offer.token);
  const when = eventWhen(event, language);
  const subject = t('mail.waitlistSubject', { title: oneLine(event.title) });
  const kept = t('mail.waitlistKept', {
    quantity: offer.quantity,
    ticket: oneLine(offer.ticketName),
    until: `${mailDateTime(offer.expiresAt, event.timezone, language)} (${event.timezone})`,
  });
  const after = t('mail.waitlistAfter');
  const text = [
    subject,
    '',
    `${t('mail.whenLabel')} ${when}`,
    '',
    kept,
    t('mail.waitlistOpenLink'),
    url,
    '',
    after,
  ].join('\n');
  const html = [
    htmlStart(language),
    `<h1 style="font-size:22px;">${escapeHtml(event.title)}</h1>`,
    `<p><strong>${escapeHtml(t('mail.whenLabel'))}</strong> ${escapeHtml(when)}</p>`,
    `<p>${escapeHtml(t('mail.waitlistCameBack', { kept }))}</p>`,
    `<p><a href="${escapeHtml(url)}" style="display:inline-block;padding:12px 20px;background:#1c7ed6;color:#ffffff;` +
      `text-decoration:none;border-radius:6px;font-weight:bold;">${escapeHtml(t('mail.waitlistButton'))}</a></p>`,
    `<p style="word-break:break-all;font-size:13px;color:#555555;">${escapeHtml(url)}</p>`,
    `<p style="color:#555555;">${escapeHtml(after)}</p>`,
    '</body></html>',
  ].join('');
  return { subject, text, html };
}

/**
 * Queues an offer in the caller's transaction (the one that reserves its tickets), once per offer
 * (its dedupe key: an entry is offered at most once). Always queued, like a purchase's own mail,
 * and counted in the club's day: refusing it would leave tickets reserved for someone who is never
 * told, and the reader asked for it by joining (docs/decisions/0029-waiting-lists.md).
 */
export async function queueWaitlistOfferMail(
  db: DbOrTx,
  config: Config,
  event: EventRow,
  offer: WaitlistOffer,
): Promise<void> {
  await queueMails(db, config, [
    {
      clubId: offer.clubId,
      to: offer.email,
      ...composeWaitlistOfferMail(config, event, offer, offer.language),
      dedupeKey: `waitlist-offer:${offer.entryId}`,
      quota: 'always',
    },
  ]);
}

/** The place just taken on a waiting list, in the language it was taken in. */
export interface WaitlistJoined {
  entryId: string;
  clubId: string;
  email: string;
  ticketName: string;
  quantity: number;
  language: TLanguage;
}

/** The confirmation of a place on the waiting list: what was asked for, and what happens next. */
export function composeWaitlistJoinedMail(
  event: Pick<EventRow, 'title' | 'startDate' | 'endDate' | 'timezone'>,
  joined: Pick<WaitlistJoined, 'ticketName' | 'quantity'>,
  language: TLanguage = DEFAULT_LANGUAGE,
): Omit<ComposedMail, 'attachments'> {
  const t = translatorFor(language);
  const when = eventWhen(event, language);
  const subject = t('mail.waitlistJoinedSubject', { title: oneLine(event.title) });
  const line = t('mail.waitlistJoinedLine', { quantity: joined.quantity, ticket: oneLine(joined.ticketName) });
  const next = t('mail.waitlistJoinedNext');
  const text = [subject, '', `${t('mail.whenLabel')} ${when}`, '', line, next].join('\n');
  const html = [
    htmlStart(language),
    `<h1 style="font-size:22px;">${escapeHtml(event.title)}</h1>`,
    `<p><strong>${escapeHtml(t('mail.whenLabel'))}</strong> ${escapeHtml(when)}</p>`,
    `<p>${escapeHtml(line)}</p>`,
    `<p style="color:#555555;">${escapeHtml(next)}</p>`,
    '</body></html>',
  ].join('');
  return { subject, text, html };
}

/**
 * Queues the confirmation in the caller's transaction (the one that takes the place), once per place.
 * Anyone may type any address into the list, so it counts against the club's daily and per-recipient
 * limits; past them it is left out (a courtesy, mail-quota.ts) and the place is still taken, as the
 * answer on the page already says it.
 */
export async function queueWaitlistJoinedMail(
  db: DbOrTx,
  config: Config,
  event: EventRow,
  joined: WaitlistJoined,
): Promise<void> {
  await queueMails(db, config, [
    {
      clubId: joined.clubId,
      to: joined.email,
      ...composeWaitlistJoinedMail(event, joined, joined.language),
      dedupeKey: `waitlist-joined:${joined.entryId}`,
      quota: 'courtesy',
      topic: MAIL_TOPICS.waitlistJoined,
    },
  ]);
}

import { DEFAULT_LANGUAGE, type TLanguage } from '@clubtix/contract';
import type { Config } from '../../config';
import { translatorFor } from '../../core/i18n';
import type { DbOrTx } from '../../db/client';
import type { EventRow, RegistrationRow } from '../../db/schema';
import { escapeHtml, eventWhen, htmlStart, mailDateTime, mailLanguage, oneLine } from './mail-format';
import { queueMails } from './mail-queue';
import { MAIL_TOPICS } from './ticket-mail';
import type { ComposedMail } from './ticket-mail-content';

/**
 * The page the link opens (the web's /{slug}/confirm). The token is the secret: never the qrUuid,
 * which whoever made the hold already knows; the link proves the mailbox.
 */
export function freeConfirmationUrl(config: Config, slug: string, registrationId: string, token: string): string {
  const query = new URLSearchParams({ registration: registrationId, token });
  return `${config.publicUrl}/${encodeURIComponent(slug)}/confirm?${query.toString()}`;
}

/**
 * The mail that asks a free booking's buyer to confirm it: the event, how long the hold lasts, the
 * link; in the buyer's language.
 */
export function composeFreeConfirmationMail(
  config: Config,
  event: Pick<EventRow, 'slug' | 'title' | 'startDate' | 'endDate' | 'timezone'>,
  registration: Pick<RegistrationRow, 'id' | 'expiresAt'>,
  ticketCount: number,
  token: string,
  language: TLanguage = DEFAULT_LANGUAGE,
): Omit<ComposedMail, 'attachments'> {
  const t = translatorFor(language);
  const url = freeConfirmationUrl(config, event.slug, registration.id, token);
  const subject = t('mail.freeSubject', { title: oneLine(event.title) });
  const when = `${t('mail.whenLabel')} ${eventWhen(event, language)}`;
  const count = { count: ticketCount };
  const held = registration.expiresAt
    ? t('mail.freeHeldUntil', {
        ...count,
        until: `${mailDateTime(registration.expiresAt, event.timezone, language)} (${event.timezone})`,
      })
    : t('mail.freeHeldShort', count);
  const notYou = t('mail.freeNotYou');
  const text = [subject, '', when, '', t('mail.freeOpenLink'), url, '', held, '', notYou].join('\n');
  const html = [
    htmlStart(language),
    `<h1 style="font-size:22px;">${escapeHtml(event.title)}</h1>`,
    `<p><strong>${escapeHtml(t('mail.whenLabel'))}</strong> ${escapeHtml(eventWhen(event, language))}</p>`,
    `<p>${escapeHtml(t('mail.freeOpenLinkCount', count))}</p>`,
    `<p><a href="${escapeHtml(url)}" style="display:inline-block;padding:12px 20px;background:#1c7ed6;color:#ffffff;` +
      `text-decoration:none;border-radius:6px;font-weight:bold;">${escapeHtml(t('mail.freeConfirmButton'))}</a></p>`,
    `<p style="word-break:break-all;font-size:13px;color:#555555;">${escapeHtml(url)}</p>`,
    `<p>${escapeHtml(held)}</p>`,
    `<p style="color:#555555;">${escapeHtml(notYou)}</p>`,
    '</body></html>',
  ].join('');
  return { subject, text, html };
}

/**
 * Queues the confirmation mail of a free booking, in the caller's transaction (the one that stores
 * its token), once per hold (its dedupe key). It goes to an address nobody has proved yet, so it
 * is limited: past the club's daily or per-recipient limit the caller's call is refused (429).
 */
export async function queueFreeConfirmationMail(
  db: DbOrTx,
  config: Config,
  event: EventRow,
  registration: RegistrationRow,
  ticketCount: number,
  token: string,
): Promise<void> {
  const language = mailLanguage(registration.language);
  await queueMails(db, config, [
    {
      clubId: registration.clubId,
      to: registration.email,
      ...composeFreeConfirmationMail(config, event, registration, ticketCount, token, language),
      dedupeKey: `free-confirmation:${registration.id}`,
      quota: 'limited',
      topic: MAIL_TOPICS.freeConfirmation,
    },
  ]);
}

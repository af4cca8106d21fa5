import type { Config } from '../../config';
import type { DbOrTx } from '../../db/client';
import type { EventRow, RegistrationRow } from '../../db/schema';
import { queueMails } from './mail-queue';
import { MAIL_TOPICS } from './ticket-mail';
import { escapeHtml, eventWhen, mailDateTime, type ComposedMail } from './ticket-mail-content';

/**
 * The page the link opens (the web's /{slug}/confirm). The token is the secret: never the qrUuid,
 * which whoever made the hold already knows; the link proves the mailbox.
 */
export function freeConfirmationUrl(config: Config, slug: string, registrationId: string, token: string): string {
  const query = new URLSearchParams({ registration: registrationId, token });
  return `${config.publicUrl}/${encodeURIComponent(slug)}/confirm?${query.toString()}`;
}

/** The mail that asks a free booking's buyer to confirm it: the event, how long the hold lasts, the link. */
export function composeFreeConfirmationMail(
  config: Config,
  event: Pick<EventRow, 'slug' | 'title' | 'startDate' | 'endDate' | 'timezone'>,
  registration: Pick<RegistrationRow, 'id' | 'expiresAt'>,
  ticketCount: number,
  token: string,
): Omit<ComposedMail, 'attachments'> {
  const url = freeConfirmationUrl(config, event.slug, registration.id, token);
  const title = event.title.replace(/\s+/g, ' ').trim();
  const subject = `Confirm your booking for ${title}`;
  const tickets = `${ticketCount} free ${ticketCount === 1 ? 'ticket' : 'tickets'}`;
  const until = registration.expiresAt
    ? `${mailDateTime(registration.expiresAt, event.timezone)} (${event.timezone})`
    : null;
  const held = until
    ? `Your ${tickets} are held for you until ${until}. If the booking is not confirmed by then, they are released.`
    : `Your ${tickets} are held for you for a short while only.`;
  const notYou = 'If you did not book this, ignore this e-mail: nothing is booked without the link.';
  const text = [
    subject,
    '',
    `When: ${eventWhen(event)}`,
    '',
    'Open this link to confirm your booking and get your tickets:',
    url,
    '',
    held,
    '',
    notYou,
  ].join('\n');
  const html = [
    '<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;color:#222222;">',
    `<h1 style="font-size:22px;">${escapeHtml(event.title)}</h1>`,
    `<p><strong>When:</strong> ${escapeHtml(eventWhen(event))}</p>`,
    `<p>Open this link to confirm your booking and get your ${escapeHtml(tickets)}:</p>`,
    `<p><a href="${escapeHtml(url)}" style="display:inline-block;padding:12px 20px;background:#1c7ed6;color:#ffffff;` +
      'text-decoration:none;border-radius:6px;font-weight:bold;">Confirm my booking</a></p>',
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
  await queueMails(db, config, [
    {
      clubId: registration.clubId,
      to: registration.email,
      ...composeFreeConfirmationMail(config, event, registration, ticketCount, token),
      dedupeKey: `free-confirmation:${registration.id}`,
      quota: 'limited',
      topic: MAIL_TOPICS.freeConfirmation,
    },
  ]);
}

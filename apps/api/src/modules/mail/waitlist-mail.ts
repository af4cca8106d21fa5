import type { Config } from '../../config';
import type { DbOrTx } from '../../db/client';
import type { EventRow } from '../../db/schema';
import { queueMails } from './mail-queue';
import { escapeHtml, eventWhen, mailDateTime, type ComposedMail } from './ticket-mail-content';

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
}

/** The offer: what is kept for the reader, until when (the event's own time zone, named), and the link. */
export function composeWaitlistOfferMail(
  config: Config,
  event: Pick<EventRow, 'slug' | 'title' | 'startDate' | 'endDate' | 'timezone'>,
  offer: Pick<WaitlistOffer, 'ticketName' | 'quantity' | 'token' | 'expiresAt'>,
): Omit<ComposedMail, 'attachments'> {
  const url = waitlistOfferUrl(config, event.slug, offer.token);
  const title = event.title.replace(/\s+/g, ' ').trim();
  const what = `${offer.quantity} × ${offer.ticketName.replace(/\s+/g, ' ').trim()}`;
  const until = `${mailDateTime(offer.expiresAt, event.timezone)} (${event.timezone})`;
  const subject = `Tickets for ${title} are waiting for you`;
  const kept = `${what} ${offer.quantity === 1 ? 'is' : 'are'} kept for you alone until ${until}.`;
  const after = 'If you do not take them by then, they go to the next person on the waiting list.';
  const text = [
    subject,
    '',
    `When: ${eventWhen(event)}`,
    '',
    kept,
    'Open this link to take them and book:',
    url,
    '',
    after,
  ].join('\n');
  const html = [
    '<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;color:#222222;">',
    `<h1 style="font-size:22px;">${escapeHtml(event.title)}</h1>`,
    `<p><strong>When:</strong> ${escapeHtml(eventWhen(event))}</p>`,
    `<p>You were on the waiting list, and tickets came back: ${escapeHtml(kept)}</p>`,
    `<p><a href="${escapeHtml(url)}" style="display:inline-block;padding:12px 20px;background:#1c7ed6;color:#ffffff;` +
      'text-decoration:none;border-radius:6px;font-weight:bold;">Take my tickets</a></p>',
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
      ...composeWaitlistOfferMail(config, event, offer),
      dedupeKey: `waitlist-offer:${offer.entryId}`,
      quota: 'always',
    },
  ]);
}

import {
  DEFAULT_LANGUAGE,
  extrasQrText,
  extrasVoucherLabel,
  formatShortCode,
  ticketQrText,
  type TLanguage,
} from '@clubtix/contract';
import type { Config } from '../../config';
import { translatorFor, type Translate } from '../../core/i18n';
import type { EventRow, MailAttachment } from '../../db/schema';
import { escapeHtml, eventWhen, htmlStart, oneLine } from './mail-format';

// The moment and escaping the ticket mail uses, for what shows a ticket the same way elsewhere.
export { escapeHtml, eventWhen, mailDateTime, oneLine } from './mail-format';

/** One ticket in a mail: an attendee of a confirmed registration. */
export interface TicketEntry {
  registrationId: string;
  qrUuid: string;
  attendeeId: string;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  ticketName: string;
  /** The ticket's short code (docs/product.md section 20), shown as XXXX-XXXX under its QR. */
  shortCode: string;
}

/** An extras voucher in the buyer's mail: what it is for, and its QR. */
export interface VoucherEntry {
  id: string;
  qrUuid: string;
  extrasName: string;
  quantity: number;
}

export interface ComposedMail {
  subject: string;
  text: string;
  html: string;
  attachments: MailAttachment[];
}

export function qrViewerUrl(
  config: Config,
  eventId: string,
  registrationId: string,
  attendeeId: string,
  qrUuid: string,
) {
  const segments = [eventId, 'qr', registrationId, attendeeId, qrUuid].map(encodeURIComponent);
  return `${config.publicUrl}/event/${segments.join('/')}`;
}

/** The code a purchase used and what it took off, formatted ("£5.00"). */
export interface MailDiscount {
  code: string;
  amount: string;
}

const discountLabel = (t: Translate, discount: MailDiscount) =>
  t('mail.discountLabel', { code: oneLine(discount.code) });
// A true minus sign, as the buyer's pages show it.
const discountOff = (discount: MailDiscount) => `\u2212${discount.amount}`;

export const attendeeName = (ticket: TicketEntry, index: number, t: Translate = translatorFor(DEFAULT_LANGUAGE)) =>
  [ticket.firstName, ticket.lastName].filter(Boolean).join(' ') || t('mail.attendeeFallback', { number: index + 1 });

/** The content id an attendee's QR image is referred to by from the HTML part. */
const qrCid = (ticket: TicketEntry) => `qr-${ticket.attendeeId}@clubtix`;
const voucherCid = (voucher: VoucherEntry) => `extras-${voucher.id}@clubtix`;

/** What a ticket mail holds beside the tickets; the buyer's alone carries vouchers and money. */
export interface TicketMailExtras {
  vouchers?: VoucherEntry[];
  /** What the payment came to, formatted in the mail's language. */
  paid?: string | null;
  discount?: MailDiscount | null;
  /** The reader's language: the buyer's, recorded when they bought (docs/product.md section 22). */
  language?: TLanguage;
}

/**
 * The ticket mail (docs/product.md section 15.4): the event's details, then for each attendee the
 * name, the ticket type, the QR code as an inline image and the link to the QR viewer, which also
 * serves mail clients that block images. Then, in the buyer's mail, the extras vouchers bought
 * with the tickets: what each is for and its QR, redeemed once at the door. With no tickets it is
 * the mail of extras bought on their own. `paid`, when given, is what the payment came to, and
 * `discount` the code that took something off it ("Discount (CODE): −£5.00", docs/product.md section
 * 19). Written in `language`; everything a user typed is escaped in the HTML part and kept as typed.
 */
export function composeTicketMail(
  config: Config,
  event: Pick<EventRow, 'id' | 'title' | 'venue' | 'address' | 'startDate' | 'endDate' | 'timezone'>,
  tickets: TicketEntry[],
  { vouchers = [], paid = null, discount = null, language = DEFAULT_LANGUAGE }: TicketMailExtras = {},
): ComposedMail {
  const t = translatorFor(language);
  const when = eventWhen(event, language);
  const where = [event.venue, event.address].filter((part): part is string => Boolean(part?.trim()));
  const entries = tickets.map((ticket, index) => ({
    ticket,
    name: attendeeName(ticket, index, t),
    url: qrViewerUrl(config, event.id, ticket.registrationId, ticket.attendeeId, ticket.qrUuid),
    cid: qrCid(ticket),
    code: formatShortCode(ticket.shortCode),
  }));
  const extras = vouchers.map((voucher) => ({ voucher, label: extrasVoucherLabel(voucher), cid: voucherCid(voucher) }));
  const title = oneLine(event.title);
  const subject =
    tickets.length === 0
      ? t('mail.extrasSubject', { title })
      : t('mail.ticketsSubject', { count: tickets.length, title });
  const ticketsHint = t('mail.ticketsHint');
  const extrasHint = t('mail.extrasHint');

  const text = [
    subject,
    '',
    `${t('mail.whenLabel')} ${when}`,
    ...(where.length > 0 ? [`${t('mail.whereLabel')} ${where.join(', ')}`] : []),
    ...(discount ? [`${discountLabel(t, discount)} ${discountOff(discount)}`] : []),
    ...(paid ? [`${t('mail.paidLabel')} ${paid}`] : []),
    '',
    ...entries.flatMap((e) => [
      `${e.name} - ${e.ticket.ticketName}`,
      `${t('mail.ticketCodeLabel')} ${e.code}`,
      `${t('mail.qrCodeLabel')} ${e.url}`,
      '',
    ]),
    ...(entries.length > 0 ? [ticketsHint] : []),
    ...(extras.length > 0
      ? [
          ...(entries.length > 0 ? [''] : []),
          t('mail.yourExtras'),
          '',
          ...extras.map((x) => t('mail.voucherQrAmongImages', { label: x.label })),
          '',
          extrasHint,
        ]
      : []),
  ].join('\n');

  const cell = 'padding:16px 0;border-top:1px solid #dddddd;';
  const strong = (label: string) => `<strong>${escapeHtml(label)}</strong>`;
  const html = [
    htmlStart(language),
    `<h1 style="font-size:22px;">${escapeHtml(event.title)}</h1>`,
    `<p>${strong(t('mail.whenLabel'))} ${escapeHtml(when)}</p>`,
    ...(event.venue?.trim() ? [`<p>${strong(t('mail.venueLabel'))} ${escapeHtml(event.venue)}</p>`] : []),
    ...(event.address?.trim() ? [`<p>${strong(t('mail.addressLabel'))} ${escapeHtml(event.address)}</p>`] : []),
    ...(discount ? [`<p>${strong(discountLabel(t, discount))} ${escapeHtml(discountOff(discount))}</p>`] : []),
    ...(paid ? [`<p>${strong(t('mail.paidLabel'))} ${escapeHtml(paid)}</p>`] : []),
    ...(entries.length > 0
      ? ['<table role="presentation" cellpadding="0" cellspacing="0" style="border-collapse:collapse;">']
      : []),
    ...entries.map(
      (e) =>
        `<tr><td style="${cell}">` +
        `<p style="font-size:18px;margin:0 0 4px;"><strong>${escapeHtml(e.name)}</strong></p>` +
        `<p style="margin:0 0 8px;">${escapeHtml(e.ticket.ticketName)}</p>` +
        `<img src="cid:${escapeHtml(e.cid)}" width="240" height="240" alt="${escapeHtml(t('mail.ticketQrAlt', { name: e.name }))}">` +
        `<p style="margin:4px 0 0;font-family:'Courier New',monospace;font-size:18px;letter-spacing:2px;">${escapeHtml(t('mail.ticketCodeLabel'))} <strong>${escapeHtml(e.code)}</strong></p>` +
        `<p style="margin:8px 0 0;"><a href="${escapeHtml(e.url)}">${escapeHtml(t('mail.openQrInBrowser'))}</a></p>` +
        '</td></tr>',
    ),
    ...(entries.length > 0 ? ['</table>', `<p>${escapeHtml(ticketsHint)}</p>`] : []),
    ...(extras.length > 0
      ? [
          `<h2 style="font-size:18px;">${escapeHtml(t('mail.yourExtras'))}</h2>`,
          '<table role="presentation" cellpadding="0" cellspacing="0" style="border-collapse:collapse;">',
          ...extras.map(
            (x) =>
              `<tr><td style="${cell}">` +
              `<p style="font-size:18px;margin:0 0 8px;"><strong>${escapeHtml(x.label)}</strong></p>` +
              `<img src="cid:${escapeHtml(x.cid)}" width="240" height="240" alt="${escapeHtml(t('mail.voucherQrAlt', { label: x.label }))}">` +
              '</td></tr>',
          ),
          '</table>',
          `<p>${escapeHtml(extrasHint)}</p>`,
        ]
      : []),
    '</body></html>',
  ].join('');

  const attachments: MailAttachment[] = [
    ...entries.map((e, index): MailAttachment => ({
      kind: 'qr',
      filename: `ticket-${index + 1}-qr.png`,
      cid: e.cid,
      text: ticketQrText(e.ticket),
    })),
    ...extras.map((x, index): MailAttachment => ({
      kind: 'qr',
      filename: `extras-${index + 1}-qr.png`,
      cid: x.cid,
      text: extrasQrText(x.voucher.id, x.voucher.qrUuid),
    })),
  ];
  return { subject, text, html, attachments };
}

export interface TicketRecipient {
  to: string;
  isBuyer: boolean;
  tickets: TicketEntry[];
}

/**
 * Who receives a registration's tickets on confirmation: the buyer all of them, and each attendee
 * whose e-mail is not the buyer's their own (one mail per address). A buyer who books for a group
 * hands tickets out anyway; a guest who was named with an e-mail should not depend on that.
 */
export function confirmationRecipients(buyerEmail: string, tickets: TicketEntry[]): TicketRecipient[] {
  const buyer = buyerEmail.toLowerCase();
  const others = new Map<string, TicketEntry[]>();
  for (const ticket of tickets) {
    const email = ticket.email?.trim().toLowerCase();
    if (!email || email === buyer) continue;
    others.set(email, [...(others.get(email) ?? []), ticket]);
  }
  return [
    { to: buyer, isBuyer: true, tickets },
    ...[...others].map(([to, own]) => ({ to, isBuyer: false, tickets: own })),
  ];
}

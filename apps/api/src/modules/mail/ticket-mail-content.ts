import { extrasQrText, extrasVoucherLabel, formatShortCode, ticketQrText, zonedFormat } from '@clubtix/contract';
import type { Config } from '../../config';
import type { EventRow, MailAttachment } from '../../db/schema';

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

export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Headers take one line; a title typed with a line break must not end the subject early. */
export const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

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

const discountLabel = (discount: MailDiscount) => `Discount (${oneLine(discount.code)})`;
// A true minus sign, as the buyer's pages show it.
const discountOff = (discount: MailDiscount) => `\u2212${discount.amount}`;
const discountLine = (discount: MailDiscount) => `${discountLabel(discount)}: ${discountOff(discount)}`;

const TICKETS_HINT = 'Show the QR code of each ticket at the door, on your phone or printed.';
const EXTRAS_HINT = 'Show the QR code of each extra at the door to collect it: each is redeemed once.';

const MOMENT: Intl.DateTimeFormatOptions = {
  weekday: 'short',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  // h23, not hour12: false, which some engines render as "24:00" at midnight.
  hourCycle: 'h23',
};

interface MailMoment {
  weekday: string;
  /** dd/mm/yyyy */
  date: string;
  /** hh:mm */
  time: string;
}

function mailMoment(instant: Date, timeZone: string): MailMoment {
  // Assembled from parts so the order never depends on the locale's own pattern.
  const parts: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const part of zonedFormat(MOMENT, timeZone).formatToParts(instant)) parts[part.type] = part.value;
  return {
    weekday: parts.weekday ?? '',
    date: `${parts.day}/${parts.month}/${parts.year}`,
    time: `${parts.hour}:${parts.minute}`,
  };
}

/**
 * A moment as mails write it, "Sat 15/08/2030 19:00": dd/mm/yyyy hh:mm (docs/product.md section 9) after
 * the short weekday the buyer pages show too (docs/decisions/0022).
 */
export function mailDateTime(instant: Date, timeZone: string): string {
  const moment = mailMoment(instant, timeZone);
  return `${moment.weekday} ${moment.date} ${moment.time}`;
}

/**
 * When the event happens, in the event's own time zone (named, since buyers may be elsewhere):
 * "Sat 15/08/2030 19:00 – 23:00 (Europe/London)", the end's day repeated only when it is another.
 */
export function eventWhen(event: Pick<EventRow, 'startDate' | 'endDate' | 'timezone'>): string {
  const start = mailMoment(event.startDate, event.timezone);
  const startText = `${start.weekday} ${start.date} ${start.time}`;
  let range = startText;
  if (event.endDate > event.startDate) {
    const end = mailMoment(event.endDate, event.timezone);
    range =
      end.date === start.date ? `${startText} – ${end.time}` : `${startText} – ${end.weekday} ${end.date} ${end.time}`;
  }
  return `${range} (${event.timezone})`;
}

export const attendeeName = (ticket: TicketEntry, index: number) =>
  [ticket.firstName, ticket.lastName].filter(Boolean).join(' ') || `Attendee ${index + 1}`;

/** The content id an attendee's QR image is referred to by from the HTML part. */
const qrCid = (ticket: TicketEntry) => `qr-${ticket.attendeeId}@clubtix`;
const voucherCid = (voucher: VoucherEntry) => `extras-${voucher.id}@clubtix`;

/**
 * The ticket mail (issue 4, "Tickets and e-mail"): the event's details, then for each attendee the
 * name, the ticket type, the QR code as an inline image and the link to the QR viewer, which also
 * serves mail clients that block images. Then, in the buyer's mail, the extras vouchers bought
 * with the tickets: what each is for and its QR, redeemed once at the door. With no tickets it is
 * the mail of extras bought on their own. `paid`, when given, is what the payment came to, and
 * `discount` the code that took something off it ("Discount (CODE): −£5.00", docs/product.md section
 * 19). Everything a user typed is escaped in the HTML part.
 */
export function composeTicketMail(
  config: Config,
  event: Pick<EventRow, 'id' | 'title' | 'venue' | 'address' | 'startDate' | 'endDate' | 'timezone'>,
  tickets: TicketEntry[],
  vouchers: VoucherEntry[] = [],
  paid: string | null = null,
  discount: MailDiscount | null = null,
): ComposedMail {
  const when = eventWhen(event);
  const where = [event.venue, event.address].filter((part): part is string => Boolean(part?.trim()));
  const entries = tickets.map((ticket, index) => ({
    ticket,
    name: attendeeName(ticket, index),
    url: qrViewerUrl(config, event.id, ticket.registrationId, ticket.attendeeId, ticket.qrUuid),
    cid: qrCid(ticket),
    code: formatShortCode(ticket.shortCode),
  }));
  const extras = vouchers.map((voucher) => ({ voucher, label: extrasVoucherLabel(voucher), cid: voucherCid(voucher) }));
  const title = oneLine(event.title);
  const subject =
    tickets.length === 0
      ? `Your extras for ${title}`
      : `Your ${tickets.length === 1 ? 'ticket' : 'tickets'} for ${title}`;

  const text = [
    subject,
    '',
    `When: ${when}`,
    ...(where.length > 0 ? [`Where: ${where.join(', ')}`] : []),
    ...(discount ? [discountLine(discount)] : []),
    ...(paid ? [`Paid: ${paid}`] : []),
    '',
    ...entries.flatMap((e) => [
      `${e.name} - ${e.ticket.ticketName}`,
      `Ticket code: ${e.code}`,
      `QR code: ${e.url}`,
      '',
    ]),
    ...(entries.length > 0 ? [TICKETS_HINT] : []),
    ...(extras.length > 0
      ? [
          ...(entries.length > 0 ? [''] : []),
          'Your extras',
          '',
          ...extras.map((x) => `${x.label}: its QR code is among this mail's images`),
          '',
          EXTRAS_HINT,
        ]
      : []),
  ].join('\n');

  const cell = 'padding:16px 0;border-top:1px solid #dddddd;';
  const html = [
    '<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;color:#222222;">',
    `<h1 style="font-size:22px;">${escapeHtml(event.title)}</h1>`,
    `<p><strong>When:</strong> ${escapeHtml(when)}</p>`,
    ...(event.venue?.trim() ? [`<p><strong>Venue:</strong> ${escapeHtml(event.venue)}</p>`] : []),
    ...(event.address?.trim() ? [`<p><strong>Address:</strong> ${escapeHtml(event.address)}</p>`] : []),
    ...(discount
      ? [`<p><strong>${escapeHtml(discountLabel(discount))}:</strong> ${escapeHtml(discountOff(discount))}</p>`]
      : []),
    ...(paid ? [`<p><strong>Paid:</strong> ${escapeHtml(paid)}</p>`] : []),
    ...(entries.length > 0
      ? ['<table role="presentation" cellpadding="0" cellspacing="0" style="border-collapse:collapse;">']
      : []),
    ...entries.map(
      (e) =>
        `<tr><td style="${cell}">` +
        `<p style="font-size:18px;margin:0 0 4px;"><strong>${escapeHtml(e.name)}</strong></p>` +
        `<p style="margin:0 0 8px;">${escapeHtml(e.ticket.ticketName)}</p>` +
        `<img src="cid:${escapeHtml(e.cid)}" width="240" height="240" alt="QR code of the ticket of ${escapeHtml(e.name)}">` +
        `<p style="margin:4px 0 0;font-family:'Courier New',monospace;font-size:18px;letter-spacing:2px;">Ticket code: <strong>${escapeHtml(e.code)}</strong></p>` +
        `<p style="margin:8px 0 0;"><a href="${escapeHtml(e.url)}">Open this QR code in your browser</a></p>` +
        '</td></tr>',
    ),
    ...(entries.length > 0 ? ['</table>', `<p>${TICKETS_HINT}</p>`] : []),
    ...(extras.length > 0
      ? [
          '<h2 style="font-size:18px;">Your extras</h2>',
          '<table role="presentation" cellpadding="0" cellspacing="0" style="border-collapse:collapse;">',
          ...extras.map(
            (x) =>
              `<tr><td style="${cell}">` +
              `<p style="font-size:18px;margin:0 0 8px;"><strong>${escapeHtml(x.label)}</strong></p>` +
              `<img src="cid:${escapeHtml(x.cid)}" width="240" height="240" alt="QR code of the voucher for ${escapeHtml(x.label)}">` +
              '</td></tr>',
          ),
          '</table>',
          `<p>${EXTRAS_HINT}</p>`,
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

import type { Config } from '../../config';
import type { DbOrTx } from '../../db/client';
import { formatMoney, type TCurrency, type TLanguage } from '@clubtix/contract';
import type {
  AttendeeRow,
  EventRow,
  ExtrasPurchaseRow,
  MailAttachment,
  OrderRow,
  RegistrationRow,
} from '../../db/schema';
import { mailLanguage } from './mail-format';
import { queueMails, type QueuedMail } from './mail-queue';
import { composeTicketMail, confirmationRecipients, type TicketEntry, type VoucherEntry } from './ticket-mail-content';

/**
 * What a ticket mail reads of an attendee: the row and its ticket's name. Declared here so mail/ needs
 * nothing of the purchase that calls it (docs/decisions/0026-one-purchase-pipeline.md).
 */
export type MailAttendee = Pick<AttendeeRow, 'id' | 'firstName' | 'lastName' | 'email' | 'shortCode'> & {
  ticketName: string;
};

export function ticketEntries(registration: Pick<RegistrationRow, 'id' | 'qrUuid'>, attendees: MailAttendee[]) {
  return attendees.map((attendee): TicketEntry => ({
    registrationId: registration.id,
    qrUuid: registration.qrUuid,
    attendeeId: attendee.id,
    firstName: attendee.firstName,
    lastName: attendee.lastName,
    email: attendee.email,
    ticketName: attendee.ticketName,
    shortCode: attendee.shortCode,
  }));
}

const ticketsPdfOf = (registration: Pick<RegistrationRow, 'id' | 'qrUuid'>): MailAttachment => ({
  kind: 'ticketsPdf',
  registrationId: registration.id,
  qrUuid: registration.qrUuid,
});

/** Topics of the mail the per-recipient limit counts (a purchase's own mail has none). */
export const MAIL_TOPICS = {
  /** Tickets of a registration confirmed without a payment: free, or by an admin's hand. */
  unpaidTickets: 'unpaid-tickets',
  /** The voucher of a free extra bought on its own. */
  freeExtras: 'free-extras',
  /** A free season pass (pass-mail.ts). */
  freePass: 'free-pass',
  /** The link that confirms a free booking (free-confirmation-mail.ts). */
  freeConfirmation: 'free-confirmation',
  /** The confirmation of a place on a waiting list (waitlist-mail.ts). */
  waitlistJoined: 'waitlist-joined',
  /** sendTicket's resends of one attendee's ticket, limited per attendee as well. */
  sendTicket: (attendeeId: string) => `send-ticket:${attendeeId}`,
  /** getRegistrationByEmail's resends for one event, limited per address as well. */
  ticketLookup: (eventId: string) => `ticket-lookup:${eventId}`,
};

export interface TicketMailBasis {
  /** The extras vouchers the payment issued: to the buyer alone (who paid for them). */
  vouchers?: VoucherEntry[];
  /** The order that confirmed it; an admin's confirmation by hand has none. */
  order?: Pick<OrderRow, 'amount' | 'currency'> & Partial<Pick<OrderRow, 'discountCode' | 'discountAmount'>>;
  /** A free booking confirmed by the link mailed to the buyer: the buyer asked for this mail. */
  isMailboxProven?: boolean;
}

/**
 * Queues the tickets of a registration just confirmed, in the caller's transaction (the one that
 * confirms it), to the buyer and to each attendee with an e-mail of their own, in one statement. The
 * dedupe keys make a second confirmation of the same payment (the browser again, the provider's
 * webhook) queue nothing. `attendees` are the registration's, as the caller has just read them.
 * A paid purchase's mail is always queued; without a payment the buyer's mail is limited (unless
 * the buyer proved the mailbox) and the attendees' copies are courtesy copies (mail-quota.ts).
 */
export async function queueTicketMail(
  db: DbOrTx,
  config: Config,
  event: EventRow,
  registration: RegistrationRow,
  attendees: MailAttendee[],
  basis: TicketMailBasis = {},
): Promise<void> {
  await queueMails(db, config, ticketMails(config, event, registration, attendees, basis));
}

/**
 * The mails queueTicketMail queues, for a caller that queues those of many registrations in one
 * statement (queueMails), as the settlements of a batch do (purchase/settle/settle-together.ts).
 */
export function ticketMails(
  config: Config,
  event: EventRow,
  registration: RegistrationRow,
  attendees: MailAttendee[],
  basis: TicketMailBasis = {},
): QueuedMail[] {
  const tickets = ticketEntries(registration, attendees);
  // Every copy speaks the buyer's language: the attendees they named were named in it too.
  const language = mailLanguage(registration.language);
  const order = basis.order;
  const isPaid = order !== undefined && order.amount > 0;
  const discount =
    order?.discountCode && (order.discountAmount ?? 0) > 0
      ? { code: order.discountCode, amount: formatMoney(order.discountAmount!, order.currency as TCurrency, language) }
      : null;
  // What was paid is the buyer's business, in the buyer's mail; a free booking says nothing of it,
  // unless a code made it free: then the mail shows the discount and the nothing paid.
  const amount = isPaid || discount ? formatMoney(order!.amount, order!.currency as TCurrency, language) : null;
  return confirmationRecipients(registration.email, tickets).map((recipient): QueuedMail => {
    const mail = {
      clubId: registration.clubId,
      to: recipient.to,
      ...(recipient.isBuyer
        ? composeTicketMail(config, event, recipient.tickets, {
            vouchers: basis.vouchers,
            paid: amount,
            discount,
            language,
          })
        : composeTicketMail(config, event, recipient.tickets, { language })),
      dedupeKey: recipient.isBuyer ? `tickets:${registration.id}` : `tickets:${registration.id}:${recipient.to}`,
    };
    // The buyer's mail attaches the booking's tickets as a PDF, drawn when it is sent (docs/decisions/0044-pdf-tickets.md).
    if (recipient.isBuyer) mail.attachments.push(ticketsPdfOf(registration));
    if (isPaid || (recipient.isBuyer && basis.isMailboxProven)) return { ...mail, quota: 'always' };
    return { ...mail, quota: recipient.isBuyer ? 'limited' : 'courtesy', topic: MAIL_TOPICS.unpaidTickets };
  });
}

/**
 * Queues a mail of the given tickets (and, to a buyer, the extras vouchers they bought) to one
 * address with no dedupe: a resend someone asked for, limited (429 past the club's quotas). `topic`
 * (MAIL_TOPICS) marks what a limit of its own counts (see countRecentMail); `language` is the
 * reader's: the buyer's recorded one, or that of the person asking when they ask for their own.
 */
export async function queueTicketResend(
  db: DbOrTx,
  config: Config,
  event: EventRow,
  mail: { to: string; tickets: TicketEntry[]; vouchers?: VoucherEntry[]; topic: string; language: TLanguage },
): Promise<void> {
  await queueMails(db, config, [
    {
      clubId: event.clubId,
      to: mail.to,
      ...composeTicketMail(config, event, mail.tickets, { vouchers: mail.vouchers, language: mail.language }),
      dedupeKey: null,
      quota: 'limited',
      topic: mail.topic,
    },
  ]);
}

/**
 * Queues the voucher of an extra bought on its own, once it is paid, in the caller's transaction
 * (the one that marks it paid): what was bought, what it came to and its QR, to the address given
 * when buying. The dedupe key makes a second confirmation of the same payment queue nothing. A paid
 * one is a purchase's own mail; a free one goes to an address nobody proved, so it is limited.
 */
export async function queueExtrasMail(
  db: DbOrTx,
  config: Config,
  event: EventRow,
  purchase: ExtrasPurchaseRow,
  extrasName: string,
): Promise<void> {
  const voucher = { id: purchase.id, qrUuid: purchase.qrUuid, extrasName, quantity: purchase.quantity };
  const language = mailLanguage(purchase.language);
  const amount = purchase.amount > 0 ? formatMoney(purchase.amount, purchase.currency as TCurrency, language) : null;
  await queueMails(db, config, [
    {
      clubId: purchase.clubId,
      to: purchase.email,
      ...composeTicketMail(config, event, [], { vouchers: [voucher], paid: amount, language }),
      dedupeKey: `extras:${purchase.id}`,
      ...(purchase.amount > 0 ? { quota: 'always' } : { quota: 'limited', topic: MAIL_TOPICS.freeExtras }),
    },
  ]);
}

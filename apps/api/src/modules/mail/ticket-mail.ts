import type { Config } from '../../config';
import type { DbOrTx } from '../../db/client';
import { formatMoney, type TCurrency } from '@clubtix/contract';
import type { EventRow, ExtrasPurchaseRow, OrderRow, RegistrationRow } from '../../db/schema';
import type { AttendeeView } from '../registrations/registrations.repo';
import { queueMails } from './outbox.repo';
import { composeTicketMail, confirmationRecipients, type TicketEntry, type VoucherEntry } from './ticket-mail-content';

export function ticketEntries(registration: Pick<RegistrationRow, 'id' | 'qrUuid'>, attendees: AttendeeView[]) {
  return attendees.map((attendee): TicketEntry => ({
    registrationId: registration.id,
    qrUuid: registration.qrUuid,
    attendeeId: attendee.id,
    firstName: attendee.firstName,
    lastName: attendee.lastName,
    email: attendee.email,
    ticketName: attendee.ticketName,
  }));
}

/**
 * Queues the tickets of a registration just confirmed, in the caller's transaction (the one that
 * confirms it), to the buyer and to each attendee with an e-mail of their own, in one statement. The
 * dedupe keys make a second confirmation of the same payment (the browser again, the provider's
 * webhook) queue nothing. `attendees` are the registration's, as the caller has just read them;
 * `vouchers`, the extras vouchers its payment issued, go to the buyer alone (who paid for them).
 */
export async function queueTicketMail(
  db: DbOrTx,
  config: Config,
  event: EventRow,
  registration: RegistrationRow,
  attendees: AttendeeView[],
  paid: { vouchers?: VoucherEntry[]; order?: Pick<OrderRow, 'amount' | 'currency'> } = {},
): Promise<void> {
  const tickets = ticketEntries(registration, attendees);
  // What was paid is the buyer's business, in the buyer's mail; a free booking says nothing of it.
  const amount =
    paid.order && paid.order.amount > 0 ? formatMoney(paid.order.amount, paid.order.currency as TCurrency) : null;
  await queueMails(
    db,
    confirmationRecipients(registration.email, tickets).map((recipient) => ({
      clubId: registration.clubId,
      to: recipient.to,
      ...(recipient.isBuyer
        ? composeTicketMail(config, event, recipient.tickets, paid.vouchers, amount)
        : composeTicketMail(config, event, recipient.tickets)),
      dedupeKey: recipient.isBuyer ? `tickets:${registration.id}` : `tickets:${registration.id}:${recipient.to}`,
    })),
  );
}

/**
 * Queues a mail of the given tickets (and, to a buyer, the extras vouchers they bought) to one
 * address with no dedupe: a resend someone asked for. `topic` marks the mails a limit counts (see
 * countRecentMail).
 */
export async function queueTicketResend(
  db: DbOrTx,
  config: Config,
  event: EventRow,
  mail: { to: string; tickets: TicketEntry[]; vouchers?: VoucherEntry[]; topic: string | null },
): Promise<void> {
  await queueMails(db, [
    {
      clubId: event.clubId,
      to: mail.to,
      ...composeTicketMail(config, event, mail.tickets, mail.vouchers),
      dedupeKey: null,
      topic: mail.topic,
    },
  ]);
}

/**
 * Queues the voucher of an extra bought on its own, once it is paid, in the caller's transaction
 * (the one that marks it paid): what was bought, what it came to and its QR, to the address given
 * when buying. The dedupe key makes a second confirmation of the same payment queue nothing.
 */
export async function queueExtrasMail(
  db: DbOrTx,
  config: Config,
  event: EventRow,
  purchase: ExtrasPurchaseRow,
  extrasName: string,
): Promise<void> {
  const voucher = { id: purchase.id, qrUuid: purchase.qrUuid, extrasName, quantity: purchase.quantity };
  const amount = purchase.amount > 0 ? formatMoney(purchase.amount, purchase.currency as TCurrency) : null;
  await queueMails(db, [
    {
      clubId: purchase.clubId,
      to: purchase.email,
      ...composeTicketMail(config, event, [], [voucher], amount),
      dedupeKey: `extras:${purchase.id}`,
    },
  ]);
}

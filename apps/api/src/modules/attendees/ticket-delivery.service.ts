import {
  SEND_TICKET_MAILS_PER_HOUR,
  TICKET_LOOKUP_MAILS_PER_HOUR,
  type TLanguage,
  type TSendTicketResult,
} from '@clubtix/contract';
import type { Actor } from '../../core/actor';
import { AppError, conflict, notFound, say } from '../../core/errors';
import type { Deps } from '../../core/deps';
import { clubScope } from '../clubs/clubs.policy';
import { assertCanManageEvent, canViewEvent } from '../events/events.policy';
import { findEventById } from '../events/events.repo';
import { findBuyerVouchers } from '../extras/order-vouchers.repo';
import { mailLanguage } from '../mail/mail-format';
import { mailRefused } from '../mail/mail-queue';
import { HOUR_MINUTES, resendRefusal } from '../mail/mail-quota';
import { countRecentMail, findNthRecentTopicMail, lockClubMail, lockMailTopic } from '../mail/outbox.repo';
import { MAIL_TOPICS, queueTicketResend } from '../mail/ticket-mail';
import { findAttendeeTicket, findTicketsOfEmail } from './ticket-delivery.repo';

/** A ticket exists once its registration is confirmed (paid, free, or confirmed by an admin). */
function assertHasTicket(registrationStatus: string): void {
  if (registrationStatus !== 'confirmed') {
    throw conflict('This registration is not confirmed, so it has no ticket to send yet');
  }
}

/** Anyone may ask for an e-mail's tickets, so how often they are mailed to it is limited. */
function assertUnderLookupLimit(mailedInLastHour: number): void {
  if (mailedInLastHour >= TICKET_LOOKUP_MAILS_PER_HOUR) {
    throw new AppError(
      'RATE_LIMITED',
      say(
        'The tickets were already sent to this address {times} times in the last hour. ' +
          'Please look in your inbox and spam folder, or try again later.',
        { times: TICKET_LOOKUP_MAILS_PER_HOUR },
      ),
    );
  }
}

/** Delivery starts after the commit; the timer retries whatever this does not get through. */
function deliverSoon(deps: Deps): void {
  void deps.mail.flush().catch(() => undefined);
}

/**
 * GET /registration/sendTicket: an admin mails one attendee's ticket again, to the attendee's own
 * e-mail or else the buyer's. Not deduplicated: each ask sends, as the admin means it to, up to
 * SEND_TICKET_MAILS_PER_HOUR an hour per attendee and within the club's mail quotas (docs/product.md
 * section 18): past them 429, with a message that says which limit and when it ends, and no mail.
 * The count and the queueing run under the club's mail lock, so no burst on any number of
 * processes gets past it.
 */
export async function resendAttendeeTicket(
  deps: Deps,
  actor: Actor,
  eventId: string,
  attendeeId: string,
): Promise<TSendTicketResult> {
  const event = await findEventById(deps.db, eventId, clubScope(actor));
  assertCanManageEvent(actor, event);
  const found = await findAttendeeTicket(deps.db, attendeeId, event.id);
  if (!found) throw notFound('Attendee');
  assertHasTicket(found.status);
  const to = found.ticket.email?.trim() || found.buyerEmail;
  const topic = MAIL_TOPICS.sendTicket(attendeeId);
  await deps.db.transaction(async (tx) => {
    await lockClubMail(tx, event.clubId);
    const oldestCounted = await findNthRecentTopicMail(tx, topic, SEND_TICKET_MAILS_PER_HOUR, HOUR_MINUTES);
    if (oldestCounted) throw mailRefused(resendRefusal(SEND_TICKET_MAILS_PER_HOUR, oldestCounted, new Date()));
    const language = mailLanguage(found.language);
    await queueTicketResend(tx, deps.config, event, { to, tickets: [found.ticket], topic, language });
  });
  deliverSoon(deps);
  return { sent: deps.mail.delivers, to };
}

const LOOKUP_WINDOW_MINUTES = 60;

/**
 * GET /registration/getRegistrationByEmail (docs/product.md section 17): public, so it tells only
 * whether the e-mail holds confirmed tickets for the event, and mails them to that address, never
 * anywhere else, with the extras vouchers that e-mail bought at checkout. Both answers run the same
 * lock, lookups and count, and the mail is drawn and sent after the answer, so the time taken does not tell more than `found` does. The mails it queued in
 * the last hour are counted in the outbox, under a lock per address, so that no burst of requests
 * from any number of processes gets past TICKET_LOOKUP_MAILS_PER_HOUR. The mail speaks the language of
 * the person asking, who is the holder of that mailbox at their screen.
 */
export async function resendTicketsByEmail(
  deps: Deps,
  email: string,
  eventId: string,
  language: TLanguage,
): Promise<{ found: boolean }> {
  const event = await findEventById(deps.db, eventId, null);
  if (!event || !canViewEvent(null, event)) throw notFound('Event');
  const topic = MAIL_TOPICS.ticketLookup(event.id);
  const found = await deps.db.transaction(async (tx) => {
    await lockMailTopic(tx, topic, email);
    const tickets = await findTicketsOfEmail(tx, event.id, email);
    const mailedInLastHour = await countRecentMail(tx, topic, email, LOOKUP_WINDOW_MINUTES);
    if (tickets.length === 0) return false;
    assertUnderLookupLimit(mailedInLastHour);
    const vouchers = await findBuyerVouchers(tx, event.id, email);
    await queueTicketResend(tx, deps.config, event, { to: email, tickets, vouchers, topic, language });
    return true;
  });
  if (found) deliverSoon(deps);
  return { found };
}

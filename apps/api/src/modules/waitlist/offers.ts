import { randomBytes } from 'node:crypto';
import type { Deps } from '../../core/deps';
import { mailLanguage } from '../mail/mail-format';
import { queueWaitlistOfferMail } from '../mail/waitlist-mail';
import {
  findTicketsToOffer,
  lockLapsedOffers,
  lockTicketWithEvent,
  markLapsed,
  markOffered,
  releaseOffered,
  reserveForOffer,
} from './offers.repo';
import { whyNotOnSale } from './sale-rules';
import { lockLineHead } from './waitlist.repo';

export type OfferDeps = Pick<Deps, 'db' | 'config' | 'mail'>;

/** An offer's key: 32 random bytes, url-safe, so the mailed link can be neither guessed nor walked. */
export const newOfferToken = () => randomBytes(32).toString('base64url');

/**
 * Offers past their time lapse: their tickets are given back to the counters (and so to the line,
 * by the step that follows), each offer once whichever process gets to it.
 */
export async function lapseOffers(deps: OfferDeps, eventId?: string): Promise<number> {
  return deps.db.transaction(async (tx) => {
    const lapsed = await lockLapsedOffers(tx, eventId);
    if (lapsed.length === 0) return 0;
    await markLapsed(
      tx,
      lapsed.map((entry) => entry.id),
    );
    await releaseOffered(tx, lapsed);
    return lapsed.length;
  });
}

/**
 * One ticket type's line, served in order under the type's row lock: the head is offered while its
 * quantity fits in what is left; a head that does not fit waits, and nobody behind it is served
 * first (docs/decisions/0029-waiting-lists.md). Each offer reserves its tickets and queues its mail
 * in the same transaction, so an offer is never sent without its tickets, nor the reverse.
 */
async function offerTicketType(deps: OfferDeps, ticketId: string, now: Date): Promise<number> {
  return deps.db.transaction(async (tx) => {
    const locked = await lockTicketWithEvent(tx, ticketId);
    if (!locked || whyNotOnSale(locked.event, locked.ticket, now)) return 0;
    const { event, ticket } = locked;
    let offered = 0;
    for (let head = await lockLineHead(tx, ticketId); head; head = await lockLineHead(tx, ticketId)) {
      if (!(await reserveForOffer(tx, event.id, ticket.id, head.quantity))) break;
      const token = newOfferToken();
      const entry = await markOffered(tx, head.id, token, deps.config.waitlistOfferMinutes);
      await queueWaitlistOfferMail(tx, deps.config, event, {
        entryId: entry.id,
        clubId: entry.clubId,
        email: entry.email,
        ticketName: ticket.name,
        quantity: entry.quantity,
        token,
        expiresAt: entry.offerExpiresAt!,
        language: mailLanguage(entry.language),
      });
      offered++;
    }
    return offered;
  });
}

/**
 * Tickets that came back go to the waiting lists (docs/product.md section 19): lapsed offers are
 * given back first, then each ticket type with people waiting and something left offers to its
 * line in turn. Any process may run it at any moment (the hold sweep's timer, a hold lapsing, a
 * quantity raised); `eventId` narrows it to one event. Answers how many offers it sent.
 */
export async function offerFreedTickets(deps: OfferDeps, eventId?: string): Promise<number> {
  await lapseOffers(deps, eventId);
  const now = new Date();
  let offered = 0;
  for (const ticketId of await findTicketsToOffer(deps.db, eventId))
    offered += await offerTicketType(deps, ticketId, now);
  if (offered > 0) void deps.mail.flush().catch(() => undefined);
  return offered;
}

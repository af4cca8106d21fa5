import type { TLanguage, TWaitlistEntry, ZJoinWaitlistRequest } from '@clubtix/contract';
import type { z } from 'zod';
import type { Actor } from '../../core/actor';
import { badInput, conflict, notFound, say } from '../../core/errors';
import type { Deps } from '../../core/deps';
import { clubScope } from '../clubs/clubs.policy';
import { loadManagedEvent } from '../events/events.service';
import { findEventWithTickets } from '../tickets/tickets.repo';
import { queueWaitlistJoinedMail } from '../mail/waitlist-mail';
import { mailLanguage } from '../mail/mail-format';
import { offerFreedTickets } from './offers';
import { releaseOffered } from './offers.repo';
import { isSoldOut, whyNotOnSale } from './sale-rules';
import { toWaitlistDtos } from './waitlist.mapper';
import { assertCanManageEntry } from './waitlist.policy';
import { findEntriesOfEvent, findOpenEntry, insertEntry, lockEntry, positionOf, setEntryStatus } from './waitlist.repo';

export const STILL_ON_SALE = 'Tickets are still on sale: book them now';

/** An open place answers its position; one holding an offer is first in line (docs/decisions/0029-waiting-lists.md). */
async function placeOf(deps: Deps, entry: { id: string; status: string }): Promise<number> {
  return entry.status === 'waiting' ? positionOf(deps.db, entry.id) : 1;
}

/**
 * POST /waitlist/join (docs/product.md section 19): a place at the end of a sold-out ticket type's
 * line, for a quantity one order could buy. The same address again keeps its place and quantity
 * (and the language it joined in, which its offer's mail speaks).
 */
export async function joinWaitlist(
  deps: Deps,
  input: z.output<typeof ZJoinWaitlistRequest>,
  language: TLanguage,
): Promise<{ position: number }> {
  const found = await findEventWithTickets(deps.db, input.eventId, [input.ticketId]);
  const event = found?.event;
  const ticket = found?.tickets[0];
  const problem = whyNotOnSale(event, ticket, new Date());
  if (problem) throw problem;
  if (!event || !ticket) throw notFound('Ticket');
  if (input.quantity > ticket.maxPerOrder) {
    throw badInput(
      say('{ticket}: at most {max} per order', { ticket: ticket.name, max: ticket.maxPerOrder }),
      'quantity',
    );
  }
  if (input.quantity > event.maxTicketsPerOrder) {
    throw badInput(say('At most {max} tickets per order', { max: event.maxTicketsPerOrder }), 'quantity');
  }
  const existing = await findOpenEntry(deps.db, ticket.id, input.email);
  if (existing) return { position: await placeOf(deps, existing) };
  if (!isSoldOut(event, ticket)) throw conflict(STILL_ON_SALE);
  const values = { clubId: event.clubId, eventId: event.id, ticketId: ticket.id, email: input.email };
  // Two joins of one address at once: the unique index keeps one, and both answer its place; only the
  // one that took it queues its confirmation, in the same transaction (waitlist-mail.ts).
  const taken = await deps.db.transaction(async (tx) => {
    const inserted = await insertEntry(tx, { ...values, quantity: input.quantity, language });
    if (inserted) {
      await queueWaitlistJoinedMail(tx, deps.config, event, {
        entryId: inserted.id,
        clubId: inserted.clubId,
        email: inserted.email,
        ticketName: ticket.name,
        quantity: inserted.quantity,
        language: mailLanguage(inserted.language),
      });
    }
    return inserted;
  });
  if (taken) void deps.mail.flush().catch(() => undefined);
  const entry = taken ?? (await findOpenEntry(deps.db, ticket.id, input.email));
  if (!entry) throw conflict('Your place could not be kept; please try again');
  return { position: await placeOf(deps, entry) };
}

/** GET /waitlist/getByEventId: an event's lines, in order, for the club's admins. */
export async function listWaitlist(deps: Deps, actor: Actor, eventId: string): Promise<TWaitlistEntry[]> {
  const event = await loadManagedEvent(deps, actor, eventId);
  return toWaitlistDtos(await findEntriesOfEvent(deps.db, { clubId: event.clubId, eventId: event.id }));
}

/**
 * DELETE /waitlist/remove: off the list. An open offer is withdrawn: its tickets are given back and
 * offered to the next in line. One who already booked through an offer keeps the booking (409).
 */
export async function removeFromWaitlist(deps: Deps, actor: Actor, entryId: string): Promise<void> {
  const withdrawn = await deps.db.transaction(async (tx) => {
    const entry = await lockEntry(tx, entryId, clubScope(actor));
    assertCanManageEntry(actor, entry);
    if (entry.status === 'converted') {
      throw conflict('This person has already booked with their offer: cancel the registration instead');
    }
    if (entry.status === 'removed') return null;
    await setEntryStatus(tx, entry.id, 'removed');
    if (entry.status !== 'offered') return null;
    await releaseOffered(tx, [entry]);
    return entry.eventId;
  });
  if (withdrawn) await offerFreedTickets(deps, withdrawn);
}

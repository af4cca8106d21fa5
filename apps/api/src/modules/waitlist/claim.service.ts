import type { TOrder, TRegistration } from '@clubtix/contract';
import type { EventRow, WaitlistEntryRow } from '../../db/schema';
import { conflict, notFound, say } from '../../core/errors';
import type { Deps } from '../../core/deps';
import type { Tx } from '../../db/client';
import { toOrderDto } from '../purchase/orders.mapper';
import { findItemsOf, findOrderToPrice, insertOrder } from '../purchase/orders.repo';
import { toRegistrationDto } from '../purchase/registrations.mapper';
import {
  findAttendeesOf,
  findRegistrationById,
  insertAttendeeSlots,
  insertRegistration,
} from '../purchase/registrations.repo';
import { mailLanguage } from '../mail/mail-format';
import { findEventWithTickets } from '../tickets/tickets.repo';
import { offerFreedTickets } from './offers';
import { releaseOffered } from './offers.repo';
import { whyNotOnSale } from './sale-rules';
import { lockEntryByToken, markConverted, setEntryStatus } from './waitlist.repo';

type Claimed = { registration: TRegistration; order: TOrder };
/** What the transaction decided; a refusal is thrown after it ends, so what it lapsed stays lapsed. */
type Outcome = { claimed: Claimed } | { refused: Error; freed?: string };

/** "19:05" in the event's own time zone: when the offer ended, as the person's mail said it would. */
function clockTime(instant: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(
    instant,
  );
}

const lapsedAt = (entry: WaitlistEntryRow, event: EventRow) =>
  conflict(
    say('This offer lapsed at {time} and went to the next person', {
      time: clockTime(entry.offerExpiresAt!, event.timezone),
    }),
  );
const WITHDRAWN = 'This offer was withdrawn and went to the next person';

/**
 * A link claimed before: while its registration is pending, the same registration and order, as
 * initRegistration answered them; once paid, 409; once its hold ended (at the offer's end), lapsed.
 */
async function claimedBefore(tx: Tx, entry: WaitlistEntryRow, event: EventRow): Promise<Outcome> {
  const registration = await findRegistrationById(tx, entry.registrationId!, null);
  const found = registration && (await findOrderToPrice(tx, registration.id));
  if (registration?.status === 'pending' && found && (registration.expiresAt ?? new Date(0)) > new Date()) {
    return {
      claimed: {
        registration: toRegistrationDto(registration, await findAttendeesOf(tx, [registration.id])),
        order: toOrderDto(found.order, await findItemsOf(tx, [found.order.id])),
      },
    };
  }
  if (registration?.status === 'confirmed') return { refused: conflict('This offer was already taken up and booked') };
  return { refused: lapsedAt(entry, event) };
}

/**
 * POST /waitlist/claim (docs/product.md section 19): an open offer becomes a pending registration and
 * its order for the offer's address, as initRegistration makes them, holding the tickets the offer
 * already reserved (no second reservation) until the offer's own end. Under the entry's row lock:
 * a second claim of the same link, even at the same moment, answers the same registration.
 */
export async function claimOffer(deps: Deps, token: string): Promise<Claimed> {
  const outcome = await deps.db.transaction(async (tx): Promise<Outcome> => {
    const entry = await lockEntryByToken(tx, token);
    if (!entry) return { refused: notFound('Offer') };
    const found = await findEventWithTickets(tx, entry.eventId, [entry.ticketId]);
    const event = found?.event;
    const ticket = found?.tickets[0];
    if (!event || !ticket) return { refused: notFound('Offer') };
    if (entry.status === 'converted' && entry.registrationId) return claimedBefore(tx, entry, event);
    if (entry.status === 'removed') return { refused: conflict(WITHDRAWN) };
    if (entry.status !== 'offered') return { refused: lapsedAt(entry, event) };
    if (entry.offerExpiresAt! <= new Date()) {
      // Past its end before a sweep got to it: it lapses now, and its tickets go to the next.
      await setEntryStatus(tx, entry.id, 'lapsed');
      await releaseOffered(tx, [entry]);
      return { refused: lapsedAt(entry, event), freed: entry.eventId };
    }
    const problem = whyNotOnSale(event, ticket, new Date());
    if (problem) return { refused: problem };
    const registration = await insertRegistration(tx, {
      clubId: event.clubId,
      eventId: event.id,
      email: entry.email,
      // The language the place was taken in, which the offer's mail spoke.
      language: mailLanguage(entry.language),
      expiresAt: entry.offerExpiresAt,
    });
    const slots = await insertAttendeeSlots(
      tx,
      registration,
      Array.from({ length: entry.quantity }, () => ({ ticketId: ticket.id })),
    );
    const { order, items } = await insertOrder(
      tx,
      { clubId: event.clubId, eventId: event.id, registrationId: registration.id, currency: event.currency },
      [
        {
          kind: 'ticket',
          ticketId: ticket.id,
          extrasId: null,
          name: ticket.name,
          quantity: entry.quantity,
          unitPrice: ticket.price,
          amount: ticket.price * entry.quantity,
        },
      ],
    );
    await markConverted(tx, entry.id, registration.id);
    const party = slots.map((slot) => ({ ...slot, ticketName: ticket.name, checkinId: null, checkinTime: null }));
    return { claimed: { registration: toRegistrationDto(registration, party), order: toOrderDto(order, items) } };
  });
  if ('claimed' in outcome) return outcome.claimed;
  if (outcome.freed) await offerFreedTickets(deps, outcome.freed);
  throw outcome.refused;
}

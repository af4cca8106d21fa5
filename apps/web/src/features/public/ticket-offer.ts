import { formatMoney, type TCurrency, type TEvent, type TTicket } from '@clubtix/contract';
import { currentLanguage, i18n } from '../../i18n/i18n';
import { formatEventDateTime } from './event-dates';

/** Below this many, a ticket type says how many are left: enough to nudge, not to alarm. */
export const FEW_LEFT = 10;

export type TicketAvailability =
  | { kind: 'soldOut' }
  /** None left, but some in unpaid holds that may lapse at `until` (docs/decisions/0066-held-is-not-sold.md). */
  | { kind: 'held'; until: string | null }
  | { kind: 'salesEnded' }
  | { kind: 'notYetOnSale'; from: string }
  | { kind: 'fewLeft'; count: number }
  | { kind: 'available' };

type TicketFields = Pick<TTicket, 'available' | 'salesStartAt' | 'salesEndAt'> &
  Partial<Pick<TTicket, 'held' | 'heldUntil'>>;

/** What a visitor needs to know about one ticket type right now; unlimited ones say nothing. */
export function ticketAvailability(ticket: TicketFields, now: Date): TicketAvailability {
  if (ticket.available !== null && ticket.available <= 0) {
    return (ticket.held ?? 0) > 0 ? { kind: 'held', until: ticket.heldUntil ?? null } : { kind: 'soldOut' };
  }
  if (ticket.salesEndAt && Date.parse(ticket.salesEndAt) < now.getTime()) return { kind: 'salesEnded' };
  if (ticket.salesStartAt && Date.parse(ticket.salesStartAt) > now.getTime()) {
    return { kind: 'notYetOnSale', from: ticket.salesStartAt };
  }
  if (ticket.available !== null && ticket.available <= FEW_LEFT) return { kind: 'fewLeft', count: ticket.available };
  return { kind: 'available' };
}

/** When held tickets may come back, in the event's time zone: the sentence with `when`, or the one without. */
export function heldText(until: string | null, timeZone: string, withWhen: string, withoutWhen: string): string {
  return until ? i18n.t(withWhen, { when: formatEventDateTime(until, timeZone) }) : i18n.t(withoutWhen);
}

/** A price as visitors read it: "Free" for 0, else the amount in the event's currency. */
export function formatPrice(minor: number, currency: TCurrency): string {
  return minor === 0 ? i18n.t('public:offer.free') : formatMoney(minor, currency, currentLanguage());
}

/**
 * The price line of an event card: "From £10", "Free tickets" when every ticket type on offer is
 * free, "Free, or from £10" when some are; null when nothing is on offer (no tickets, or all sold
 * out or inactive).
 */
export function priceHint(
  tickets: ReadonlyArray<Pick<TTicket, 'price' | 'available' | 'isActive'>>,
  currency: TCurrency,
): string | null {
  const prices = tickets
    .filter((ticket) => ticket.isActive && (ticket.available === null || ticket.available > 0))
    .map((ticket) => ticket.price);
  if (prices.length === 0) return null;
  const paid = prices.filter((price) => price > 0);
  if (paid.length === 0) return i18n.t('public:offer.freeTickets');
  const price = formatMoney(Math.min(...paid), currency, currentLanguage());
  return i18n.t(paid.length < prices.length ? 'public:offer.freeOrFrom' : 'public:offer.from', { price });
}

/** Whether none of a ticket type is left now: sold, or held by buyers paying (its waiting list is open). */
export function isNoneLeft(ticket: TicketFields, now: Date): boolean {
  const { kind } = ticketAvailability(ticket, now);
  return kind === 'soldOut' || kind === 'held';
}

/** The soonest instant any of the held ticket types may come back; null when none says. */
function soonestHeldUntil(tickets: ReadonlyArray<TicketFields>, now: Date): string | null {
  const times = tickets.flatMap((ticket) => {
    const availability = ticketAvailability(ticket, now);
    return availability.kind === 'held' && availability.until ? [availability.until] : [];
  });
  return times.length === 0 ? null : times.reduce((a, b) => (Date.parse(a) <= Date.parse(b) ? a : b));
}

/** Whether a ticket type can be put in a basket right now (on sale and not sold out). */
export function isBuyable(ticket: TicketFields, now: Date): boolean {
  const { kind } = ticketAvailability(ticket, now);
  return kind === 'available' || kind === 'fewLeft';
}

export type EventSales =
  | { kind: 'open' }
  | { kind: 'ended' }
  | { kind: 'notYetOpen'; from: string }
  | { kind: 'closed' }
  | { kind: 'soldOut' }
  /** Nothing left, some of it in unpaid holds: "reserved, look again", never "sold out". */
  | { kind: 'held'; until: string | null }
  | { kind: 'nothingOnSale' };

type EventFields = Pick<TEvent, 'endDate' | 'registrationOpensAt' | 'registrationClosesAt'>;

/**
 * Whether visitors can buy tickets for the event now, in the order the server checks it
 * (initRegistration): the event's end, its registration window, then the tickets themselves.
 */
export function eventSales(event: EventFields, tickets: ReadonlyArray<TicketFields>, now: Date): EventSales {
  const at = now.getTime();
  if (Date.parse(event.endDate) < at) return { kind: 'ended' };
  if (event.registrationOpensAt && Date.parse(event.registrationOpensAt) > at) {
    return { kind: 'notYetOpen', from: event.registrationOpensAt };
  }
  if (event.registrationClosesAt && Date.parse(event.registrationClosesAt) < at) return { kind: 'closed' };
  if (tickets.some((ticket) => isBuyable(ticket, now))) return { kind: 'open' };
  if (tickets.length > 0 && tickets.every((ticket) => isNoneLeft(ticket, now))) {
    return tickets.some((ticket) => ticketAvailability(ticket, now).kind === 'held')
      ? { kind: 'held', until: soonestHeldUntil(tickets, now) }
      : { kind: 'soldOut' };
  }
  return { kind: 'nothingOnSale' };
}

/** What to tell visitors when tickets cannot be bought now; null when they can. */
export function salesClosedNote(sales: EventSales, timeZone: string): string | null {
  switch (sales.kind) {
    case 'open':
      return null;
    case 'ended':
      return i18n.t('public:offer.ended');
    case 'notYetOpen':
      return i18n.t('public:offer.opensAt', { when: formatEventDateTime(sales.from, timeZone) });
    case 'closed':
      return i18n.t('public:offer.closed');
    case 'soldOut':
      return i18n.t('public:offer.soldOut');
    case 'held':
      return i18n.t('public:offer.allHeld');
    case 'nothingOnSale':
      return i18n.t('public:offer.nothingOnSale');
  }
}

import { formatMoney, type TCurrency, type TTicket } from '@clubtix/contract';

/** Below this many, a ticket type says how many are left: enough to nudge, not to alarm. */
export const FEW_LEFT = 10;

export type TicketAvailability =
  | { kind: 'soldOut' }
  | { kind: 'salesEnded' }
  | { kind: 'notYetOnSale'; from: string }
  | { kind: 'fewLeft'; count: number }
  | { kind: 'available' };

type TicketFields = Pick<TTicket, 'available' | 'salesStartAt' | 'salesEndAt'>;

/** What a visitor needs to know about one ticket type right now; unlimited ones say nothing. */
export function ticketAvailability(ticket: TicketFields, now: Date): TicketAvailability {
  if (ticket.available !== null && ticket.available <= 0) return { kind: 'soldOut' };
  if (ticket.salesEndAt && Date.parse(ticket.salesEndAt) < now.getTime()) return { kind: 'salesEnded' };
  if (ticket.salesStartAt && Date.parse(ticket.salesStartAt) > now.getTime()) {
    return { kind: 'notYetOnSale', from: ticket.salesStartAt };
  }
  if (ticket.available !== null && ticket.available <= FEW_LEFT) return { kind: 'fewLeft', count: ticket.available };
  return { kind: 'available' };
}

/** A price as visitors read it: "Free" for 0, else the amount in the event's currency. */
export function formatPrice(minor: number, currency: TCurrency): string {
  return minor === 0 ? 'Free' : formatMoney(minor, currency);
}

/**
 * The lowest price among the ticket types still on offer, for "From £10" on event cards;
 * null when nothing is on offer (no tickets, or all sold out or inactive).
 */
export function lowestPrice(tickets: ReadonlyArray<Pick<TTicket, 'price' | 'available' | 'isActive'>>): number | null {
  let lowest: number | null = null;
  for (const ticket of tickets) {
    if (!ticket.isActive || (ticket.available !== null && ticket.available <= 0)) continue;
    if (lowest === null || ticket.price < lowest) lowest = ticket.price;
  }
  return lowest;
}

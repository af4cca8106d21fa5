import type { TTicket } from '@clubtix/contract';
import { i18n } from '../../i18n/i18n';
import { FEW_LEFT } from '../public/ticket-offer';

/** Chosen quantities by ticket id; a missing id means none. */
export type Selection = Readonly<Record<string, number>>;

type LimitFields = Pick<TTicket, 'id' | 'available' | 'maxPerOrder'>;

export function selectionTotal(selection: Selection): number {
  return Object.values(selection).reduce((sum, quantity) => sum + quantity, 0);
}

/**
 * The most of one ticket type this order may hold, given the limits initRegistration enforces:
 * the type's own per-order limit, what is left of it, and the event's per-order limit less what
 * the other types already take.
 */
export function maxQuantity(ticket: LimitFields, selection: Selection, eventMax: number): number {
  const others = selectionTotal(selection) - (selection[ticket.id] ?? 0);
  const left = ticket.available ?? Number.POSITIVE_INFINITY;
  return Math.max(0, Math.min(ticket.maxPerOrder, left, eventMax - others));
}

/** The selection with one ticket set to a quantity, kept within 0 and its maximum. */
export function setQuantity(
  selection: Selection,
  ticket: LimitFields,
  quantity: number,
  eventMax: number,
): Record<string, number> {
  const next = Math.max(0, Math.min(Math.floor(quantity), maxQuantity(ticket, selection, eventMax)));
  const result: Record<string, number> = { ...selection };
  if (next === 0) delete result[ticket.id];
  else result[ticket.id] = next;
  return result;
}

/**
 * After availability changed (a refresh after "sold out"), trims each quantity to what is still
 * possible, in the order the tickets are listed; types no longer offered are dropped.
 */
export function fitSelection<T extends LimitFields>(
  selection: Selection,
  tickets: ReadonlyArray<T>,
  eventMax: number,
  isBuyable: (ticket: T) => boolean = () => true,
): Record<string, number> {
  let result: Record<string, number> = {};
  for (const ticket of tickets) {
    const wanted = selection[ticket.id] ?? 0;
    if (wanted > 0 && isBuyable(ticket)) result = setQuantity(result, ticket, wanted, eventMax);
  }
  return result;
}

/** The lines initRegistration takes, in the tickets' listed order. */
export function selectionLines(
  selection: Selection,
  tickets: ReadonlyArray<Pick<TTicket, 'id'>>,
): { ticketId: string; quantity: number }[] {
  return tickets
    .filter((ticket) => (selection[ticket.id] ?? 0) > 0)
    .map((ticket) => ({ ticketId: ticket.id, quantity: selection[ticket.id] ?? 0 }));
}

/** What the chosen tickets cost at the listed prices; the server prices the order itself. */
export function selectionPrice(selection: Selection, tickets: ReadonlyArray<Pick<TTicket, 'id' | 'price'>>): number {
  return tickets.reduce((sum, ticket) => sum + ticket.price * (selection[ticket.id] ?? 0), 0);
}

/**
 * Why a ticket's quantity cannot go higher, for the note under a stepper at its maximum. A few left
 * go unsaid here: the ticket's "N left" badge already says it.
 */
export function limitNote(
  ticket: LimitFields & Pick<TTicket, 'name'>,
  selection: Selection,
  eventMax: number,
): string | null {
  const max = maxQuantity(ticket, selection, eventMax);
  if ((selection[ticket.id] ?? 0) < max) return null;
  if (ticket.available !== null && max === ticket.available) {
    return ticket.available <= FEW_LEFT ? null : i18n.t('buying:limits.onlyLeft', { count: ticket.available });
  }
  if (max === ticket.maxPerOrder) {
    return i18n.t('buying:limits.perTicket', { count: ticket.maxPerOrder, name: ticket.name });
  }
  return i18n.t('buying:limits.perOrder', { count: eventMax });
}

/**
 * What the buyer chose but can no longer have since the numbers were refreshed (another buyer took
 * the last ones): one note per ticket type, in the listed order, comparing the buyer's choice with
 * the selection fitSelection made of it. The choice itself is kept, so these go away by themselves
 * if the seats come back, or once the buyer changes a quantity.
 */
export function shortfallNotes(
  chosen: Selection,
  fitted: Selection,
  tickets: ReadonlyArray<Pick<TTicket, 'id' | 'name'>>,
): string[] {
  const notes: string[] = [];
  for (const ticket of tickets) {
    const wanted = chosen[ticket.id] ?? 0;
    const kept = fitted[ticket.id] ?? 0;
    if (kept >= wanted) continue;
    notes.push(
      kept === 0
        ? i18n.t('buying:limits.noneLeft', { name: ticket.name })
        : i18n.t('buying:limits.fewerLeft', { name: ticket.name, kept, wanted }),
    );
  }
  return notes;
}

import type { EventRow, TicketRow } from '../../db/schema';
import { type AppError, conflict, notFound, say } from '../../core/errors';

/**
 * Why a ticket type cannot be booked now, as a buyer would hear it (the rules initRegistration
 * applies), or null: a waiting list is joined, and offered from, only while it could be bought were
 * any left. A hidden type is an access code's, so it has no public list.
 */
export function whyNotOnSale(event: EventRow | undefined, ticket: TicketRow | undefined, now: Date): AppError | null {
  if (!event || event.status !== 'published') return notFound('Event');
  if (!ticket || ticket.eventId !== event.id || !ticket.isActive || ticket.hidden) return notFound('Ticket');
  if (event.endDate < now) return conflict('This event has ended');
  if (event.registrationOpensAt && event.registrationOpensAt > now) return conflict('Registration has not opened yet');
  if (event.registrationClosesAt && event.registrationClosesAt < now) return conflict('Registration has closed');
  if (ticket.salesStartAt && ticket.salesStartAt > now)
    return conflict(say('{ticket}: sales have not started yet', { ticket: ticket.name }));
  if (ticket.salesEndAt && ticket.salesEndAt < now)
    return conflict(say('{ticket}: sales have ended', { ticket: ticket.name }));
  return null;
}

/** None left of the type, or the event full: what makes a waiting list worth joining. */
export function isSoldOut(event: EventRow, ticket: TicketRow): boolean {
  const typeFull = ticket.quantity !== null && ticket.reservedCount >= ticket.quantity;
  const eventFull = event.capacity !== null && event.reservedCount >= event.capacity;
  return typeFull || eventFull;
}

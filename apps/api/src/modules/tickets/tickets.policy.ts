import type { EventRow, TicketRow } from '../../db/schema';
import type { Actor } from '../../core/actor';
import { canManageClub } from '../clubs/clubs.policy';
import { canViewEvent } from '../events/events.policy';

/**
 * The public sees the active ticket types of published events, but not hidden ones (offered only
 * with an access code, in the event's list: docs/decisions/0028-discount-and-access-codes.md); the
 * club's own admins see them all.
 */
export function canViewTicket(actor: Actor | null, event: EventRow, ticket: TicketRow): boolean {
  return canViewEvent(actor, event) && ((ticket.isActive && !ticket.hidden) || canManageClub(actor, event.clubId));
}

/** Inactive ticket types, and hidden ones without a code, are listed to the club's own admins only. */
export const listsInactiveTickets = (actor: Actor | null, event: EventRow) => canManageClub(actor, event.clubId);

/** A hidden ticket type is listed to the public only with a usable code that names it. */
export const listsTicket = (ticket: TicketRow, openedByCode: ReadonlySet<string>) =>
  !ticket.hidden || openedByCode.has(ticket.id);

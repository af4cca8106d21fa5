import type { EventRow, TicketRow } from '../../db/schema';
import type { Actor } from '../../core/actor';
import { canManageClub } from '../clubs/clubs.policy';
import { canViewEvent } from '../events/events.policy';

/** The public sees the active ticket types of published events; the club's own admins see them all. */
export function canViewTicket(actor: Actor | null, event: EventRow, ticket: TicketRow): boolean {
  return canViewEvent(actor, event) && (ticket.isActive || canManageClub(actor, event.clubId));
}

/** Inactive ticket types are listed to the club's own admins only. */
export const listsInactiveTickets = (actor: Actor | null, event: EventRow) => canManageClub(actor, event.clubId);

import type { EventRow } from '../../db/schema';
import type { Actor } from '../../core/actor';
import { fieldError, notFound } from '../../core/errors';
import { canManageClub, isSudo } from '../clubs/clubs.policy';

/** Tenant wall for everything below an event: another club's event answers 404. */
export function assertCanManageEvent(actor: Actor, event: EventRow | undefined): asserts event is EventRow {
  if (!event || !canManageClub(actor, event.clubId)) throw notFound('Event');
}

/** The public sees published events; a club's admins also see their drafts and cancelled events. */
export function canViewEvent(actor: Actor | null, event: EventRow): boolean {
  return event.status === 'published' || canManageClub(actor, event.clubId);
}

/** The club a new event goes to: an admin's own; sudo must name one. */
export function clubForNewEvent(actor: Actor, requested: string | undefined): string {
  if (isSudo(actor)) {
    if (!requested) throw fieldError('clubId', 'Choose the club this event belongs to');
    return requested;
  }
  if (requested && requested !== actor.clubId) throw notFound('Club');
  return actor.clubId ?? '';
}

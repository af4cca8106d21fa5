import { ROLE_STAFF } from '@clubtix/contract';
import type { EventRow } from '../../db/schema';
import type { Actor } from '../../core/actor';
import { fieldError, notFound } from '../../core/errors';
import { canManageClub, isSudo } from '../clubs/clubs.policy';

/**
 * Door staff work every event of their club when saved with `allEvents`, otherwise exactly the
 * events listed: none listed is no event, so removing an event never widens anyone's reach
 * (docs/decisions/0061-staff-scope.md). Any other event answers 404, as another club's does
 * (docs/product.md section 20). Admins and sudo work every event they can manage.
 */
export function worksEvent(actor: Actor | null, eventId: string): boolean {
  if (actor?.role !== ROLE_STAFF) return true;
  return actor.staffAllEvents === true || (actor.staffEventIds ?? []).includes(eventId);
}

/**
 * The events a list is limited to: those of door staff not saved with `allEvents` (possibly none);
 * undefined = no limit.
 */
export function staffEventsOf(actor: Actor | null): readonly string[] | undefined {
  if (actor?.role !== ROLE_STAFF || actor.staffAllEvents === true) return undefined;
  return actor.staffEventIds ?? [];
}

/** The staff check alone, for door calls that name their event before anything is read. */
export function assertWorksEvent(actor: Actor, eventId: string | undefined): void {
  if (eventId !== undefined && !worksEvent(actor, eventId)) throw notFound('Event');
}

/** Tenant wall for everything below an event: another club's event (or one its staff do not work) answers 404. */
export function assertCanManageEvent(actor: Actor, event: EventRow | undefined): asserts event is EventRow {
  if (!event || !canManageClub(actor, event.clubId) || !worksEvent(actor, event.id)) throw notFound('Event');
}

/** The public sees published events; a club's admins also see their drafts and cancelled events. */
export function canViewEvent(actor: Actor | null, event: EventRow): boolean {
  return event.status === 'published' || (canManageClub(actor, event.clubId) && worksEvent(actor, event.id));
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

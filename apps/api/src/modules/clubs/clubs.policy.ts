import { ROLE_SUDO } from '@clubtix/contract';
import type { Actor } from '../../core/actor';
import { forbidden, notFound } from '../../core/errors';

export const isSudo = (actor: Actor) => actor.role === ROLE_SUDO;

/**
 * The tenant wall (docs/product.md section 13): an admin reaches only its own club; anything else
 * answers 404, exactly as if it did not exist. Sudo reaches every club.
 */
export function canManageClub(actor: Actor | null, clubId: string): boolean {
  return actor !== null && (isSudo(actor) || actor.clubId === clubId);
}

export function assertCanManageClub(actor: Actor, clubId: string): void {
  if (!canManageClub(actor, clubId)) throw notFound('Club');
}

/** The club an actor's queries are filtered by: its own for an admin, none (every club) for sudo. */
export function clubScope(actor: Actor): string | null {
  return isSudo(actor) ? null : (actor.clubId ?? '');
}

export function assertCanCreateClub(actor: Actor): void {
  if (!isSudo(actor)) throw forbidden('Only the super user can add clubs');
}

export function assertCanRemoveClub(actor: Actor): void {
  if (!isSudo(actor)) throw forbidden('Only the super user can remove clubs');
}

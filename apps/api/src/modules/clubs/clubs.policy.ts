import { ROLE_SUDO } from '@clubtix/contract';
import type { Actor } from '../../plugins/auth';
import { forbidden, notFound } from '../../plugins/errors';

export const isSudo = (actor: Actor) => actor.role === ROLE_SUDO;

/**
 * The tenant wall (DECISIONS.md section 4): an admin reaches only its own club; anything else
 * answers 404, exactly as if it did not exist. Sudo reaches every club.
 */
export function assertCanManageClub(actor: Actor, clubId: string): void {
  if (isSudo(actor)) return;
  if (actor.clubId !== clubId) throw notFound('Club');
}

export function assertCanCreateClub(actor: Actor): void {
  if (!isSudo(actor)) throw forbidden('Only the super user can add clubs');
}

export function assertCanRemoveClub(actor: Actor): void {
  if (!isSudo(actor)) throw forbidden('Only the super user can remove clubs');
}

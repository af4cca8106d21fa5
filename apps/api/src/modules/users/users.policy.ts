import type { Actor } from '../../core/actor';
import { conflict } from '../../core/errors';
import { assertCanManageClub } from '../clubs/clubs.policy';

/** An admin manages the admins of its own club only; sudo manages every club's (tenant wall, 404 across clubs). */
export function assertCanManageClubUsers(actor: Actor, clubId: string): void {
  assertCanManageClub(actor, clubId);
}

export function assertCanDeleteUser(actor: Actor, userId: string): void {
  if (actor.id === userId) throw conflict('You cannot delete your own account while signed in with it');
}

import type { WaitlistEntryRow } from '../../db/schema';
import type { Actor } from '../../core/actor';
import { notFound } from '../../core/errors';
import { canManageClub } from '../clubs/clubs.policy';

/** The tenant wall for one entry: another club's answers 404, as if it did not exist. */
export function assertCanManageEntry(
  actor: Actor,
  entry: WaitlistEntryRow | undefined,
): asserts entry is WaitlistEntryRow {
  if (!entry || !canManageClub(actor, entry.clubId)) throw notFound('Waiting-list entry');
}

import type { SeriesRow } from '../../db/schema';
import type { Actor } from '../../core/actor';
import { fieldError, notFound } from '../../core/errors';
import { canManageClub, isSudo } from '../clubs/clubs.policy';

/** Tenant wall: another club's series answers 404, as one that does not exist. */
export function assertCanManageSeries(actor: Actor, row: SeriesRow | undefined): asserts row is SeriesRow {
  if (!row || !canManageClub(actor, row.clubId)) throw notFound('Series');
}

/** The club a new series goes to: an admin's own (another named: 404); sudo must name one. */
export function clubForNewSeries(actor: Actor, requested: string | undefined): string {
  if (isSudo(actor)) {
    if (!requested) throw fieldError('clubId', 'Choose the club this series belongs to');
    return requested;
  }
  if (requested && requested !== actor.clubId) throw notFound('Club');
  return actor.clubId ?? '';
}

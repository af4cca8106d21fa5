import type { Tx } from '../../db/client';
import type { EventRow } from '../../db/schema';
import { notFound } from '../../core/errors';
import { placeSeriesPasses } from '../passes/pass-places.service';
import { findSeriesById, setEventSeries } from './series.repo';

/**
 * The one way an event enters a series or leaves it (null), inside the transaction of the caller:
 * /event/save with `seriesId` and /event/duplicate (through deps.joinSeries, core/deps.ts) and
 * /series/addDates (add-dates.service.ts). Only a series of the event's own club: another club's
 * answers 404, as one that does not exist.
 *
 * A pass holds a place at every published event of its series: a published event that joins, or an
 * event of the series saved as published, takes the places of the series' held and sold passes here,
 * in this same transaction, refused with 409 naming the event where they would overfill it
 * (passes/pass-places.service.ts; docs/decisions/0080-series-and-passes.md, "Events joining later").
 * A draft takes them when it is published. An event that leaves keeps the places it has.
 */
export async function joinSeries(tx: Tx, event: EventRow, seriesId: string | null): Promise<EventRow> {
  if (seriesId !== null) {
    const row = await findSeriesById(tx, seriesId, event.clubId);
    if (!row) throw notFound('Series');
  }
  const joined = event.seriesId === seriesId ? event : await setEventSeries(tx, event, seriesId);
  if (seriesId !== null && joined.status === 'published') await placeSeriesPasses(tx, seriesId, joined);
  return joined;
}

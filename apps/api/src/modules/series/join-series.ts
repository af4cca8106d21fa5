import type { Tx } from '../../db/client';
import type { EventRow } from '../../db/schema';
import { notFound } from '../../core/errors';
import { findSeriesById, setEventSeries } from './series.repo';

/**
 * The one way an event enters a series or leaves it (null), inside the transaction of the caller:
 * /event/save with `seriesId` and /event/duplicate (through deps.joinSeries, core/deps.ts) and
 * /series/addDates (add-dates.service.ts). Only a series of the event's own club: another club's
 * answers 404, as one that does not exist.
 *
 * Here a series' sold and held season passes take their place in an event that joins it, in this same
 * transaction, refused with 409 naming the event where they would overfill it
 * (docs/decisions/0080-series-and-passes.md, "Events joining later"). Today it writes events.series_id.
 */
export async function joinSeries(tx: Tx, event: EventRow, seriesId: string | null): Promise<EventRow> {
  if (seriesId !== null) {
    const row = await findSeriesById(tx, seriesId, event.clubId);
    if (!row) throw notFound('Series');
  }
  if (event.seriesId === seriesId) return event;
  return setEventSeries(tx, event, seriesId);
}

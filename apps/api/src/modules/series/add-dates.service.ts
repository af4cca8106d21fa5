import type { TAddDatesRequest, TEvent } from '@clubtix/contract';
import type { Actor } from '../../core/actor';
import type { Deps } from '../../core/deps';
import { conflict } from '../../core/errors';
import { assertNotPast, copyEvent } from '../events/duplicate-event.service';
import { toEventDto } from '../events/events.mapper';
import { loadManagedEvent } from '../events/events.service';
import { EVENT_SLUGS, inSlugTransaction } from '../events/slugs';
import { joinSeries } from './join-series';

/**
 * POST /series/addDates (DECISIONS 18): the event copied at each start as /event/duplicate copies it
 * (events/duplicate-event.service.ts), each copy a draft date of the event's series. One transaction:
 * one copy refused (a cap, a pass that would overfill it) and none is written.
 */
export async function addDates(
  deps: Deps,
  actor: Actor,
  input: Pick<TAddDatesRequest, 'eventId' | 'startDates'>,
): Promise<TEvent[]> {
  const source = await loadManagedEvent(deps, actor, input.eventId);
  const starts = input.startDates.map((start) => new Date(start));
  const now = new Date();
  starts.forEach((start, index) => assertNotPast(start, `startDates.${index}`, now));
  const { seriesId } = source;
  if (!seriesId) throw conflict('Put the event in a series first: its copies are dates of that series', 'eventId');
  const rows = await inSlugTransaction(deps.db, EVENT_SLUGS, null, async (tx) => {
    const copies = [];
    for (const startDate of starts)
      copies.push(await joinSeries(tx, await copyEvent(tx, source, { startDate }), seriesId));
    return copies;
  });
  return rows.map(toEventDto);
}

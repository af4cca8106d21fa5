import type { Tx } from '../../db/client';
import { say, soldOut } from '../../core/errors';
import { findPassPurchasesToPlace, insertPassPlace } from '../purchase/pass-purchases.repo';
import { markSeatsSold, reserveSeats } from '../purchase/seats.repo';
import { findOrCreatePassTicket, lockSeriesPasses } from './passes.repo';

/**
 * An event joining a series (docs/decisions/0080-series-and-passes.md: addDates, /event/save with
 * `seriesId`): the series' passes held or sold take their place there, in the caller's transaction.
 * Under the passes' row locks (the order a pass's purchase takes them: the pass, then the event's
 * counters), each place moves the counters as a purchase's does (reserveSeats, and the sold counter
 * for a paid pass); where that would overfill the event, 409 naming it, and the caller's rollback
 * writes nothing. A pass already placed there is left as it is. Answers how many places were taken.
 */
export async function placeSeriesPasses(tx: Tx, seriesId: string, event: { id: string; title: string }) {
  const passes = new Map((await lockSeriesPasses(tx, seriesId)).map((pass) => [pass.id, pass]));
  if (passes.size === 0) return 0;
  const purchases = await findPassPurchasesToPlace(tx, seriesId, event.id);
  for (const purchase of purchases) {
    const ticketId = await findOrCreatePassTicket(tx, passes.get(purchase.passId)!, event.id);
    const line = { ticketId, quantity: 1 };
    if (!(await reserveSeats(tx, event.id, [line])).ok) throw soldOut(say('{name} is sold out', { name: event.title }));
    if (purchase.status === 'confirmed') await markSeatsSold(tx, [line]);
    await insertPassPlace(tx, purchase, { eventId: event.id, ticketId });
  }
  return purchases.length;
}

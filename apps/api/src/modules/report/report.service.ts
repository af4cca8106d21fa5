import type { TEventSales } from '@clubtix/contract';
import type { Actor } from '../../core/actor';
import type { Deps } from '../../core/deps';
import { loadManagedEvent } from '../events/events.service';
import { eventTicketNames, paidExtrasAlone, paidOrderLines, paidSponsorships } from './report.repo';
import { buildSales } from './sales';

/** The event's sales (docs/product.md section 21): an admin of its club; another club's event is 404. */
export async function getEventSales(deps: Deps, actor: Actor, eventId: string): Promise<TEventSales> {
  const event = await loadManagedEvent(deps, actor, eventId);
  // One snapshot: the four reads see the same committed payments and refunds.
  return deps.db.transaction(
    async (tx) => {
      const [ticketNames, orderLines, extrasAlone, sponsorships] = await Promise.all([
        eventTicketNames(tx, event),
        paidOrderLines(tx, event),
        paidExtrasAlone(tx, event),
        paidSponsorships(tx, event),
      ]);
      return buildSales({ event, ticketNames, orderLines, extrasAlone, sponsorships });
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

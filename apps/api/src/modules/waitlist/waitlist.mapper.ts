import type { TWaitlistEntry } from '@clubtix/contract';
import type { WaitlistEntryRow } from '../../db/schema';

const iso = (value: Date | null) => (value ? value.toISOString() : null);

/**
 * Rows in line order in, entries out, each waiting one with its place among those still waiting
 * for its ticket type (1 = next); an offered or finished one has none.
 */
export function toWaitlistDtos(rows: { entry: WaitlistEntryRow; ticketName: string }[]): TWaitlistEntry[] {
  const waitingAhead = new Map<string, number>();
  return rows.map(({ entry, ticketName }) => {
    let position: number | null = null;
    if (entry.status === 'waiting') {
      position = (waitingAhead.get(entry.ticketId) ?? 0) + 1;
      waitingAhead.set(entry.ticketId, position);
    }
    return {
      id: entry.id,
      eventId: entry.eventId,
      ticketId: entry.ticketId,
      ticketName,
      email: entry.email,
      quantity: entry.quantity,
      status: entry.status as TWaitlistEntry['status'],
      position,
      offeredAt: iso(entry.offeredAt),
      offerExpiresAt: iso(entry.offerExpiresAt),
      registrationId: entry.registrationId,
      createdAt: entry.createdAt.toISOString(),
    };
  });
}

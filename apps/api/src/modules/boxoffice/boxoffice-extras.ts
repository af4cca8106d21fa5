import type { DbOrTx } from '../../db/client';
import type { EventRow, ExtrasRow } from '../../db/schema';
import { conflict, notFound, say } from '../../core/errors';
import { findExtrasByEvent } from '../extras/extras.repo';
import type { ExtrasLine } from '../extras/extras-stock';

/** Lines of one extra add up, as tickets' do (mergeLines): one order line and one voucher per extra. */
export function mergeExtrasLines(lines: readonly ExtrasLine[]): ExtrasLine[] {
  const merged = new Map<string, number>();
  for (const line of lines) merged.set(line.extrasId, (merged.get(line.extrasId) ?? 0) + line.quantity);
  return [...merged].map(([extrasId, quantity]) => ({ extrasId, quantity }));
}

/**
 * The extras a door sale names, read before its transaction (docs/decisions/0034-box-office.md):
 * one that is not the event's is 404, as a ticket of another event is; an inactive one is refused
 * (409), since it is off sale online too, and the door sells only what the event offers.
 */
export async function findExtrasToSell(
  db: DbOrTx,
  event: Pick<EventRow, 'id' | 'clubId'>,
  lines: readonly ExtrasLine[],
): Promise<Map<string, ExtrasRow>> {
  const byId = new Map<string, ExtrasRow>();
  if (lines.length === 0) return byId;
  const offered = await findExtrasByEvent(db, { clubId: event.clubId, eventId: event.id }, false);
  for (const line of lines) {
    const item = offered.find((candidate) => candidate.id === line.extrasId);
    if (!item) throw notFound('Extra');
    if (!item.isActive) throw conflict(say('{extra} is not on sale', { extra: item.name }), 'extras');
    byId.set(item.id, item);
  }
  return byId;
}

/** An extras line of the door's order: priced as the extra is, or 0 when complimentary. */
export function extrasOrderLine(item: ExtrasRow, line: ExtrasLine, free: boolean) {
  const unitPrice = free ? 0 : item.price;
  return {
    kind: 'extras',
    ticketId: null,
    extrasId: item.id,
    name: item.name,
    quantity: line.quantity,
    unitPrice,
    amount: unitPrice * line.quantity,
  };
}

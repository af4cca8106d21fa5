import type { TLanguage, TPassPurchase, TPassPurchaseRequest } from '@clubtix/contract';
import { conflict, notFound, say, soldOut } from '../../core/errors';
import type { Deps } from '../../core/deps';
import { findPassPurchase, insertPassPlace, insertPassPurchase } from '../purchase/pass-purchases.repo';
import { passPayable } from '../purchase/payables/pass.payable';
import { reserveSeats } from '../purchase/seats.repo';
import { toPassPurchaseDto } from '../purchase/pass-purchases.mapper';
import { countPassesTaken, findComingSeriesEvents, findOrCreatePassTicket, lockPass } from './passes.repo';

/**
 * POST /pass/purchase (docs/decisions/0080-series-and-passes.md): in one transaction, under the pass's
 * row lock (its quantity counted one buyer at a time on any number of processes), the pass takes a
 * held place at every coming event of its series, events in id order as the hold and the sweep take
 * them. Each place moves the counters by reserveSeats, the conditional UPDATEs that never oversell
 * (seats.repo.ts): an event that would overfill refuses the whole purchase, naming it, and the
 * rollback writes nothing. The places are held as long as a hold's (RESERVATION_MINUTES); the lapse
 * sweep (hold/holds.repo.ts) lets them go with the purchase. A free pass is confirmed at once.
 */
export async function purchasePass(
  deps: Deps,
  input: TPassPurchaseRequest,
  language: TLanguage,
): Promise<TPassPurchase> {
  const row = await deps.db.transaction(async (tx) => {
    const pass = await lockPass(tx, input.passId);
    if (!pass || !pass.isActive) throw notFound('Pass');
    if (pass.quantity !== null) {
      const taken = (await countPassesTaken(tx, [pass.id])).get(pass.id) ?? 0;
      if (taken >= pass.quantity) throw soldOut(say('{name} is sold out', { name: pass.name }));
    }
    const coming = await findComingSeriesEvents(tx, pass.seriesId);
    if (coming.length === 0) throw conflict('This pass has no coming event to admit to');
    const purchase = await insertPassPurchase(tx, {
      clubId: pass.clubId,
      passId: pass.id,
      seriesId: pass.seriesId,
      firstName: input.firstName,
      lastName: input.lastName,
      email: input.email,
      expiresAt: new Date(Date.now() + deps.config.reservationMinutes * 60_000),
      amount: pass.price,
      currency: coming[0]!.currency,
      language,
    });
    for (const event of coming) {
      const ticketId = await findOrCreatePassTicket(tx, pass, event.id);
      const reserved = await reserveSeats(tx, event.id, [{ ticketId, quantity: 1 }]);
      if (!reserved.ok) throw soldOut(say('{name} is sold out', { name: event.title }));
      await insertPassPlace(tx, purchase, { eventId: event.id, ticketId });
    }
    return purchase;
  });
  if (row.amount > 0) return toPassPurchaseDto(row);
  // A free pass has nothing to pay: confirmed at once, as a payment would settle it.
  await passPayable.settle(deps, row.id);
  return toPassPurchaseDto((await findPassPurchase(deps.db, row.id)) ?? row);
}

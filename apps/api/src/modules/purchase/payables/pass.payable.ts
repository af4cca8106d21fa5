import type { PassPurchaseRow } from '../../../db/schema';
import { conflict, notFound } from '../../../core/errors';
import type { Deps } from '../../../core/deps';
import { queuePassMail } from '../../mail/pass-mail';
import {
  addRefundToPassPurchase,
  confirmPassRegistrations,
  findPassName,
  findPassPlaces,
  findPassPurchase,
  findPassPurchaseByIntent,
  lockPassPurchase,
  lockPassRegistrations,
  markPassPurchasePaid,
  setPassPurchaseIntent,
  setPassPurchaseStatus,
} from '../pass-purchases.repo';
import { cancelRegistration } from '../refund-orders.repo';
import { markSeatsSold, releaseSeats, reserveSeats } from '../seats.repo';
import { refundTargetOf, settlementOf, type Payable, type PayableState, type RefundTarget } from './payable';

const stateOf = (purchase: PassPurchaseRow): PayableState => ({
  kind: 'pass',
  id: purchase.id,
  amount: purchase.amount,
  currency: purchase.currency,
  paymentIntentId: purchase.paymentIntentId,
  ...settlementOf(purchase.paymentStatus),
});

const targetOf = (row: PassPurchaseRow): RefundTarget =>
  refundTargetOf('pass', { ...row, eventId: null }, { email: row.email, language: row.language });

/** A lapsed place of the pass whose event filled meanwhile: the payment cannot confirm it. */
class PlaceGone extends Error {}

/**
 * Confirms a paid pass, once (its row's lock makes a second confirmation find it settled): every one
 * of its places confirmed and counted sold (seats.repo.ts, as an order's settlement counts them),
 * the purchase paid, the holder mailed the pass. A place the sweep let go (the payment came late) is
 * taken again while its event has room; where one is gone, or an admin cancelled the purchase, the
 * payment is flagged refund_required, as a late order's is (docs/decisions/0003-payments.md).
 */
async function settlePaidPass(deps: Deps, id: string): Promise<void> {
  let confirmed = 0;
  try {
    confirmed = await deps.db.transaction(async (tx) => {
      const purchase = await lockPassPurchase(tx, id);
      if (!purchase || purchase.paymentStatus !== 'pending') return 0;
      await lockPassRegistrations(tx, id);
      const places = await findPassPlaces(tx, id);
      if (purchase.status === 'cancelled' || places.some((place) => place.registration.status === 'cancelled')) {
        throw new PlaceGone();
      }
      // Events in id order (findPassPlaces), as every writer of the counters takes them.
      for (const place of places.filter((p) => p.registration.status === 'expired')) {
        const taken = await reserveSeats(tx, place.registration.eventId, [{ ticketId: place.ticketId, quantity: 1 }]);
        if (!taken.ok) throw new PlaceGone();
      }
      await confirmPassRegistrations(
        tx,
        places.map((place) => place.registration.id),
        new Date(),
      );
      // Event by event in id order, as the purchase took them: two transactions on one pass's
      // types never take them in opposite orders.
      for (const place of places) await markSeatsSold(tx, [{ ticketId: place.ticketId, quantity: 1 }]);
      await markPassPurchasePaid(tx, id, 'paid');
      const dates = [...places].sort((a, b) => a.event.startDate.getTime() - b.event.startDate.getTime());
      await queuePassMail(
        tx,
        deps.config,
        purchase,
        await findPassName(tx, purchase.passId),
        dates.map((place) => place.event),
      );
      return places.length;
    });
  } catch (error) {
    if (!(error instanceof PlaceGone)) throw error;
    // Rolled back: nothing taken again; the payment waits for the admin's refund.
    await deps.db.transaction(async (tx) => {
      await lockPassPurchase(tx, id);
      await markPassPurchasePaid(tx, id, 'refund_required');
    });
  }
  if (confirmed > 0) {
    void deps.mail.flush().catch(() => undefined);
    // Counted once committed: one ticket sold at each event the pass admits to.
    deps.metrics.ticketsSold.inc(confirmed);
  }
}

/** A season pass bought (docs/decisions/0080-series-and-passes.md): settling one confirms its places. */
export const passPayable: Payable = {
  kind: 'pass',
  metadataKey: 'passPurchaseId',
  async findByIntent(db, paymentIntentId) {
    const purchase = await findPassPurchaseByIntent(db, paymentIntentId);
    return purchase && stateOf(purchase);
  },
  async findById(db, id) {
    const purchase = await findPassPurchase(db, id);
    return purchase && stateOf(purchase);
  },
  async dueOf(deps, id) {
    const purchase = await findPassPurchase(deps.db, id);
    if (!purchase) throw notFound('Pass purchase');
    if (purchase.paymentStatus !== 'pending') throw conflict('This purchase is already paid');
    if (purchase.status !== 'pending') {
      throw conflict('Your hold on this pass has expired; please start again');
    }
    return {
      id: purchase.id,
      amount: purchase.amount,
      currency: purchase.currency,
      key: `pass:${purchase.id}`,
      description: `ClubTix season pass ${purchase.id}`,
      attachedIntentId: purchase.paymentIntentId,
    };
  },
  attachIntent: (db, due, intent) => setPassPurchaseIntent(db, due.id, intent),
  async settle(deps, id) {
    await settlePaidPass(deps, id);
    const purchase = await findPassPurchase(deps.db, id);
    if (!purchase) throw notFound('Pass purchase');
    return { state: stateOf(purchase) };
  },
  async flagForRefund(db, id, intent) {
    return db.transaction(
      async (tx) => (await setPassPurchaseIntent(tx, id, intent)) && markPassPurchasePaid(tx, id, 'refund_required'),
    );
  },
  async lockForRefund(tx, id) {
    const row = await lockPassPurchase(tx, id);
    return row && targetOf(row);
  },
  addRefund: async (tx, target, amount) => targetOf(await addRefundToPassPurchase(tx, target.id, amount)),
  /**
   * A full refund ends the pass's admissions to the events not attended yet: those places are
   * cancelled and, where confirmed, go back on sale; a place already used stays, for the books.
   */
  async releaseAfterFullRefund(tx, target) {
    let seatsFreed = false;
    for (const place of await findPassPlaces(tx, target.id)) {
      if (place.checkedIn || place.registration.status === 'cancelled') continue;
      if (place.registration.status === 'confirmed' || place.registration.status === 'pending') {
        const sold = place.registration.status === 'confirmed';
        await releaseSeats(tx, place.registration.eventId, [{ ticketId: place.ticketId, quantity: 1 }], sold);
        seatsFreed = true;
      }
      await cancelRegistration(tx, place.registration.id);
    }
    await setPassPurchaseStatus(tx, target.id, 'cancelled');
    return { seatsFreed, stopsAtDoor: true };
  },
};

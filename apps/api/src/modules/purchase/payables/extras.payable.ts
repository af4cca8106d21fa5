import type { TExtrasPurchase } from '@clubtix/contract';
import type { ExtrasPurchaseRow } from '../../../db/schema';
import { conflict, notFound } from '../../../core/errors';
import type { Deps } from '../../../core/deps';
import type { DbOrTx } from '../../../db/client';
import { findEventById } from '../../events/events.repo';
import { queueExtrasMail } from '../../mail/ticket-mail';
import { findExtrasById } from '../../extras/extras.repo';
import { assertExtrasInStock, findExtrasShortfall } from '../../extras/extras-stock';
import {
  addRefundToExtrasPurchase,
  findExtrasPurchase,
  findExtrasPurchaseByIntent,
  lockExtrasPurchaseForRefund,
  markExtrasPurchasePaid,
  setExtrasPurchaseIntent,
} from '../extras-purchases.repo';
import { refundTargetOf, settlementOf, type Payable, type PayableState, type RefundTarget } from './payable';

/** Whether a pending purchase still holds its extras: created within RESERVATION_MINUTES. */
const isHeld = (purchase: ExtrasPurchaseRow, reservationMinutes: number) =>
  purchase.createdAt.getTime() > Date.now() - reservationMinutes * 60_000;

const linesOf = (purchase: ExtrasPurchaseRow) => [{ extrasId: purchase.extrasId, quantity: purchase.quantity }];

/**
 * Idempotent: a second confirmation finds it settled and changes nothing. A purchase paid after its
 * hold lapsed is honoured while its extras remain, otherwise it is marked refund_required for the
 * admin, as a late order is (docs/decisions/0003-payments.md). Answers the purchase's payment status
 * once settled (undefined: no such purchase), for the buyer's message.
 */
async function settlePaidExtrasPurchase(
  deps: Deps,
  purchaseId: string,
): Promise<TExtrasPurchase['paymentStatus'] | undefined> {
  const settled = await deps.db.transaction(async (tx) => {
    const purchase = await findExtrasPurchase(tx, purchaseId);
    if (!purchase || purchase.paymentStatus !== 'pending') return { status: statusOf(purchase), fresh: false };
    let status: 'paid' | 'refund_required' = 'paid';
    if (!isHeld(purchase, deps.config.reservationMinutes)) {
      const short = await findExtrasShortfall(tx, linesOf(purchase), {
        reservationMinutes: deps.config.reservationMinutes,
        excludePurchaseId: purchase.id,
      });
      if (short) status = 'refund_required';
    }
    if (await markExtrasPurchasePaid(tx, purchase.id, status)) {
      if (status === 'paid') await queueVoucherMail(tx, deps, purchase);
      return { status, fresh: status === 'paid' };
    }
    // Another confirmation settled it a moment ago: answer what it did.
    return { status: statusOf(await findExtrasPurchase(tx, purchase.id)), fresh: false };
  });
  if (settled.fresh) void deps.mail.flush().catch(() => undefined);
  return settled.status;
}

/** The voucher mailed to the buyer, in the transaction that marks it paid (so once per purchase). */
export async function queueVoucherMail(tx: DbOrTx, deps: Deps, purchase: ExtrasPurchaseRow): Promise<void> {
  const event = await findEventById(tx, purchase.eventId, null);
  const extras = await findExtrasById(tx, purchase.extrasId, purchase.clubId);
  if (event && extras) await queueExtrasMail(tx, deps.config, event, purchase, extras.name);
}

const statusOf = (purchase: ExtrasPurchaseRow | undefined) =>
  purchase?.paymentStatus as TExtrasPurchase['paymentStatus'] | undefined;

const stateOf = (purchase: ExtrasPurchaseRow): PayableState => ({
  kind: 'extras',
  id: purchase.id,
  amount: purchase.amount,
  currency: purchase.currency,
  paymentIntentId: purchase.paymentIntentId,
  ...settlementOf(purchase.paymentStatus),
});

const targetOf = (row: ExtrasPurchaseRow): RefundTarget =>
  refundTargetOf('extras', row, { email: row.email, language: row.language });

/** Extras bought on their own: settling one marks it paid and mails its voucher. */
export const extrasPayable: Payable = {
  kind: 'extras',
  metadataKey: 'extrasPurchaseId',
  async findByIntent(db, paymentIntentId) {
    const purchase = await findExtrasPurchaseByIntent(db, paymentIntentId);
    return purchase && stateOf(purchase);
  },
  async findById(db, id) {
    const purchase = await findExtrasPurchase(db, id);
    return purchase && stateOf(purchase);
  },
  async dueOf(deps, purchaseId) {
    const purchase = await findExtrasPurchase(deps.db, purchaseId);
    if (!purchase) throw notFound('Extras purchase');
    if (purchase.paymentStatus !== 'pending') throw conflict('This purchase is already paid');
    if (!isHeld(purchase, deps.config.reservationMinutes)) {
      // Its hold lapsed: say so before the buyer pays for extras others have bought meanwhile.
      await deps.db.transaction((tx) =>
        assertExtrasInStock(tx, linesOf(purchase), {
          reservationMinutes: deps.config.reservationMinutes,
          excludePurchaseId: purchase.id,
        }),
      );
    }
    return {
      id: purchase.id,
      amount: purchase.amount,
      currency: purchase.currency,
      key: `extras:${purchase.id}`,
      description: `ClubTix extras ${purchase.id}`,
      attachedIntentId: purchase.paymentIntentId,
    };
  },
  attachIntent: (db, due, intent) => setExtrasPurchaseIntent(db, due.id, intent.id, intent.provider),
  async settle(deps, id) {
    await settlePaidExtrasPurchase(deps, id);
    const purchase = await findExtrasPurchase(deps.db, id);
    if (!purchase) throw notFound('Extras purchase');
    return { state: stateOf(purchase) };
  },
  async flagForRefund(db, id, intent) {
    return db.transaction(
      async (tx) =>
        (await setExtrasPurchaseIntent(tx, id, intent.id, intent.provider)) &&
        markExtrasPurchasePaid(tx, id, 'refund_required'),
    );
  },
  async lockForRefund(tx, id) {
    const row = await lockExtrasPurchaseForRefund(tx, id);
    // A voucher an order issued is refunded with its order, never alone.
    return row && row.orderId === null ? targetOf(row) : undefined;
  },
  addRefund: async (tx, target, amount) => targetOf(await addRefundToExtrasPurchase(tx, target.id, amount)),
  // Refunded, its voucher stops at the door (checkin.policy.ts) and its extras no longer count as
  // sold (extras-stock.repo.ts): the status says both.
  releaseAfterFullRefund: () => Promise.resolve({ seatsFreed: false, stopsAtDoor: true }),
};

import type {
  TCurrency,
  TExtrasPurchase,
  TExtrasPurchaseListItem,
  TPaymentIntent,
  ZGetExtrasPurchasesQuery,
} from '@clubtix/contract';
import type { z } from 'zod';
import type { ExtrasPurchaseRow, ExtrasRow } from '../../../db/schema';
import type { Actor } from '../../../core/actor';
import { conflict, notFound } from '../../../core/errors';
import type { Deps } from '../../../core/deps';
import type { DbOrTx } from '../../../db/client';
import { findEventById } from '../../events/events.repo';
import { loadManagedEvent, loadVisibleEvent } from '../../events/events.service';
import { queueExtrasMail } from '../../mail/ticket-mail';
import { findExtrasById } from '../../extras/extras.repo';
import { assertExtrasInStock, findExtrasShortfall } from '../../extras/extras-stock';
import {
  findExtrasPurchase,
  findPaidPurchasePage,
  insertExtrasPurchase,
  markExtrasPurchasePaid,
  setExtrasPurchaseIntent,
  type PaidPurchaseRow,
} from '../extras-purchases.repo';
import { toExtrasDto } from '../../extras/extras.service';

export function toExtrasPurchaseDto(row: ExtrasPurchaseRow, extras: ExtrasRow): TExtrasPurchase {
  return {
    id: row.id,
    eventId: row.eventId,
    extras: toExtrasDto(extras),
    email: row.email,
    quantity: row.quantity,
    amount: row.amount,
    currency: row.currency as TCurrency,
    qrUuid: row.qrUuid,
    paymentStatus: row.paymentStatus as TExtrasPurchase['paymentStatus'],
    redeemedAt: row.redeemedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Whether a pending purchase still holds its extras: created within RESERVATION_MINUTES. */
const isHeld = (purchase: ExtrasPurchaseRow, reservationMinutes: number) =>
  purchase.createdAt.getTime() > Date.now() - reservationMinutes * 60_000;

const linesOf = (purchase: ExtrasPurchaseRow) => [{ extrasId: purchase.extrasId, quantity: purchase.quantity }];

/**
 * An extra bought on its own, priced on the server; pending until paid, then its QR is redeemable
 * once. An extra with a quantity sells no more than that (assertExtrasInStock): 409 SOLD_OUT and
 * nothing stored.
 */
export async function purchaseExtras(
  deps: Deps,
  input: { eventId: string; extrasId: string; quantity: number; email: string },
): Promise<TExtrasPurchase> {
  const event = await loadVisibleEvent(deps, null, input.eventId);
  const extras = await findExtrasById(deps.db, input.extrasId, event.clubId);
  if (!extras || extras.eventId !== event.id || !extras.isActive) throw notFound('Extra');
  const row = await deps.db.transaction(async (tx) => {
    await assertExtrasInStock(tx, [{ extrasId: extras.id, quantity: input.quantity }], {
      reservationMinutes: deps.config.reservationMinutes,
    });
    const inserted = await insertExtrasPurchase(tx, {
      clubId: event.clubId,
      eventId: event.id,
      extrasId: extras.id,
      email: input.email,
      quantity: input.quantity,
      amount: extras.price * input.quantity,
      currency: event.currency,
    });
    if (inserted.amount === 0 && (await markExtrasPurchasePaid(tx, inserted.id))) {
      await queueVoucherMail(tx, deps, inserted);
    }
    return inserted;
  });
  if (row.amount === 0) void deps.mail.flush().catch(() => undefined);
  return toExtrasPurchaseDto((await findExtrasPurchase(deps.db, row.id))!, extras);
}

export async function startExtrasPayment(deps: Deps, purchaseId: string): Promise<TPaymentIntent> {
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
  const intent = await deps.payments.createIntent({
    amount: purchase.amount,
    currency: purchase.currency,
    key: `extras:${purchase.id}`,
    description: `ClubTix extras ${purchase.id}`,
  });
  await setExtrasPurchaseIntent(deps.db, purchase.id, intent.id, deps.payments.name);
  return {
    provider: deps.payments.name,
    clientSecret: intent.clientSecret,
    paymentIntentId: intent.id,
    amount: purchase.amount,
    currency: purchase.currency as TCurrency,
    ...(deps.payments.publishableKey ? { publishableKey: deps.payments.publishableKey } : {}),
  };
}

/**
 * Idempotent: a second confirmation finds it settled and changes nothing. A purchase paid after its
 * hold lapsed is honoured while its extras remain, otherwise it is marked refund_required for the
 * admin, as a late order is (docs/decisions/0003-payments.md). Answers the purchase's payment status
 * once settled (undefined: no such purchase), for the buyer's message.
 */
export async function settlePaidExtrasPurchase(
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
async function queueVoucherMail(tx: DbOrTx, deps: Deps, purchase: ExtrasPurchaseRow): Promise<void> {
  const event = await findEventById(tx, purchase.eventId, null);
  const extras = await findExtrasById(tx, purchase.extrasId, purchase.clubId);
  if (event && extras) await queueExtrasMail(tx, deps.config, event, purchase, extras.name);
}

const statusOf = (purchase: ExtrasPurchaseRow | undefined) =>
  purchase?.paymentStatus as TExtrasPurchase['paymentStatus'] | undefined;

function toExtrasPurchaseListItem(row: PaidPurchaseRow): TExtrasPurchaseListItem {
  return {
    id: row.id,
    eventId: row.eventId,
    extrasId: row.extrasId,
    extrasName: row.extrasName,
    email: row.email,
    quantity: row.quantity,
    amount: row.amount,
    currency: row.currency as TCurrency,
    paidAt: row.paidAt?.toISOString() ?? null,
    redeemedAt: row.redeemedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * The extras bought for an event, for its admin: paid ones only (a pending purchase is a buyer who
 * has not paid, and its voucher does not open anything). No qrUuid: the list is not a way to the vouchers.
 */
export async function findEventExtrasPurchases(
  deps: Deps,
  actor: Actor,
  query: z.output<typeof ZGetExtrasPurchasesQuery>,
): Promise<{ purchases: TExtrasPurchaseListItem[]; total: number }> {
  const event = await loadManagedEvent(deps, actor, query.eventId);
  const { rows, total } = await findPaidPurchasePage(deps.db, {
    clubId: event.clubId,
    eventId: event.id,
    redeemed: query.redeemed,
    offset: (query.page - 1) * query.pageSize,
    limit: query.pageSize,
  });
  return { purchases: rows.map(toExtrasPurchaseListItem), total };
}

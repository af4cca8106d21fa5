import type { TCurrency, TExtrasPurchaseListItem, ZGetExtrasPurchasesQuery } from '@clubtix/contract';
import type { z } from 'zod';
import type { Actor } from '../../../core/actor';
import type { Deps } from '../../../core/deps';
import { loadManagedEvent } from '../../events/events.service';
import { findPaidPurchasePage, type PaidPurchaseRow } from '../extras-purchases.repo';

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
    paymentStatus: row.paymentStatus as TExtrasPurchaseListItem['paymentStatus'],
    refundedAmount: row.refundedAmount,
    boughtAlone: row.orderId === null,
    // The box office hands its extras over as it sells them: redeemed at the very instant they were
    // paid (modules/boxoffice/boxoffice.repo.ts handOverVouchers); a door's scan always comes later.
    handedOver: row.orderId !== null && row.redeemedAt !== null && row.redeemedAt.getTime() === row.paidAt?.getTime(),
  };
}

/**
 * The extras bought for an event, for its admin: paid ones only, refunded ones included with their
 * status (a pending purchase is a buyer who has not paid, and its voucher does not open anything). No qrUuid: the list is not a way to the vouchers.
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

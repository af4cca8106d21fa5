import type { TCurrency, TExtrasPurchase } from '@clubtix/contract';
import type { ExtrasPurchaseRow, ExtrasRow } from '../../db/schema';
import { toExtrasDto } from '../extras/extras.service';

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
    refundedAmount: row.refundedAmount,
    redeemedAt: row.redeemedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

import type { TExtrasVoucher } from '@clubtix/contract';
import type { OrderVoucherRow } from './order-vouchers.repo';

export function toExtrasVoucherDto(row: OrderVoucherRow): TExtrasVoucher {
  return {
    id: row.id,
    extrasId: row.extrasId,
    extrasName: row.extrasName,
    quantity: row.quantity,
    qrUuid: row.qrUuid,
    redeemedAt: row.redeemedAt?.toISOString() ?? null,
  };
}

import type { TRefund } from '@clubtix/contract';
import type { RefundRow } from '../../../db/schema';

export function toRefundDto(row: RefundRow): TRefund {
  return {
    id: row.id,
    amount: row.amount,
    reason: row.reason,
    source: row.source as TRefund['source'],
    createdAt: row.createdAt.toISOString(),
  };
}

import { PASS_PURCHASE_STATUSES, type TPass, type TPassPurchase } from '@clubtix/contract';
import type { PassPurchaseRow, PassRow } from '../../db/schema';

export function toPassDto(row: PassRow, currency: string | null, available: number | null): TPass {
  return {
    id: row.id,
    seriesId: row.seriesId,
    name: row.name,
    price: row.price,
    currency,
    quantity: row.quantity,
    isActive: row.isActive,
    available,
  };
}

const statusOf = (status: string): TPassPurchase['status'] =>
  (PASS_PURCHASE_STATUSES as readonly string[]).includes(status) ? (status as TPassPurchase['status']) : 'pending';

export function toPassPurchaseDto(row: PassPurchaseRow): TPassPurchase {
  return { id: row.id, amount: row.amount, currency: row.currency, status: statusOf(row.status) };
}

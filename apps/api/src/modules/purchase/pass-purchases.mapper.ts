import { PASS_PURCHASE_STATUSES, type TPassPurchase } from '@clubtix/contract';
import type { PassPurchaseRow } from '../../db/schema';

const statusOf = (status: string): TPassPurchase['status'] =>
  (PASS_PURCHASE_STATUSES as readonly string[]).includes(status) ? (status as TPassPurchase['status']) : 'pending';

export function toPassPurchaseDto(row: PassPurchaseRow): TPassPurchase {
  return { id: row.id, amount: row.amount, currency: row.currency, status: statusOf(row.status) };
}

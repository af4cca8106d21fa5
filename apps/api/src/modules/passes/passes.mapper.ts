import {
  PASS_PURCHASE_STATUSES,
  PAYMENT_STATUSES,
  type TCurrency,
  type TPass,
  type TPassPurchaseListItem,
} from '@clubtix/contract';
import type { PassRow } from '../../db/schema';
import type { SeriesPassPurchase } from './passes.repo';

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

const oneOf = <T extends string>(values: readonly T[], value: string, fallback: T): T =>
  (values as readonly string[]).includes(value) ? (value as T) : fallback;

export function toPassPurchaseListItem(row: SeriesPassPurchase): TPassPurchaseListItem {
  return {
    id: row.id,
    passId: row.passId,
    passName: row.passName,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    amount: row.amount,
    refundedAmount: row.refundedAmount,
    currency: row.currency as TCurrency,
    status: oneOf(PASS_PURCHASE_STATUSES, row.status, 'pending'),
    paymentStatus: oneOf(PAYMENT_STATUSES, row.paymentStatus, 'pending'),
    createdAt: row.createdAt.toISOString(),
  };
}

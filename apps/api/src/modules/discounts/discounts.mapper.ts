import type { TCodeCheck, TDiscount } from '@clubtix/contract';
import type { DiscountRow } from '../../db/schema';

export function toDiscountDto(row: DiscountRow): TDiscount {
  return {
    id: row.id,
    eventId: row.eventId,
    code: row.code,
    kind: row.kind as TDiscount['kind'],
    value: row.value,
    ticketIds: row.ticketIds,
    maxUses: row.maxUses,
    used: row.usedCount,
    validFrom: row.validFrom?.toISOString() ?? null,
    validUntil: row.validUntil?.toISOString() ?? null,
    isActive: row.isActive,
    createdAt: row.createdAt.toISOString(),
  };
}

/** What a buyer may learn of a code: never its use count, limit or window. */
export function toCodeCheck(row: DiscountRow): TCodeCheck {
  return { code: row.code, kind: row.kind as TDiscount['kind'], value: row.value, ticketIds: row.ticketIds };
}

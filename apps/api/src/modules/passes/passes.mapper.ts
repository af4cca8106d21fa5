import type { TPass } from '@clubtix/contract';
import type { PassRow } from '../../db/schema';

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

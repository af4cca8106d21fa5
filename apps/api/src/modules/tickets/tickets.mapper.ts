import type { TTicket } from '@clubtix/contract';
import type { TicketRow } from '../../db/schema';

export function toTicketDto(row: TicketRow, sold: number): TTicket {
  return {
    id: row.id,
    eventId: row.eventId,
    name: row.name,
    description: row.description,
    price: row.price,
    quantity: row.quantity,
    sold,
    available: row.quantity === null ? null : Math.max(0, row.quantity - sold),
    maxPerOrder: row.maxPerOrder,
    salesStartAt: row.salesStartAt?.toISOString() ?? null,
    salesEndAt: row.salesEndAt?.toISOString() ?? null,
    isActive: row.isActive,
    position: row.position,
  };
}

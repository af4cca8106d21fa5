import type { TTicket } from '@clubtix/contract';
import type { TicketRow } from '../../db/schema';

/** `sold` counts paid tickets; `available` also leaves out tickets held by buyers who are paying now. */
export function toTicketDto(row: TicketRow): TTicket {
  return {
    id: row.id,
    eventId: row.eventId,
    name: row.name,
    description: row.description,
    price: row.price,
    quantity: row.quantity,
    sold: row.soldCount,
    available: row.quantity === null ? null : Math.max(0, row.quantity - row.reservedCount),
    maxPerOrder: row.maxPerOrder,
    salesStartAt: row.salesStartAt?.toISOString() ?? null,
    salesEndAt: row.salesEndAt?.toISOString() ?? null,
    isActive: row.isActive,
    hidden: row.hidden,
    position: row.position,
  };
}

import type { TTicket } from '@clubtix/contract';
import type { TicketRow } from '../../db/schema';

/**
 * `sold` counts paid tickets; `available` also leaves out tickets held by buyers who are paying now,
 * which `held` counts (the reserved counter holds both; docs/decisions/0066-held-is-not-sold.md).
 * `heldUntil` is given only where none is left and some are held, as the row read it (tickets.repo.ts).
 */
export function toTicketDto(row: TicketRow & { heldUntil?: Date | null }): TTicket {
  const available = row.quantity === null ? null : Math.max(0, row.quantity - row.reservedCount);
  const held = Math.max(0, row.reservedCount - row.soldCount);
  return {
    id: row.id,
    eventId: row.eventId,
    name: row.name,
    description: row.description,
    price: row.price,
    quantity: row.quantity,
    sold: row.soldCount,
    available,
    held,
    heldUntil: available === 0 && held > 0 ? (row.heldUntil?.toISOString() ?? null) : null,
    maxPerOrder: row.maxPerOrder,
    salesStartAt: row.salesStartAt?.toISOString() ?? null,
    salesEndAt: row.salesEndAt?.toISOString() ?? null,
    isActive: row.isActive,
    hidden: row.hidden,
    position: row.position,
  };
}

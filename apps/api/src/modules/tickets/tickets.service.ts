import type { TTicket, ZSaveTicketRequest } from '@clubtix/contract';
import type { z } from 'zod';
import type { Actor } from '../../plugins/auth';
import { conflict, notFound } from '../../plugins/errors';
import type { Deps } from '../../plugins/routes';
import { canManageClub, clubScope } from '../clubs/clubs.policy';
import { loadManagedEvent, loadVisibleEvent } from '../events/events.service';
import { toTicketDto } from './tickets.mapper';
import {
  deleteTicket,
  findTicketById,
  findTicketsByEvent,
  insertTicket,
  maxPosition,
  updateTicket,
} from './tickets.repo';

export async function findEventTickets(deps: Deps, actor: Actor | null, eventId: string): Promise<TTicket[]> {
  const event = await loadVisibleEvent(deps, actor, eventId);
  const rows = await findTicketsByEvent(deps.db, event.id, !canManageClub(actor, event.clubId));
  return rows.map(toTicketDto);
}

export async function findTicket(deps: Deps, actor: Actor | null, ticketId: string): Promise<TTicket> {
  const row = await findTicketById(deps.db, ticketId, null);
  if (!row) throw notFound('Ticket');
  const event = await loadVisibleEvent(deps, actor, row.eventId).catch(() => undefined);
  if (!event || (!row.isActive && !canManageClub(actor, event.clubId))) throw notFound('Ticket');
  return toTicketDto(row);
}

export async function saveTicket(
  deps: Deps,
  actor: Actor,
  input: z.output<typeof ZSaveTicketRequest>,
): Promise<TTicket> {
  const event = await loadManagedEvent(deps, actor, input.eventId);
  const { id, eventId: _eventId, position, ...fields } = input;
  const values = {
    ...fields,
    salesStartAt: fields.salesStartAt ? new Date(fields.salesStartAt) : null,
    salesEndAt: fields.salesEndAt ? new Date(fields.salesEndAt) : null,
  };
  if (!id) {
    const row = await insertTicket(deps.db, {
      ...values,
      clubId: event.clubId,
      eventId: event.id,
      position: position ?? (await maxPosition(deps.db, event.id)) + 1,
    });
    return toTicketDto(row);
  }
  const existing = await findTicketById(deps.db, id, clubScope(actor));
  if (!existing || existing.eventId !== event.id) throw notFound('Ticket');
  const taken = existing.reservedCount;
  if (values.quantity !== null && values.quantity < taken) {
    throw conflict(`Quantity cannot be lower than the ${taken} already sold or held`, 'quantity');
  }
  const row = await updateTicket(
    deps.db,
    id,
    { clubId: event.clubId, eventId: event.id },
    {
      ...values,
      ...(position === undefined ? {} : { position }),
    },
  );
  if (!row) throw notFound('Ticket');
  return toTicketDto(row);
}

export async function removeTicket(deps: Deps, actor: Actor, ticketId: string): Promise<void> {
  const row = await findTicketById(deps.db, ticketId, clubScope(actor));
  if (!row) throw notFound('Ticket');
  await loadManagedEvent(deps, actor, row.eventId);
  if (row.reservedCount > 0 || row.soldCount > 0)
    throw conflict('This ticket type has been sold, so it cannot be deleted; deactivate it instead');
  await deleteTicket(deps.db, row.id, row.clubId);
}

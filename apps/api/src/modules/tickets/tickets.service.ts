import type { TTicket, ZSaveTicketRequest } from '@clubtix/contract';
import type { z } from 'zod';
import type { Actor } from '../../plugins/auth';
import { conflict, notFound } from '../../plugins/errors';
import type { Deps } from '../../plugins/routes';
import { clubScope } from '../clubs/clubs.policy';
import { findEventById } from '../events/events.repo';
import { loadManagedEvent, loadVisibleEvent } from '../events/events.service';
import { toTicketDto } from './tickets.mapper';
import { canViewTicket, listsInactiveTickets } from './tickets.policy';
import {
  deleteUnusedTicket,
  findTicketById,
  findTicketsByEvent,
  insertTicket,
  maxPosition,
  updateTicket,
} from './tickets.repo';

export async function findEventTickets(deps: Deps, actor: Actor | null, eventId: string): Promise<TTicket[]> {
  const event = await loadVisibleEvent(deps, actor, eventId);
  const scope = { clubId: event.clubId, eventId: event.id };
  return (await findTicketsByEvent(deps.db, scope, !listsInactiveTickets(actor, event))).map(toTicketDto);
}

export async function findTicket(deps: Deps, actor: Actor | null, ticketId: string): Promise<TTicket> {
  const row = await findTicketById(deps.db, ticketId, null);
  const event = row && (await findEventById(deps.db, row.eventId, row.clubId));
  if (!row || !event || !canViewTicket(actor, event, row)) throw notFound('Ticket');
  return toTicketDto(row);
}

export async function saveTicket(
  deps: Deps,
  actor: Actor,
  input: z.output<typeof ZSaveTicketRequest>,
): Promise<TTicket> {
  const event = await loadManagedEvent(deps, actor, input.eventId);
  const scope = { clubId: event.clubId, eventId: event.id };
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
      position: position ?? (await maxPosition(deps.db, scope)) + 1,
    });
    return toTicketDto(row);
  }
  const existing = await findTicketById(deps.db, id, clubScope(actor));
  if (!existing || existing.eventId !== event.id) throw notFound('Ticket');
  const row = await updateTicket(deps.db, id, scope, { ...values, ...(position === undefined ? {} : { position }) });
  if (row) return toTicketDto(row);
  const current = await findTicketById(deps.db, id, event.clubId);
  if (!current) throw notFound('Ticket');
  throw conflict(`Quantity cannot be lower than the ${current.reservedCount} already sold or held`, 'quantity');
}

export async function removeTicket(deps: Deps, actor: Actor, ticketId: string): Promise<void> {
  const row = await findTicketById(deps.db, ticketId, clubScope(actor));
  if (!row) throw notFound('Ticket');
  await loadManagedEvent(deps, actor, row.eventId);
  if (!(await deleteUnusedTicket(deps.db, row.id, row.clubId))) {
    if (!(await findTicketById(deps.db, row.id, row.clubId))) throw notFound('Ticket');
    throw conflict('This ticket type has been sold or held, so it cannot be deleted; deactivate it instead');
  }
}

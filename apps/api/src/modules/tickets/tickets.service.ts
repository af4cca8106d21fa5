import { TICKET_DEFAULTS, TICKET_INSTANT_ORDER, type TTicket, type ZSaveTicketRequest } from '@clubtix/contract';
import type { z } from 'zod';
import type { Actor } from '../../core/actor';
import { conflict, notFound, say } from '../../core/errors';
import type { Deps } from '../../core/deps';
import { clubScope } from '../clubs/clubs.policy';
import { findEventById } from '../events/events.repo';
import { loadManagedEvent, loadVisibleEvent } from '../events/events.service';
import { assertRoomInCatalogue, TICKET_CATALOGUE } from '../events/catalogue-cap.repo';
import { assertInstantsInOrder, requiredOnCreate, sentFields, toInstant } from '../../core/save-values';
import { ticketsOpenedBy } from '../discounts/code-checks';
import { toTicketDto } from './tickets.mapper';
import { canViewTicket, listsInactiveTickets, listsTicket } from './tickets.policy';
import {
  deleteUnusedTicket,
  findListedTicketById,
  findTicketById,
  findTicketsByEvent,
  insertTicket,
  lockTicket,
  maxPosition,
  updateTicket,
} from './tickets.repo';

/**
 * The public's list leaves hidden ticket types out unless `code` is a usable code naming them; a code
 * looked at counts among the wrong codes `ip` may try on the event until it proves right (code-checks.ts).
 */
export async function findEventTickets(
  deps: Deps,
  actor: Actor | null,
  eventId: string,
  code: string | undefined,
  ip: string,
): Promise<TTicket[]> {
  const event = await loadVisibleEvent(deps, actor, eventId);
  const scope = { clubId: event.clubId, eventId: event.id };
  const seesAll = listsInactiveTickets(actor, event);
  const rows = await findTicketsByEvent(deps.db, scope, !seesAll);
  if (seesAll) return rows.map(toTicketDto);
  const opened = rows.some((row) => row.hidden)
    ? await ticketsOpenedBy(deps.db, event.id, code, ip)
    : new Set<string>();
  return rows.filter((row) => listsTicket(row, opened)).map(toTicketDto);
}

export async function findTicket(deps: Deps, actor: Actor | null, ticketId: string): Promise<TTicket> {
  const row = await findListedTicketById(deps.db, ticketId);
  const event = row && (await findEventById(deps.db, row.eventId, row.clubId));
  if (!row || !event || !canViewTicket(actor, event, row)) throw notFound('Ticket');
  return toTicketDto(row);
}

type SaveTicketInput = z.output<typeof ZSaveTicketRequest>;

/** The event of the ticket type an update names; eventId may be left out, but must match when sent. */
async function loadEventOfTicket(deps: Deps, actor: Actor, id: string, eventId: string | undefined) {
  const named = eventId === undefined ? undefined : await loadManagedEvent(deps, actor, eventId);
  const existing = await findTicketById(deps.db, id, clubScope(actor));
  if (!existing || (named && existing.eventId !== named.id)) throw notFound('Ticket');
  // A season pass's own type at the event counts its holders; the pass is what is edited (/pass/save).
  if (existing.passId) throw conflict("This ticket type is a season pass's place: change the pass instead");
  return named ?? (await loadManagedEvent(deps, actor, existing.eventId));
}

export async function saveTicket(deps: Deps, actor: Actor, input: SaveTicketInput): Promise<TTicket> {
  const { id, eventId, ...fields } = input;
  const sent = sentFields({
    ...fields,
    salesStartAt: toInstant(fields.salesStartAt),
    salesEndAt: toInstant(fields.salesEndAt),
  });
  if (!id) {
    const event = await loadManagedEvent(deps, actor, requiredOnCreate(eventId, 'eventId'));
    const scope = { clubId: event.clubId, eventId: event.id };
    const values = {
      ...TICKET_DEFAULTS,
      ...sent,
      name: requiredOnCreate(sent.name, 'name'),
      price: requiredOnCreate(sent.price, 'price'),
      clubId: event.clubId,
      eventId: event.id,
    };
    const row = await deps.db.transaction(async (tx) => {
      await assertRoomInCatalogue(tx, TICKET_CATALOGUE, event.id);
      return insertTicket(tx, { ...values, position: sent.position ?? (await maxPosition(tx, scope)) + 1 });
    });
    return toTicketDto(row);
  }
  const event = await loadEventOfTicket(deps, actor, id, eventId);
  const scope = { clubId: event.clubId, eventId: event.id };
  // The sales window is checked against the row as it is when written (locked), as events do.
  const row = await deps.db.transaction(async (tx) => {
    const locked = await lockTicket(tx, id, scope);
    if (!locked) throw notFound('Ticket');
    assertInstantsInOrder({ ...locked, ...sent }, TICKET_INSTANT_ORDER);
    return updateTicket(tx, id, scope, sent);
  });
  if (row) {
    // A quantity raised, or the type back on sale, may leave room for its waiting list.
    deps.seatsFreed?.(event.id);
    return toTicketDto(row);
  }
  const current = await findTicketById(deps.db, id, event.clubId);
  if (!current) throw notFound('Ticket');
  throw conflict(
    say('Quantity cannot be lower than the {count} already sold or held', { count: current.reservedCount }),
    'quantity',
  );
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

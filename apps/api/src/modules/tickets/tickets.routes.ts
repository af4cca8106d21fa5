import type { FastifyInstance } from 'fastify';
import { endpoints } from '@clubtix/contract';
import { registerEndpoint } from '../../plugins/routes';
import { type Deps } from '../../core/deps';
import { findEventTickets, findTicket, removeTicket, saveTicket } from './tickets.service';

export function ticketRoutes(app: FastifyInstance, deps: Deps): void {
  const t = endpoints.ticket;
  registerEndpoint(app, deps, t.getTicketsByEventId, async ({ actor, query, request }) => ({
    payload: await findEventTickets(deps, actor, query.eventId, query.code, request.ip),
  }));
  registerEndpoint(app, deps, t.getTicketById, async ({ actor, query }) => ({
    payload: await findTicket(deps, actor, query.ticketId),
  }));
  registerEndpoint(app, deps, t.save, async ({ actor, body }) => ({
    payload: await saveTicket(deps, actor, body),
    msg: body.id ? 'Ticket saved' : 'Ticket created',
  }));
  registerEndpoint(app, deps, t.removeTicket, async ({ actor, body }) => {
    await removeTicket(deps, actor, body.ticketId);
    return { payload: { id: body.ticketId }, msg: 'Ticket removed' };
  });
}

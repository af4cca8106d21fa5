import type { FastifyInstance } from 'fastify';
import { endpoints } from '@clubtix/contract';
import { registerEndpoint } from '../../plugins/routes';
import { type Deps } from '../../core/deps';
import { requestLanguage } from '../../core/i18n';
import { updateAttendee } from './attendee-edit.service';
import { findEventAttendees } from './attendee-list.service';
import { findManagedRegistration, setRegistrationStatus } from './registration-admin.service';
import { resendAttendeeTicket, resendTicketsByEmail } from './ticket-delivery.service';

/** The admin's calls on one registration, and a buyer's own tickets mailed again. */
export function registrationRoutes(app: FastifyInstance, deps: Deps): void {
  const r = endpoints.registration;
  registerEndpoint(app, deps, r.getRegistrationById, async ({ actor, query }) => ({
    payload: await findManagedRegistration(deps, actor, query.registrationId),
  }));
  registerEndpoint(app, deps, r.sendTicket, async ({ actor, query }) => {
    const result = await resendAttendeeTicket(deps, actor, query.eventId, query.attendeeId);
    return {
      payload: result,
      msg: result.sent ? 'Ticket sent' : 'No mail server is set up: the ticket was kept in the outbox',
    };
  });
  registerEndpoint(app, deps, r.getRegistrationByEmail, async ({ query, request }) => {
    const result = await resendTicketsByEmail(deps, query.email, query.eventId, requestLanguage(request));
    return {
      payload: result,
      msg: result.found
        ? 'Your tickets are on their way to this e-mail address'
        : 'No confirmed registration was found for this e-mail address',
    };
  });
  registerEndpoint(app, deps, r.updateStatus, async ({ actor, body }) => ({
    payload: await setRegistrationStatus(deps, actor, body.registrationId, body.status),
    msg: body.status === 'cancelled' ? 'Registration cancelled' : 'Registration confirmed',
  }));
  registerEndpoint(app, deps, r.updateAttendee, async ({ actor, body }) => ({
    payload: await updateAttendee(deps, actor, body),
    msg: 'Attendee saved',
  }));
  registerEndpoint(app, deps, endpoints.attendees.getAttendees, async ({ actor, query }) => ({
    payload: await findEventAttendees(deps, actor, query),
  }));
}

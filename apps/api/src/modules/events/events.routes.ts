import type { FastifyInstance } from 'fastify';
import { endpoints } from '@clubtix/contract';
import { answerList } from '../../plugins/lists';
import { registerEndpoint } from '../../plugins/routes';
import { type Deps } from '../../core/deps';
import { duplicateEvent } from './duplicate-event.service';
import { toEventDto } from './events.mapper';
import {
  findActiveClubEvents,
  findClubEvents,
  findDonationEventsOfAllClubs,
  findEventBySlug,
  findEventOfClub,
  findFirstEventOf,
  loadVisibleEvent,
  removeEvent,
  saveEvent,
} from './events.service';

export function eventRoutes(app: FastifyInstance, deps: Deps): void {
  const e = endpoints.event;
  registerEndpoint(app, deps, e.getAllEvents, async ({ actor, query, reply }) => ({
    payload: answerList(reply, await findClubEvents(deps, actor, query)),
  }));
  registerEndpoint(app, deps, e.getAllActiveEvents, async ({ query, reply }) => ({
    payload: answerList(reply, await findActiveClubEvents(deps, query)),
  }));
  registerEndpoint(app, deps, e.getDonationEvents, async ({ query, reply }) => ({
    payload: answerList(reply, await findDonationEventsOfAllClubs(deps, query)),
  }));
  registerEndpoint(app, deps, e.getEvent, async ({ actor, query }) => ({
    payload: toEventDto(await loadVisibleEvent(deps, actor, query.eventId)),
  }));
  registerEndpoint(app, deps, e.getEventBySlug, async ({ query }) => ({
    payload: await findEventBySlug(deps, query.slug),
  }));
  registerEndpoint(app, deps, e.getFirstEvent, async ({ actor }) => ({
    payload: await findFirstEventOf(deps, actor),
  }));
  registerEndpoint(app, deps, e.getEventByEventIdnClubId, async ({ actor, query }) => ({
    payload: await findEventOfClub(deps, actor, query.eventId, query.clubId),
  }));
  registerEndpoint(app, deps, e.save, async ({ actor, body }) => ({
    payload: await saveEvent(deps, actor, body),
    msg: body.id ? 'Event saved' : 'Event created',
  }));
  registerEndpoint(app, deps, e.duplicate, async ({ actor, body }) => ({
    payload: await duplicateEvent(deps, actor, body),
    msg: 'Event copied',
  }));
  registerEndpoint(app, deps, e.removeEvent, async ({ actor, query }) => {
    await removeEvent(deps, actor, query.eventId);
    return { payload: { id: query.eventId }, msg: 'Event removed' };
  });
}

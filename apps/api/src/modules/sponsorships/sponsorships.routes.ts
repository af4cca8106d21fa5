import type { FastifyInstance } from 'fastify';
import { endpoints } from '@clubtix/contract';
import { answerList } from '../../plugins/lists';
import { registerEndpoint } from '../../plugins/routes';
import { type Deps } from '../../core/deps';
import {
  findEventSponsorships,
  findManagedSponsorship,
  findRegistrationSponsorships,
  sumEventSponsorships,
} from './sponsorships.service';
import { findPublicSponsorsOfEvent } from './public-sponsors.service';

export function sponsorshipRoutes(app: FastifyInstance, deps: Deps): void {
  const s = endpoints.sponsorship;
  registerEndpoint(app, deps, s.getPublicSponsors, async ({ query }) => ({
    payload: await findPublicSponsorsOfEvent(deps, query.eventId),
  }));
  registerEndpoint(app, deps, s.getSponsorshipsByEventId, async ({ actor, query, reply }) => ({
    payload: answerList(reply, await findEventSponsorships(deps, actor, query)),
  }));
  registerEndpoint(app, deps, s.getSponsorshipTotalsByEventId, async ({ actor, query }) => ({
    payload: await sumEventSponsorships(deps, actor, query.eventId),
  }));
  registerEndpoint(app, deps, s.getSponsorshipsByRegistrationId, async ({ actor, query, reply }) => ({
    payload: answerList(reply, await findRegistrationSponsorships(deps, actor, query.registrationId)),
  }));
  registerEndpoint(app, deps, s.getSponsorshipById, async ({ actor, query }) => ({
    payload: await findManagedSponsorship(deps, actor, query.sponsorshipId),
  }));
}

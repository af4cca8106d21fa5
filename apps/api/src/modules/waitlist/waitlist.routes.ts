import type { FastifyInstance } from 'fastify';
import { endpoints } from '@clubtix/contract';
import type { Deps } from '../../core/deps';
import { say } from '../../core/errors';
import { requestLanguage } from '../../core/i18n';
import { registerEndpoint } from '../../plugins/routes';
import { claimOffer } from './claim.service';
import { joinWaitlist, listWaitlist, removeFromWaitlist } from './waitlist.service';

export function waitlistRoutes(app: FastifyInstance, deps: Deps): void {
  const w = endpoints.waitlist;
  registerEndpoint(app, deps, w.join, async ({ body, request }) => {
    const joined = await joinWaitlist(deps, body, requestLanguage(request));
    return {
      payload: joined,
      msg: say('You are number {position} on the waiting list', { position: joined.position }),
    };
  });
  registerEndpoint(app, deps, w.claim, async ({ body }) => ({
    payload: await claimOffer(deps, body.offer),
    msg: 'Your tickets are held for you: fill in the details to book them',
  }));
  registerEndpoint(app, deps, w.getByEventId, async ({ actor, query }) => ({
    payload: await listWaitlist(deps, actor, query.eventId),
  }));
  registerEndpoint(app, deps, w.remove, async ({ actor, body }) => {
    await removeFromWaitlist(deps, actor, body.entryId);
    return { payload: { id: body.entryId }, msg: 'Removed from the waiting list' };
  });
}

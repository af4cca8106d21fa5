import type { FastifyInstance } from 'fastify';
import { endpoints } from '@clubtix/contract';
import { answerList } from '../../plugins/lists';
import { registerEndpoint } from '../../plugins/routes';
import { type Deps } from '../../core/deps';
import { findClub, findClubsWithAdmins, removeClub, saveClub } from './clubs.service';

export function clubRoutes(app: FastifyInstance, deps: Deps): void {
  registerEndpoint(app, deps, endpoints.club.getAllClubs, async ({ actor, query, reply }) => ({
    payload: answerList(reply, await findClubsWithAdmins(deps, actor, query)),
  }));

  registerEndpoint(app, deps, endpoints.club.getClub, async ({ query }) => ({
    payload: await findClub(deps, query.clubId),
  }));

  registerEndpoint(app, deps, endpoints.club.save, async ({ actor, body }) => ({
    payload: await saveClub(deps, actor, body),
    msg: body.id ? 'Club saved' : 'Club created',
  }));

  registerEndpoint(app, deps, endpoints.club.removeClub, async ({ actor, query }) => {
    await removeClub(deps, actor, query.clubId);
    return { payload: { id: query.clubId }, msg: 'Club removed' };
  });
}

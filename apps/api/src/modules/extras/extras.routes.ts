import type { FastifyInstance } from 'fastify';
import { endpoints } from '@clubtix/contract';
import { registerEndpoint } from '../../plugins/routes';
import { type Deps } from '../../core/deps';
import { findManagedExtras, findPublicExtras, findPublicExtrasList, removeExtras, saveExtras } from './extras.service';

export function extrasRoutes(app: FastifyInstance, deps: Deps): void {
  const x = endpoints.extras;
  registerEndpoint(app, deps, x.saveExtras, async ({ actor, body }) => ({
    payload: await saveExtras(deps, actor, body),
    msg: body.id ? 'Extra saved' : 'Extra created',
  }));
  registerEndpoint(app, deps, x.getExtras, async ({ actor, query }) => ({
    payload: await findManagedExtras(deps, actor, query.eventId),
  }));
  registerEndpoint(app, deps, x.removeExtras, async ({ actor, query }) => {
    await removeExtras(deps, actor, query.extrasId, query.eventId);
    return { payload: { id: query.extrasId }, msg: 'Extra removed' };
  });
  registerEndpoint(app, deps, x.getExtrasByEventId, async ({ query }) => ({
    payload: await findPublicExtras(deps, query.eventId),
  }));
  registerEndpoint(app, deps, x.getExtrasByIds, async ({ query }) => ({
    payload: await findPublicExtrasList(deps, query.extrasIds),
  }));
}

import type { FastifyInstance } from 'fastify';
import { endpoints } from '@clubtix/contract';
import type { Deps } from '../../core/deps';
import { registerEndpoint } from '../../plugins/routes';
import { checkCode, findEventDiscounts, removeDiscount, saveDiscount } from './discounts.service';

export function discountRoutes(app: FastifyInstance, deps: Deps): void {
  const d = endpoints.discount;
  registerEndpoint(app, deps, d.save, async ({ actor, body }) => ({
    payload: await saveDiscount(deps, actor, body),
    msg: body.id ? 'Code saved' : 'Code created',
  }));
  registerEndpoint(app, deps, d.getDiscountsByEventId, async ({ actor, query }) => ({
    payload: await findEventDiscounts(deps, actor, query.eventId),
  }));
  registerEndpoint(app, deps, d.deleteDiscount, async ({ actor, body }) => {
    await removeDiscount(deps, actor, body.discountId);
    return { payload: { id: body.discountId }, msg: 'Code deleted' };
  });
  registerEndpoint(app, deps, d.checkCode, async ({ query, request }) => {
    const check = await checkCode(deps, query.eventId, query.code, request.ip);
    return { payload: check, msg: 'Code applied' };
  });
}

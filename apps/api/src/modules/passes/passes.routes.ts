import type { FastifyInstance } from 'fastify';
import { endpoints } from '@clubtix/contract';
import type { Deps } from '../../core/deps';
import { requestLanguage } from '../../core/i18n';
import { answerList } from '../../plugins/lists';
import { registerEndpoint } from '../../plugins/routes';
import { purchasePass } from './pass-purchase.service';
import { findSeriesPasses, findSeriesPassSales, savePass } from './passes.service';

/** Season passes (DECISIONS 18); their refund is the pipeline's (purchase/refund/refund.routes.ts). */
export function passRoutes(app: FastifyInstance, deps: Deps): void {
  const p = endpoints.pass;
  registerEndpoint(app, deps, p.save, async ({ actor, body }) => ({
    payload: await savePass(deps, actor, body),
    msg: body.id ? 'Pass saved' : 'Pass created',
  }));
  registerEndpoint(app, deps, p.getBySeriesId, async ({ actor, query }) => ({
    payload: await findSeriesPasses(deps, actor, query.seriesId),
  }));
  registerEndpoint(app, deps, p.getPurchasesBySeriesId, async ({ actor, query, reply }) => ({
    payload: answerList(reply, await findSeriesPassSales(deps, actor, query.seriesId)),
  }));
  registerEndpoint(app, deps, p.purchase, async ({ body, request }) => ({
    payload: { passPurchase: await purchasePass(deps, body, requestLanguage(request)) },
  }));
}

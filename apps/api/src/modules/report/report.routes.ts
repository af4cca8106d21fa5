import type { FastifyInstance } from 'fastify';
import { endpoints } from '@clubtix/contract';
import { registerEndpoint } from '../../plugins/routes';
import { type Deps } from '../../core/deps';
import { getEventSales } from './report.service';

/** What the club sold (docs/product.md section 21). */
export function reportRoutes(app: FastifyInstance, deps: Deps): void {
  registerEndpoint(app, deps, endpoints.report.getEventSales, async ({ actor, query }) => ({
    payload: await getEventSales(deps, actor, query.eventId),
  }));
}

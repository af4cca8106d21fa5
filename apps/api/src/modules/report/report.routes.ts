import type { FastifyInstance } from 'fastify';
import { endpoints } from '@clubtix/contract';
import { registerEndpoint } from '../../plugins/routes';
import { type Deps } from '../../core/deps';
import { getAllClubSales, getClubSales, getEventSales } from './report.service';

/** What the club sold (docs/product.md section 21). */
export function reportRoutes(app: FastifyInstance, deps: Deps): void {
  registerEndpoint(app, deps, endpoints.report.getEventSales, async ({ actor, query }) => ({
    payload: await getEventSales(deps, actor, query.eventId),
  }));
  registerEndpoint(app, deps, endpoints.report.getClubSales, async ({ actor, query }) => ({
    payload: await getClubSales(deps, actor, query.clubId),
  }));
  registerEndpoint(app, deps, endpoints.report.getAllClubSales, async () => ({
    payload: await getAllClubSales(deps),
  }));
}

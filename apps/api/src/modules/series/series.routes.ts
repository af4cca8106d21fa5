import type { FastifyInstance } from 'fastify';
import { endpoints } from '@clubtix/contract';
import { answerList } from '../../plugins/lists';
import { registerEndpoint } from '../../plugins/routes';
import type { Deps } from '../../core/deps';
import { addDates } from './add-dates.service';
import { findClubSeries, findSeriesPage, saveSeries } from './series.service';

export function seriesRoutes(app: FastifyInstance, deps: Deps): void {
  const s = endpoints.series;
  registerEndpoint(app, deps, s.save, async ({ actor, body }) => ({
    payload: await saveSeries(deps, actor, body),
    msg: body.id ? 'Series saved' : 'Series created',
  }));
  registerEndpoint(app, deps, s.getByClubId, async ({ query, reply }) => ({
    payload: answerList(reply, await findClubSeries(deps, query.clubId)),
  }));
  registerEndpoint(app, deps, s.addDates, async ({ actor, body }) => ({
    payload: await addDates(deps, actor, body),
    msg: 'Dates added',
  }));
  registerEndpoint(app, deps, s.getBySlug, async ({ query }) => ({
    payload: await findSeriesPage(deps, query.slug),
  }));
}

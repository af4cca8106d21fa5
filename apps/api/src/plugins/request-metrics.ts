import type { FastifyInstance } from 'fastify';
import type { Metrics } from '../core/metrics';

/**
 * Every answer's duration, by its route pattern (`/api/checkin/scanByRegistrationId`, `/media/:name`):
 * never the raw URL, whose ids and query would make a series per request and could carry a secret.
 * A request no route matched is `unmatched`.
 */
export function registerRequestMetrics(app: FastifyInstance, metrics: Metrics): void {
  app.addHook('onResponse', (request, reply, done) => {
    metrics.requestDuration.observe(
      { method: request.method, route: request.routeOptions.url ?? 'unmatched', status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
    done();
  });
}

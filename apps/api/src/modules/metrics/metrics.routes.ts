import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../core/deps';
import { AppError } from '../../core/errors';

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * Whether an Authorization header carries the token. Both sides are hashed first so the comparison
 * takes the same time whatever was sent, its length included.
 */
export function isMetricsToken(header: string | undefined, token: string): boolean {
  const sent = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '')?.[1] ?? '';
  return timingSafeEqual(digest(sent), digest(token)) && sent.length > 0;
}

/**
 * GET /api/metrics: Prometheus's call, not the web app's, so no contract endpoint (like the Stripe
 * webhook in modules/purchase/purchase.routes.ts), hidden from the OpenAPI document. Registered
 * only when METRICS_TOKEN is set: otherwise it is the API's ordinary 404 for an unknown call.
 */
export function metricsRoutes(app: FastifyInstance, deps: Deps): void {
  const token = deps.config.metricsToken;
  if (!token) return;
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!isMetricsToken(request.headers.authorization, token)) {
      void reply.header('www-authenticate', 'Bearer');
      throw new AppError('UNAUTHENTICATED', 'The metrics token is missing or wrong');
    }
    const text = await deps.metrics.registry.metrics();
    return reply.type(deps.metrics.registry.contentType).header('cache-control', 'no-store').send(text);
  });
}

import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { endpoints } from '@clubtix/contract';
import { AppError } from '../../core/errors';
import { registerEndpoint } from '../../plugins/routes';
import { type Deps } from '../../core/deps';

export function healthRoutes(app: FastifyInstance, deps: Deps): void {
  registerEndpoint(app, deps, endpoints.system.health, async () => {
    try {
      await deps.db.execute(sql`SELECT 1`);
    } catch {
      throw new AppError('UNAVAILABLE', 'The database is not answering');
    }
    return { payload: { status: 'ok' as const } };
  });
}

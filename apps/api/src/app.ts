import Fastify, { type FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Db } from './db/client';
import { authRoutes } from './modules/auth/auth.routes';
import { clubRoutes } from './modules/clubs/clubs.routes';
import { eventRoutes } from './modules/events/events.routes';
import { extrasRoutes } from './modules/extras/extras.routes';
import { formRoutes } from './modules/forms/forms.routes';
import { healthRoutes } from './modules/health/health.routes';
import { mediaRoutes } from './modules/media/media.routes';
import { sponsorshipPackageRoutes } from './modules/sponsorship-packages/sponsorship-packages.routes';
import { ticketRoutes } from './modules/tickets/tickets.routes';
import { appUserRoutes } from './modules/users/users.routes';
import { registerErrorHandling } from './plugins/errors';
import type { Deps } from './plugins/routes';
import { registerSpa } from './plugins/spa';

export interface BuildOptions {
  config: Config;
  db: Db;
  logger?: boolean;
}

/** Builds the whole product: the API under /api and the SPA on every other path. */
export async function buildApp({ config, db, logger = true }: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ? { level: config.logLevel, redact: ['req.headers.authorization', 'req.body.password'] } : false,
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const deps: Deps = { db, config };

  await app.register(swagger, {
    openapi: {
      info: { title: 'ClubTix API', version: '0.1.0', description: 'Every JSON response is { payload, msg? }.' },
      servers: [{ url: '/api' }],
      components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
  });

  await app.register(
    async (api) => {
      registerErrorHandling(api);
      await api.register(swaggerUi, { routePrefix: '/docs' });
      healthRoutes(api, deps);
      authRoutes(api, deps);
      clubRoutes(api, deps);
      appUserRoutes(api, deps);
      eventRoutes(api, deps);
      ticketRoutes(api, deps);
      extrasRoutes(api, deps);
      sponsorshipPackageRoutes(api, deps);
      formRoutes(api, deps);
      await mediaRoutes(api, deps);
    },
    { prefix: '/api' },
  );

  await registerSpa(app, config.webDistDir);
  return app;
}

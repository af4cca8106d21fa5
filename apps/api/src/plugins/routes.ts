import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { envelope, ROLE_SUDO, type Access, type Endpoint } from '@clubtix/contract';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { authenticate, type Actor } from './auth';
import { AppError } from './errors';

/** What every service needs; built once in app.ts. */
export interface Deps {
  db: Db;
  config: Config;
}

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

export interface RouteContext<Q, B, A extends Access> {
  query: Out<Q>;
  body: Out<B>;
  actor: A extends 'public' ? null : Actor;
  request: FastifyRequest;
  reply: FastifyReply;
}

export interface RouteResult<P> {
  payload: P;
  msg?: string;
}

/**
 * Registers one entry of the contract's endpoint table: its schemas validate the request and
 * serialise the `{ payload, msg? }` envelope; its access level is the first gate (sign-in, sudo).
 * The tenant wall and finer role checks are the services' policy functions.
 */
export function registerEndpoint<Q extends z.ZodType | undefined, B extends z.ZodType | undefined, R extends z.ZodType, A extends Access>(
  app: FastifyInstance,
  deps: Deps,
  endpoint: Endpoint<Q, B, R, A>,
  handler: (context: RouteContext<Q, B, A>) => Promise<RouteResult<z.output<R>>>,
): void {
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    schema: {
      summary: endpoint.summary,
      tags: [endpoint.path.split('/')[1] ?? 'api'],
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.body ? { body: endpoint.body } : {}),
      ...(endpoint.access === 'public' ? {} : { security: [{ bearerAuth: [] }] }),
      response: { 200: envelope(endpoint.response) },
    },
    handler: async (request, reply) => {
      let actor: Actor | null = null;
      if (endpoint.access !== 'public') {
        actor = await authenticate(request, deps.db, deps.config.jwtSecret);
        if (endpoint.access === 'sudo' && actor.role !== ROLE_SUDO) {
          throw new AppError('FORBIDDEN', 403, 'Only the super user can do this');
        }
      }
      const result = await handler({
        query: request.query as Out<Q>,
        body: request.body as Out<B>,
        actor: actor as RouteContext<Q, B, A>['actor'],
        request,
        reply,
      });
      return result.msg === undefined ? { payload: result.payload } : { payload: result.payload, msg: result.msg };
    },
  });
}

import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { envelope, ROLE_STAFF, ROLE_SUDO, SIGN_UPS_PER_HOUR, type Access, type Endpoint } from '@clubtix/contract';
import type { Deps } from '../core/deps';
import { authenticate, authenticateIfAccepted } from './auth';
import { type Actor } from '../core/actor';
import { AppError, sayIn, type Said } from '../core/errors';
import { requestLanguage } from '../core/i18n';
import { assertWithinPublicWriteLimit } from './public-write-limit';

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

export interface RouteContext<Q, B, A extends Access> {
  query: Out<Q>;
  body: Out<B>;
  /**
   * On public endpoints: the signed-in user when an accepted token is sent to an `optionalAuth` read
   * (admins reading their own drafts), else null, as for a visitor.
   */
  actor: A extends 'public' ? Actor | null : Actor;
  request: FastifyRequest;
  reply: FastifyReply;
}

export interface RouteResult<P> {
  payload: P;
  /** Said in the request's language (locales/<language>/replies.json). */
  msg?: Said;
}

const NUL_MESSAGE = 'Text must not contain NUL characters';

/**
 * PostgreSQL text cannot hold U+0000, so a string carrying one would fail in the database (a 5xx).
 * Answers the path of the first such string in the validated input, walking without recursion.
 */
function findNulCharacter(input: unknown): string | undefined {
  const pending: [unknown, string][] = [[input, '']];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [value, at] = next;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return at;
    } else if (value !== null && typeof value === 'object') {
      for (const [key, child] of Object.entries(value)) pending.push([child, at ? `${at}.${key}` : key]);
    }
  }
  return undefined;
}

function assertNoNulCharacters(request: FastifyRequest): void {
  const at = findNulCharacter(request.query) ?? findNulCharacter(request.body);
  if (at === undefined) return;
  throw new AppError('BAD_INPUT', at ? (language) => `${at}: ${sayIn(language, NUL_MESSAGE)}` : NUL_MESSAGE, [
    { path: at, message: NUL_MESSAGE },
  ]);
}

/**
 * The first gate of every endpoint: the access level of the contract (sign-in, sudo, door staff), then the
 * public-write limit of the endpoints that carry one. The tenant wall and finer role checks are the
 * services' policy functions. It runs before the request's schemas are checked (Fastify's
 * preValidation), so a caller without the right token hears 401, 440 or 403, never what its query
 * or body got wrong, and a caller over the limit is refused before any of its input is looked at.
 */
async function admit(deps: Deps, endpoint: Endpoint, request: FastifyRequest): Promise<Actor | null> {
  if (endpoint.access === 'public') {
    if (!endpoint.optionalAuth || !request.headers.authorization) return null;
    return authenticateIfAccepted(request, deps.db, deps.config.jwtSecret);
  }
  const actor = await authenticate(request, deps.db, deps.config.jwtSecret);
  if (endpoint.access === 'sudo' && actor.role !== ROLE_SUDO) {
    throw new AppError('FORBIDDEN', 'Only the super user can do this');
  }
  // Door staff reach only the admin endpoints the contract marks `staff` (docs/product.md section 20);
  // refused here, in one place, so no endpoint can forget it. Which events they work is the event policy's.
  if (actor.role === ROLE_STAFF && endpoint.access === 'admin' && !endpoint.staff) {
    throw new AppError('FORBIDDEN', 'Door staff cannot do this: ask an admin of your club');
  }
  return actor;
}

/** Who each request was admitted as, from the gate to its handler. */
const admitted = new WeakMap<FastifyRequest, Actor | null>();

/** The gate as a preValidation hook, and what a handler reads of it once the input is valid. */
function gateOf(deps: Deps, endpoint: Endpoint) {
  return {
    preValidation: async (request: FastifyRequest) => {
      const actor = await admit(deps, endpoint, request);
      await assertWithinPublicWriteLimit(deps.db, deps.config, endpoint, request.ip, request.query);
      admitted.set(request, actor);
    },
    actorOf: (request: FastifyRequest): Actor | null => {
      assertNoNulCharacters(request);
      return admitted.get(request) ?? null;
    },
  };
}

/** What the OpenAPI document says of the limited endpoints (docs/product.md section 18). */
const RATE_LIMIT_NOTE = {
  publicWrite:
    'A public write: past PUBLIC_WRITE_LIMIT calls a minute from one client address it answers 429 RATE_LIMITED with Retry-After (seconds).',
  signUp: `A public write: past PUBLIC_WRITE_LIMIT calls a minute, or ${SIGN_UPS_PER_HOUR} an hour, from one client address it answers 429 RATE_LIMITED with Retry-After (seconds).`,
} as const;

function describeRoute(endpoint: Endpoint) {
  const limitNote =
    endpoint.rateLimit &&
    (endpoint.rateLimitOnlyWith
      ? `Asked with \`${endpoint.rateLimitOnlyWith}\`, ${RATE_LIMIT_NOTE[endpoint.rateLimit].replace(/^A/, 'a')}`
      : RATE_LIMIT_NOTE[endpoint.rateLimit]);
  return {
    summary: endpoint.summary,
    ...(limitNote ? { description: limitNote } : {}),
    tags: [endpoint.path.split('/')[1] ?? 'api'],
    ...(endpoint.query ? { querystring: endpoint.query } : {}),
    ...(endpoint.body ? { body: endpoint.body } : {}),
    ...(endpoint.access === 'public' ? {} : { security: [{ bearerAuth: [] }] }),
  };
}

/**
 * Registers one entry of the contract's endpoint table: its schemas validate the request and
 * serialise the `{ payload, msg? }` envelope; its access level is the first gate (sign-in, sudo).
 * The tenant wall and finer role checks are the services' policy functions.
 */
export function registerEndpoint<
  Q extends z.ZodType | undefined,
  B extends z.ZodType | undefined,
  R extends z.ZodType,
  A extends Access,
>(
  app: FastifyInstance,
  deps: Deps,
  endpoint: Endpoint<Q, B, R, A>,
  handler: (context: RouteContext<Q, B, A>) => Promise<RouteResult<z.output<R>>>,
): void {
  if (endpoint.binary) throw new Error(`${endpoint.path} answers a file: register it with registerDownload`);
  const gate = gateOf(deps, endpoint);
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    schema: { ...describeRoute(endpoint), response: { 200: envelope(endpoint.response) } },
    preValidation: gate.preValidation,
    handler: async (request, reply) => {
      const actor = gate.actorOf(request);
      const result = await handler({
        query: request.query as Out<Q>,
        body: request.body as Out<B>,
        actor: actor as RouteContext<Q, B, A>['actor'],
        request,
        reply,
      });
      if (result.msg === undefined) return { payload: result.payload };
      return { payload: result.payload, msg: sayIn(requestLanguage(request), result.msg, 'replies') };
    },
  });
}

/** A file the client saves under `filename`, streamed as it is made. */
export interface Download {
  filename: string;
  contentType: string;
  body: Readable;
}

/** `attachment` with the name both quoted (ASCII) and RFC 5987-encoded, so any name survives. */
export function attachmentHeader(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

/**
 * Registers a `binary` entry of the endpoint table: the same gate and request schemas as
 * registerEndpoint, but the answer is the file itself. Whatever the handler throws before it hands
 * the stream over is an ordinary JSON error; a failure once bytes are flowing can only cut the
 * response short, which the client sees as a failed download.
 */
export function registerDownload<Q extends z.ZodType | undefined, A extends Access>(
  app: FastifyInstance,
  deps: Deps,
  endpoint: Endpoint<Q, undefined, z.ZodType, A>,
  handler: (context: RouteContext<Q, undefined, A>) => Promise<Download>,
): void {
  if (!endpoint.binary) throw new Error(`${endpoint.path} answers JSON: register it with registerEndpoint`);
  const gate = gateOf(deps, endpoint);
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    schema: describeRoute(endpoint),
    preValidation: gate.preValidation,
    handler: async (request, reply) => {
      const actor = gate.actorOf(request);
      const file = await handler({
        query: request.query as Out<Q>,
        body: undefined,
        actor: actor as RouteContext<Q, undefined, A>['actor'],
        request,
        reply,
      });
      return reply
        .type(file.contentType)
        .header('content-disposition', attachmentHeader(file.filename))
        .header('cache-control', 'no-store')
        .header('x-content-type-options', 'nosniff')
        .send(file.body);
    },
  });
}

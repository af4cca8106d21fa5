import type { BodyOf, Endpoint, PayloadOf, QueryOf } from '@clubtix/contract';
import type { SeedTransport } from '@clubtix/seed-kit';
import { call, okPayload, parseBody, queryParams, type ApiResponse, type Query, type TestApp } from './helpers';

/**
 * The typed test client (docs/decisions/0073-typed-test-client.md): calls one entry of the contract's `endpoints` table, so its
 * query, body and payload are the contract's types and a contract change shows in the tests at
 * compile time. The raw `call` (helpers.ts) stays for what the contract must refuse: malformed
 * input, unknown paths, fuzzing.
 */

export interface EndpointOptions<E extends Endpoint> {
  token?: string;
  query?: QueryOf<E>;
  body?: BodyOf<E>;
  /**
   * The body as bytes, sent as they are instead of `body` (a multipart form of `multipartBody`,
   * with its content-type in `headers`).
   */
  raw?: Buffer;
  headers?: Record<string, string>;
  /** In-process only: the client address the request comes from. */
  remoteAddress?: string;
}

/** What `call` answers, with the payload typed as the endpoint's response. */
export interface EndpointResponse<E extends Endpoint> extends ApiResponse {
  body: Omit<ApiResponse['body'], 'payload'> & { payload?: PayloadOf<E> };
  /** The endpoint that answered. */
  endpoint: E;
}

/**
 * Calls `endpoint` the way the web client does (JSON, bearer token). `target` is a test app (the
 * request is injected in process, as `call` does) or the base URL of a server running as its own
 * process (the request goes over HTTP with fetch).
 */
export async function callEndpoint<E extends Endpoint>(
  target: TestApp | string,
  endpoint: E,
  options: EndpointOptions<E> = {},
): Promise<EndpointResponse<E>> {
  const { query, body, raw, ...rest } = options;
  const common = { ...rest, query: query as Query | undefined, body: raw ?? (body as unknown) };
  const response =
    typeof target === 'string'
      ? await fetchCall(target, endpoint.method, endpoint.path, common)
      : await call(target, endpoint.method, endpoint.path, common);
  return { ...response, body: response.body as EndpointResponse<E>['body'], endpoint };
}

async function fetchCall(
  baseUrl: string,
  method: Endpoint['method'],
  apiPath: string,
  options: { token?: string; query?: Query; body?: unknown; headers?: Record<string, string>; remoteAddress?: string },
): Promise<ApiResponse> {
  if (options.remoteAddress)
    throw new Error('remoteAddress is for in-process calls; over HTTP the address is 127.0.0.1');
  const url = new URL(`${baseUrl}/api${apiPath}`);
  for (const [key, value] of Object.entries(queryParams(options.query ?? {}))) {
    for (const one of Array.isArray(value) ? value : [value]) url.searchParams.append(key, one);
  }
  const raw = Buffer.isBuffer(options.body) || typeof options.body === 'string';
  const headers: Record<string, string> = {
    ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    ...(options.body !== undefined && !raw ? { 'content-type': 'application/json' } : {}),
    ...options.headers,
  };
  const response = await fetch(url, {
    method,
    headers,
    body:
      options.body === undefined ? undefined : raw ? (options.body as string | Buffer) : JSON.stringify(options.body),
  });
  const text = await response.text();
  return { status: response.status, headers: Object.fromEntries(response.headers), body: parseBody(text), text };
}

/** The typed payload of a 200 answer (the message of any other answer shows in the failure). */
export function expectPayload<E extends Endpoint>(response: EndpointResponse<E>): PayloadOf<E> {
  return okPayload(response) as PayloadOf<E>;
}

/**
 * The seeding kit's transport (packages/seed-kit) through `callEndpoint`: in process for a test app,
 * over HTTP for a server's base URL. A token handed back by a sign-in (`Bearer ...`) is sent as it is.
 */
export function appTransport(target: TestApp | string): SeedTransport {
  return async (endpoint, { token, query, body }) => {
    const response = await callEndpoint(target, endpoint, {
      token: token?.replace(/^Bearer /, ''),
      query,
      body,
    });
    const authorization = response.headers.authorization;
    return {
      status: response.status,
      body: response.body,
      authorization: authorization ? String(authorization) : null,
    };
  };
}

import type { BodyOf, Endpoint, PayloadOf, QueryOf } from '@clubtix/contract';

/** One call as the kit makes it: JSON in, the `{ payload, msg? }` envelope out. */
export interface SeedRequest {
  /** A bare token or an `authorization` value (`Bearer ...`); each transport sends it as a bearer. */
  token?: string;
  /** Query fields as the contract's input types have them: text, numbers, yes/no. */
  query?: unknown;
  body?: unknown;
}

type QueryValue = string | number | boolean | undefined;

export interface SeedAnswer {
  status: number;
  body: { payload?: unknown; msg?: string; code?: string };
  /** The answer's authorization header (a sign-in or sign-up hands the token back there). */
  authorization?: string | null;
}

/**
 * How the kit reaches the API: the in-process app of the integration tests
 * (apps/api/test/call-endpoint.ts `appTransport`), `fetch` to a running server (`fetchTransport`,
 * the e2e), or the benches' own load-generator clients (bench/lib.mjs).
 */
export type SeedTransport = (endpoint: Endpoint, request: SeedRequest) => Promise<SeedAnswer>;

/** `Bearer <token>`, whether `token` came bare (signed in a test) or as a header (a sign-in's answer). */
export function bearer(token: string): string {
  return token.startsWith('Bearer ') ? token : `Bearer ${token}`;
}

/** Over HTTP to a running product at `baseUrl` (`http://127.0.0.1:port`, no `/api`). */
export function fetchTransport(baseUrl: string): SeedTransport {
  return async (endpoint, { token, query, body }) => {
    const url = new URL(`/api${endpoint.path}`, baseUrl);
    for (const [key, value] of Object.entries((query ?? {}) as Record<string, QueryValue>)) {
      if (value !== undefined) url.searchParams.set(key, String(value));
    }
    const response = await fetch(url, {
      method: endpoint.method,
      headers: {
        ...(token ? { authorization: bearer(token) } : {}),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      body: body !== undefined ? JSON.stringify(body) : undefined,
    });
    const text = await response.text();
    let parsed: SeedAnswer['body'] = {};
    try {
      parsed = JSON.parse(text) as SeedAnswer['body'];
    } catch {
      // not JSON: the status tells
    }
    return { status: response.status, body: parsed, authorization: response.headers.get('authorization') };
  };
}

/** A seeding call that was not answered 200: which step, and what the API said. */
export class SeedError extends Error {
  constructor(
    what: string,
    readonly answer: SeedAnswer,
  ) {
    super(`${what} failed with ${answer.status}: ${JSON.stringify(answer.body)}`);
    this.name = 'SeedError';
  }
}

export interface TypedRequest<E extends Endpoint> {
  token?: string;
  query?: QueryOf<E>;
  body?: BodyOf<E>;
}

/**
 * One entry of the contract's table through `transport`, typed by it; the payload of a 200, else a
 * SeedError naming `what` (seeding that fails is the test's set-up, not what it asserts).
 */
export async function sendTyped<E extends Endpoint>(
  transport: SeedTransport,
  what: string,
  endpoint: E,
  request: TypedRequest<E>,
): Promise<{ payload: PayloadOf<E>; authorization: string | null }> {
  const answer = await transport(endpoint, request);
  if (answer.status !== 200 || !('payload' in answer.body)) throw new SeedError(what, answer);
  return { payload: answer.body.payload as PayloadOf<E>, authorization: answer.authorization ?? null };
}

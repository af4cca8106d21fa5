import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZErrorResponse } from '@clubtix/contract';
import {
  call,
  createClubWithAdmin,
  createSudo,
  createTestApp,
  type ApiResponse,
  type TestApp,
} from '../../test/helpers';

/**
 * What bad input gets (docs/product.md section 12): every operation the API documents at /api/docs/json, called
 * with malformed and hostile input by a visitor, a club admin and the super user, answers a 4xx
 * with a `msg` (or, for input that happens to be acceptable, a success), never a 5xx and never the
 * server's insides. The operations are read from the OpenAPI document itself, so a new endpoint is
 * fuzzed the day it is added; bad-input.int.test.ts checks the exact field each 400 names.
 */
interface Operation {
  method: 'GET' | 'POST' | 'DELETE';
  path: string;
  queryNames: string[];
  bodyNames: string[];
}

const HOSTILE_STRINGS = [
  '',
  '\u0000',
  'x'.repeat(20_000),
  '-1',
  '1e309',
  'NaN',
  "' OR 1=1 --",
  '../../etc/passwd',
  '<script>alert(1)</script>',
  '{"$ne":null}',
  '\ud800',
  '00000000-0000-0000-0000-000000000000',
];

const HOSTILE_VALUES: unknown[] = [
  null,
  true,
  -1,
  Number.MAX_SAFE_INTEGER * 4,
  3.5,
  [],
  [null],
  {},
  { __proto__: { polluted: true } },
  'x'.repeat(20_000),
  '\u0000',
];

const HOSTILE_BODIES: unknown[] = [
  null,
  [],
  'a string',
  42,
  { constructor: { prototype: { polluted: true } } },
  JSON.parse('{"__proto__": {"polluted": true}}'),
  deepObject(2_000),
];

function deepObject(depth: number): unknown {
  let value: unknown = 'bottom';
  for (let i = 0; i < depth; i++) value = { a: value };
  return value;
}

interface OpenApiParameter {
  in: string;
  name: string;
}
interface OpenApiOperation {
  parameters?: OpenApiParameter[];
  requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
}

interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
}

function operationsOf(document: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const upper = method.toUpperCase();
      if (upper !== 'GET' && upper !== 'POST' && upper !== 'DELETE') continue;
      const schema = operation.requestBody?.content?.['application/json']?.schema;
      operations.push({
        method: upper,
        path,
        queryNames: (operation.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
        bodyNames: Object.keys(schema?.properties ?? {}),
      });
    }
  }
  return operations;
}

/** Path parameters ({clubId}) filled with a hostile value, URL-encoded as a client would. */
function withPathParameters(path: string, value: string): string {
  let encoded = 'x';
  try {
    encoded = encodeURIComponent(value) || 'x';
  } catch {
    // A lone surrogate cannot be sent in an address at all; the body and query carry it instead.
  }
  return path.replace(/\{[^}]+\}/g, encoded);
}

/** The hostile requests for one operation: garbage in each query field, each body field, and whole bodies. */
function hostileRequests(operation: Operation): { query?: Record<string, string | string[]>; body?: unknown }[] {
  const requests: { query?: Record<string, string | string[]>; body?: unknown }[] = [];
  for (const text of HOSTILE_STRINGS) {
    const query = Object.fromEntries(operation.queryNames.map((name) => [name, text]));
    requests.push({ query });
  }
  if (operation.queryNames.length > 0) {
    requests.push({ query: Object.fromEntries(operation.queryNames.map((name) => [name, ['a', 'b']])) });
  }
  if (operation.method !== 'GET') {
    for (const body of HOSTILE_BODIES) requests.push({ body });
    for (const name of operation.bodyNames) {
      for (const value of HOSTILE_VALUES) requests.push({ body: { [name]: value } });
    }
    for (const value of HOSTILE_VALUES) {
      requests.push({ body: Object.fromEntries(operation.bodyNames.map((name) => [name, value])) });
    }
  } else {
    // A GET with a body it does not take, as bad-input.int.test.ts sends too.
    requests.push({ body: { unexpected: 'x'.repeat(1_000) } });
  }
  return requests;
}

function expectNoServerFailure(operation: Operation, response: ApiResponse, sent: unknown): void {
  const where = `${operation.method} ${operation.path} with ${JSON.stringify(sent)?.slice(0, 200)}`;
  expect(response.status, where).toBeLessThan(500);
  if (response.status >= 400 && response.status !== 404) {
    expect(ZErrorResponse.safeParse(response.body).success, where).toBe(true);
  }
  if (response.status >= 400) {
    expect(typeof response.body.msg === 'string' && response.body.msg.length > 0, where).toBe(true);
  }
  expect(response.text, where).not.toMatch(/\.ts:\d|node_modules|at [\w.<>]+ \(|SELECT |INSERT INTO|DELETE FROM/);
}

describe('every documented operation under hostile input', () => {
  let t: TestApp;
  let operations: Operation[];
  const tokens: Record<string, string | undefined> = {};

  beforeAll(async () => {
    t = await createTestApp();
    const document = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<OpenApiDocument>();
    // Signing out ends the role's token, so it is fuzzed last: every other operation is still
    // called with a token the server accepts.
    const endsSession = (operation: Operation) => operation.path === '/auth/signout';
    operations = operationsOf(document).sort((a, b) => Number(endsSession(a)) - Number(endsSession(b)));
    tokens.visitor = undefined;
    tokens.admin = (await createClubWithAdmin(t)).admin.token;
    tokens.sudo = (await createSudo(t)).token;
  });
  afterAll(() => t?.close());

  it('reads the operations from /api/docs/json', () => {
    // The endpoint table of docs/product.md section 7 and part two: far more than a handful.
    expect(operations.length).toBeGreaterThan(60);
    expect(operations.at(-1)).toMatchObject({ method: 'POST', path: '/auth/signout' });
  });

  for (const role of ['visitor', 'admin', 'sudo'] as const) {
    it(`answers every operation a 4xx with a msg (or a success), never a 5xx, as ${role}`, async () => {
      let calls = 0;
      for (const operation of operations) {
        for (const [index, request] of hostileRequests(operation).entries()) {
          const path = withPathParameters(operation.path, HOSTILE_STRINGS[index % HOSTILE_STRINGS.length]!);
          const response = await call(t, operation.method, path, { token: tokens[role], ...request });
          expectNoServerFailure(operation, response, request);
          calls++;
        }
      }
      expect(calls).toBeGreaterThan(operations.length * 10);
    });
  }
});

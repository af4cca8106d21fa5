import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import pg from 'pg';
import { expect, inject } from 'vitest';
import { ROLE_ADMIN, ROLE_SUDO, ZErrorResponse, type TErrorCode } from '@clubtix/contract';
import { buildApp } from '../src/app';
import type { Transport } from '../src/modules/mail/mailer';
import type { LogDestination } from '../src/plugins/log-redaction';
import { loadConfig, type Config } from '../src/config';
import { connectDatabase, type Db } from '../src/db/client';
import type { ClubRow, UserRow } from '../src/db/schema';
import { hashPassword } from '../src/core/passwords';
import { signToken } from '../src/core/tokens';
import { insertClub } from '../src/modules/clubs/clubs.repo';
import { insertUser } from '../src/modules/users/users.repo';
import type { MediaStore } from '../src/core/media-store';
import { createMediaStore } from '../src/modules/media/media-store';

export const TEST_JWT_SECRET = 'integration-test-secret-that-is-long-enough-0123456789';
export const TEST_PASSWORD = 'password123';

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  config: Config;
  /** Where this app keeps its images (PostgreSQL, or the bucket MEDIA_S3_URL names). */
  media: MediaStore;
  /** Connection string of this file's own database. */
  databaseUrl: string;
  close(): Promise<void>;
}

/** A fresh database (cloned from the migrated template) and a fresh app for one test file. */
export async function createTestApp(env: Record<string, string> = {}, options: TestAppOptions = {}): Promise<TestApp> {
  const serverUrl = inject('testServerUrl');
  const name = `${inject('runPrefix')}_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${inject('templateDatabase')}"`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return startTestApp(url.toString(), env, options);
}

export interface TestAppOptions {
  /** Unset: SMTP delivery when `env` names an SMTP_URL, else mail is kept in the outbox. */
  mailTransport?: Transport | null;
  /** Sweep lapsed holds this often (buildApp's holdSweepMs); unset: the product's 15 s. */
  holdSweepMs?: number;
  /** Look for payments nobody confirmed this often (buildApp's paymentReconcileMs); unset: the product's 60 s. */
  paymentReconcileMs?: number;
  /** The product's own logger, writing its lines here at LOG_LEVEL (env) instead of nowhere. */
  logDestination?: LogDestination;
}

/** Another app process on the same database, as when several API processes share one PostgreSQL. */
export function createSiblingApp(
  t: TestApp,
  env: Record<string, string> = {},
  options: TestAppOptions = {},
): Promise<TestApp> {
  return startTestApp(t.databaseUrl, env, options);
}

async function startTestApp(
  databaseUrl: string,
  env: Record<string, string>,
  options: TestAppOptions,
): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'clubtix-app-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    JWT_SECRET: TEST_JWT_SECRET,
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    // Every injected request comes from 127.0.0.1: the abuse limits of one address would make the
    // tests depend on each other. The tests of those limits pass their own values.
    PUBLIC_WRITE_LIMIT: '0',
    HOLDS_PER_ADDRESS: '0',
    ...env,
  });
  // Ten connections, as the server processes of test/server-process.ts: a file of three apps and
  // another file beside it share the external server's limit (100 on Debian; "too many clients" past it).
  const database = connectDatabase(databaseUrl, 10);
  const media = createMediaStore(config, database.db);
  const app = await buildApp({
    config,
    db: database.db,
    media,
    logger: false,
    mailTransport: options.mailTransport,
    holdSweepMs: options.holdSweepMs,
    paymentReconcileMs: options.paymentReconcileMs,
    logDestination: options.logDestination,
  });
  await app.ready();
  return {
    app,
    db: database.db,
    config,
    media,
    databaseUrl,
    close: async () => {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface Signed<T> {
  row: T;
  token: string;
}

let counter = 0;
const unique = () => `${Date.now().toString(36)}${(counter++).toString(36)}`;

export async function tokenFor(user: UserRow, ttlSeconds = 3600): Promise<string> {
  return signToken(user, TEST_JWT_SECRET, ttlSeconds);
}

export async function createSudo(t: TestApp, email = `sudo-${unique()}@example.org`): Promise<Signed<UserRow>> {
  const row = await insertUser(t.db, {
    email,
    name: 'Sudo',
    passwordHash: await hashPassword(TEST_PASSWORD),
    role: ROLE_SUDO,
    clubId: null,
  });
  return { row, token: await tokenFor(row) };
}

export async function createClub(t: TestApp, name = `Club ${unique()}`): Promise<ClubRow> {
  return insertClub(t.db, { name, description: null, website: null, logoUrl: null });
}

export async function createAdmin(
  t: TestApp,
  clubId: string,
  email = `admin-${unique()}@example.org`,
): Promise<Signed<UserRow>> {
  const row = await insertUser(t.db, {
    email,
    name: 'Club Admin',
    passwordHash: await hashPassword(TEST_PASSWORD),
    role: ROLE_ADMIN,
    clubId,
  });
  return { row, token: await tokenFor(row) };
}

/** A club with one admin, signed in. */
export async function createClubWithAdmin(t: TestApp) {
  const club = await createClub(t);
  const admin = await createAdmin(t, club.id);
  return { club, admin };
}

/**
 * What most integration files start from: a fresh app (createTestApp's `env` and `options`) and a
 * club with one admin, signed in; `token` is the admin's.
 */
export async function createAdminApp(env: Record<string, string> = {}, options: TestAppOptions = {}) {
  const t = await createTestApp(env, options);
  const { club, admin } = await createClubWithAdmin(t);
  return { t, club, admin, token: admin.token };
}

export interface ApiResponse {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: { payload?: unknown; msg?: string; code?: string; errors?: { path: string; message: string }[] };
  /** The raw response text, to assert that something never appears in it. */
  text: string;
}

export type Query = Record<string, string | number | boolean | string[] | undefined>;

/** A query as the API receives it: unset fields left out, arrays kept (repeated keys), the rest as text. */
export function queryParams(query: Query): Record<string, string | string[]> {
  return Object.fromEntries(
    Object.entries(query)
      .filter((entry): entry is [string, string | number | boolean | string[]] => entry[1] !== undefined)
      .map(([key, value]) => [key, Array.isArray(value) ? value : String(value)]),
  );
}

/** The response text as the envelope `{ payload, msg? }` or an error `{ msg, code, errors? }`; `{}` when it is not JSON. */
export function parseBody(text: string): ApiResponse['body'] {
  try {
    return JSON.parse(text) as ApiResponse['body'];
  } catch {
    return {};
  }
}

/** The payload of a 200 answer (the message of any other answer shows in the failure). */
export function okPayload(response: ApiResponse): unknown {
  expect(response.body, response.body.msg).toHaveProperty('payload');
  expect(response.status).toBe(200);
  return response.body.payload;
}

/** Calls the API the way the web client does (JSON, bearer token); answers status, headers and parsed body. */
export async function call(
  t: TestApp,
  method: 'GET' | 'POST' | 'DELETE',
  apiPath: string,
  options: {
    token?: string;
    query?: Query;
    body?: unknown;
    headers?: Record<string, string>;
    remoteAddress?: string;
  } = {},
): Promise<ApiResponse> {
  const request: InjectOptions = {
    method,
    url: `/api${apiPath}`,
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
    headers: { ...(options.token ? { authorization: `Bearer ${options.token}` } : {}), ...options.headers },
  };
  if (options.query) request.query = queryParams(options.query);
  if (options.body !== undefined) request.payload = options.body as InjectOptions['payload'];
  const response = await t.app.inject(request);
  return {
    status: response.statusCode,
    headers: response.headers,
    body: parseBody(response.body),
    text: response.body,
  };
}

/** Signs in through the API, the way the sign-in page does. */
export async function signIn(
  t: TestApp,
  email: string,
  password = TEST_PASSWORD,
  remoteAddress?: string,
): Promise<ApiResponse> {
  return call(t, 'POST', '/auth/signin', { body: { email, password }, remoteAddress });
}

/** The token of a sign-in or register answer (`authorization: Bearer <token>`). */
export function bearerOf(response: ApiResponse): string {
  const header = response.headers.authorization;
  expect(header).toMatch(/^Bearer \S+$/);
  return String(header).slice('Bearer '.length);
}

/**
 * An error answer as docs/product.md section 12 shapes it: the status, exactly `{ msg, code, errors? }`,
 * and nothing of the server's insides (stack traces, file paths, SQL).
 */
export function expectError(response: ApiResponse, status: number, code: TErrorCode, msg?: string | RegExp): void {
  expect({ status: response.status, code: response.body.code }).toEqual({ status, code });
  expect(ZErrorResponse.strict().safeParse(response.body).success).toBe(true);
  if (msg !== undefined) expect(response.body.msg).toEqual(typeof msg === 'string' ? msg : expect.stringMatching(msg));
  expect(response.text).not.toMatch(/stack|\.ts:\d|node_modules|at [\w.<>]+ \(|SELECT |INSERT |UPDATE |DELETE FROM/i);
}

export interface MultipartFile {
  /** Form field name; the API reads the field "file". */
  field?: string;
  filename: string;
  contentType: string;
  data: Buffer;
}

export interface MultipartField {
  field: string;
  value: string;
}

/** A multipart/form-data body built by hand, as a browser would send it. */
export function multipartBody(parts: (MultipartFile | MultipartField)[]): { payload: Buffer; contentType: string } {
  const boundary = `----ClubTixTest${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    if ('value' in part) {
      chunks.push(
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.field}"\r\n\r\n${part.value}\r\n`),
      );
    } else {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${part.field ?? 'file'}"; filename="${part.filename}"\r\n` +
            `Content-Type: ${part.contentType}\r\n\r\n`,
        ),
        part.data,
        Buffer.from('\r\n'),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** POST /media/uploadImage with the given parts. */
export async function uploadImage(
  t: TestApp,
  token: string | undefined,
  parts: (MultipartFile | MultipartField)[],
): Promise<ApiResponse> {
  const { payload, contentType } = multipartBody(parts);
  return call(t, 'POST', '/media/uploadImage', { token, body: payload, headers: { 'content-type': contentType } });
}

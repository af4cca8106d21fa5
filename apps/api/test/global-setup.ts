import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres, type EmbeddedServer } from '../src/db/embedded';
import { runMigrations } from '../src/db/migrate';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Connection string of a database on the test server with rights to create databases. */
    testServerUrl: string;
    /** A migrated database that every test file clones (CREATE DATABASE … TEMPLATE). */
    templateDatabase: string;
    /** Prefix of the databases this run creates, so teardown drops exactly those. */
    runPrefix: string;
  }
}

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

async function adminQuery(url: string, text: string): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(text);
  } finally {
    await client.end();
  }
}

/**
 * Integration tests run against a real PostgreSQL: the server named by TEST_DATABASE_URL when set,
 * otherwise an embedded one started here, exactly as the product starts its own.
 */
export default async function setup(project: TestProject) {
  let embedded: EmbeddedServer | undefined;
  let dataDir: string | undefined;
  let serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    dataDir = mkdtempSync(path.join(tmpdir(), 'clubtix-it-'));
    chmodSync(dataDir, 0o755);
    embedded = await startEmbeddedPostgres(dataDir, { info: () => undefined, debug: () => undefined });
    serverUrl = embedded.url;
  }
  const runPrefix = `clubtix_t${process.pid}_${Date.now().toString(36)}`;
  const templateDatabase = `${runPrefix}_template`;
  await adminQuery(serverUrl, `CREATE DATABASE "${templateDatabase}"`);
  await runMigrations(withDatabase(serverUrl, templateDatabase));

  project.provide('testServerUrl', serverUrl);
  project.provide('templateDatabase', templateDatabase);
  project.provide('runPrefix', runPrefix);
  process.stdout.write(`integration tests on ${embedded ? 'the embedded PostgreSQL' : 'TEST_DATABASE_URL'}\n`);

  return async () => {
    const url = serverUrl;
    const { rows } = await adminQuery(url, `SELECT datname FROM pg_database WHERE datname LIKE '${runPrefix}%'`);
    for (const row of rows as { datname: string }[]) {
      await adminQuery(url, `DROP DATABASE IF EXISTS "${row.datname}" WITH (FORCE)`).catch(() => undefined);
    }
    await embedded?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  };
}

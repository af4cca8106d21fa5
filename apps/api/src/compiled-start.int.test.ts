import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { endpoints } from '@clubtix/contract';
import { callEndpoint } from '../test/call-endpoint';
import { freePort } from './db/embedded';

/**
 * `npm start` runs the API compiled to JavaScript (scripts/api-build.mjs, docs/decisions/0049-compiled-start.md),
 * not the TypeScript the other tests run through tsx. Built as `npm start` builds it and started on a fresh data
 * directory, it must still find what the source finds beside itself: the migrations (its tables
 * exist, every migration recorded), the server catalogues (a Thai answer) and the root package.json.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

interface ApiBuild {
  buildApi(options: { outDir: string }): Promise<void>;
}

describe('the compiled server (apps/api/dist)', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'clubtix-compiled-'));
  chmodSync(dataDir, 0o755);
  // Built into a folder of this run's own (the embedded and external lanes run side by side).
  const outDir = path.join(root, `apps/api/dist/test-${process.pid}`);
  let stop: (() => Promise<void>) | undefined;

  afterAll(async () => {
    await stop?.();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(outDir, { recursive: true, force: true });
  });

  it('starts healthy on a fresh data directory, migrated and speaking Thai', { timeout: 150_000 }, async () => {
    const build = (await import(path.join(root, 'scripts/api-build.mjs'))) as ApiBuild;
    await build.buildApi({ outDir });

    const port = await freePort();
    const child = spawn(process.execPath, [path.join(outDir, 'server.js')], {
      cwd: root,
      // No tsx anywhere: NODE_OPTIONS emptied, the bundle alone.
      env: {
        ...process.env,
        NODE_OPTIONS: '',
        HOST: '127.0.0.1',
        PORT: String(port),
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    stop = async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    };

    const baseUrl = `http://127.0.0.1:${port}`;
    // Generous: a fresh data directory runs initdb, and the machine may be busy (under 40 s here at load 30).
    const deadline = Date.now() + 120_000;
    let healthy = false;
    while (!healthy) {
      if (child.exitCode !== null) throw new Error(`The compiled server exited with ${child.exitCode}:\n${output}`);
      if (Date.now() > deadline) throw new Error(`The compiled server was not healthy in 120 s:\n${output}`);
      healthy = await fetch(`${baseUrl}/api/health`).then(
        (response) => response.status === 200,
        () => false,
      );
      if (!healthy) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(output).toContain('ClubTix is running');

    // A 404 read from the clubs table (migrated) in the Thai catalogue (src/locales found from dist).
    const unknownClub = await callEndpoint(baseUrl, endpoints.club.getClub, {
      query: { clubId: 'no-such-club' },
      headers: { 'accept-language': 'th' },
    });
    expect(unknownClub.status).toBe(404);
    const thai = JSON.parse(readFileSync(path.join(root, 'apps/api/src/locales/th/errors.json'), 'utf8')) as Record<
      string,
      string
    >;
    expect(unknownClub.body.msg).toBe(thai['Club not found']);

    // The version the root package.json gives, read from dist as from src.
    const info = (await callEndpoint(baseUrl, endpoints.system.info)).body;
    const { version } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { version: string };
    expect(JSON.stringify(info)).toContain(version);

    // Every migration of the journal recorded in the embedded database the server made.
    const journal = JSON.parse(
      readFileSync(path.join(root, 'apps/api/src/db/migrations/meta/_journal.json'), 'utf8'),
    ) as { entries: unknown[] };
    const pgPort = Number(readFileSync(path.join(dataDir, 'pg/postmaster.pid'), 'utf8').split('\n')[3]);
    const password = readFileSync(path.join(dataDir, 'secrets/pg-password'), 'utf8').trim();
    const client = new pg.Client({ host: '127.0.0.1', port: pgPort, user: 'postgres', password, database: 'clubtix' });
    await client.connect();
    try {
      const applied = await client.query<{ count: string }>('SELECT count(*) FROM drizzle.__drizzle_migrations');
      expect(Number(applied.rows[0]!.count)).toBe(journal.entries.length);
    } finally {
      await client.end();
    }

    await stop();
    expect(await exited).toBe(0);
  });
});

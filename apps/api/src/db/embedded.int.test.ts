import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres, type EmbeddedServer } from './embedded';

/** How the app reaches its embedded server: a Unix socket in the cluster's directory, else TCP. */
describe('the embedded PostgreSQL’s connection', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'clubtix-sock-'));
  chmodSync(dataDir, 0o755);
  const said: string[] = [];
  const log = { info: (message: string) => said.push(message), debug: () => undefined };
  let running: EmbeddedServer | undefined;

  afterAll(async () => {
    await running?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function serverAddress(url: string): Promise<string | null> {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const { rows } = await client.query<{ address: string | null }>('SELECT inet_server_addr()::text AS address');
      return rows[0]!.address;
    } finally {
      await client.end();
    }
  }

  it('falls back to TCP, and says so, where no socket can be made', async () => {
    running = await startEmbeddedPostgres(dataDir, log, { socketDir: path.join(dataDir, 'no-such-directory') });
    expect(said.some((line) => line.includes('could not listen on a Unix socket'))).toBe(true);
    expect(running.url).not.toContain('host=');
    expect(await serverAddress(running.url)).toBe('127.0.0.1/32');
    await running.stop();
    running = undefined;
  });

  it('is a Unix socket in the cluster’s directory otherwise', async () => {
    running = await startEmbeddedPostgres(dataDir, log);
    expect(running.url).toContain(`host=${encodeURIComponent(path.join(dataDir, 'pg'))}`);
    // A connection through a Unix socket has no server address.
    expect(await serverAddress(running.url)).toBeNull();
  });
}, 120_000);

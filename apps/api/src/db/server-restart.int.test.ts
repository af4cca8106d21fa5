import { mkdtempSync, chmodSync, existsSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { endpoints } from '@clubtix/contract';
import { callEndpoint } from '../../test/call-endpoint';
import { startServer, type ServerProcess } from '../../test/server-process';
import { freePort } from './embedded';

const SUDO = { email: 'owner@example.org', password: 'restart-test-1' };

async function signIn(baseUrl: string): Promise<string> {
  const response = await callEndpoint(baseUrl, endpoints.auth.signin, { body: SUDO });
  expect(response.status).toBe(200);
  return String(response.headers.authorization);
}

async function clubNames(baseUrl: string, authorization: string): Promise<string[]> {
  const response = await callEndpoint(baseUrl, endpoints.club.getAllClubs, { headers: { authorization } });
  expect(response.status).toBe(200);
  return response.body.payload!.map((club) => club.name);
}

async function createClub(baseUrl: string, authorization: string, name: string): Promise<void> {
  const response = await callEndpoint(baseUrl, endpoints.club.save, { headers: { authorization }, body: { name } });
  expect(response.status).toBe(200);
}

const external = Boolean(process.env.TEST_DATABASE_URL);

describe(`the product as a process on ${external ? 'an external PostgreSQL (DATABASE_URL)' : 'its embedded PostgreSQL'}`, () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'clubtix-proc-'));
  chmodSync(dataDir, 0o755);
  const running: ServerProcess[] = [];
  let databaseUrl: string | undefined;

  afterAll(async () => {
    for (const server of running) {
      if (server.child.exitCode === null) {
        server.child.kill('SIGTERM');
        await server.exited;
      }
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function start(): Promise<ServerProcess> {
    const env: Record<string, string> = { DATA_DIR: dataDir, SUDO_EMAIL: SUDO.email, SUDO_PASSWORD: SUDO.password };
    if (databaseUrl) env.DATABASE_URL = databaseUrl;
    const server = await startServer(await freePort(), env);
    running.push(server);
    return server;
  }

  // Two full starts of the product: generous time, as the machine may be busy; speed is measured in bench/.
  it('keeps every saved club across a kill -9 and a restart', { timeout: 180_000 }, async () => {
    if (external) {
      const name = `${inject('runPrefix')}_process`;
      const admin = new pg.Client({ connectionString: inject('testServerUrl') });
      await admin.connect();
      await admin.query(`CREATE DATABASE "${name}"`);
      await admin.end();
      const url = new URL(inject('testServerUrl'));
      url.pathname = `/${name}`;
      databaseUrl = url.toString();
    }
    const first = await start();
    const token = await signIn(first.baseUrl);
    await createClub(first.baseUrl, token, 'Harbour Walkers');
    await createClub(first.baseUrl, token, 'Hill Runners');

    first.child.kill('SIGKILL');
    await first.exited;

    const startedAt = Date.now();
    const second = await start();
    const restartMs = Date.now() - startedAt;
    process.stdout.write(`restart after kill -9 answered in ${restartMs} ms\n`);
    const names = await clubNames(second.baseUrl, await signIn(second.baseUrl));
    expect(names).toEqual(['Harbour Walkers', 'Hill Runners']);
  });

  it(`stops cleanly on SIGTERM${external ? '' : ', with its embedded PostgreSQL'}`, async () => {
    const server = running.at(-1)!;
    const pidFile = path.join(dataDir, 'pg', 'postmaster.pid');
    expect(existsSync(pidFile)).toBe(!external);
    const pgPid = external ? undefined : Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(existsSync(pidFile)).toBe(false);
    if (pgPid) expect(() => process.kill(pgPid, 0)).toThrow();
  });
});

import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '@clubtix/contract';
import { callEndpoint } from '../test/call-endpoint';
import { createTestApp, type TestApp } from '../test/helpers';
import { startServer, type ServerProcess } from '../test/server-process';
import { freePort } from './db/embedded';

const root = path.resolve(import.meta.dirname, '../../..');

/** Runs the real start (apps/api/src/server.ts) with a configuration it refuses; answers its exit code and output. */
function refusedStart(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: root,
    env: { ...process.env, HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, output })));
}

/** docs/product.md section 11 as an operator meets it: the product started with its environment. */
describe('configuration at start', () => {
  let t: TestApp;
  const servers: ServerProcess[] = [];
  const dataDirs: string[] = [];
  const env = () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'clubtix-config-'));
    dataDirs.push(dataDir);
    return { DATA_DIR: dataDir, DATABASE_URL: t.databaseUrl, WEB_DIST_DIR: path.join(dataDir, 'no-web') };
  };
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    for (const server of servers) {
      if (server.child.exitCode === null) {
        server.child.kill('SIGTERM');
        await server.exited;
      }
    }
    await t.close();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  });

  it(
    'starts with JWT_SECRET=testsecret and a case-insensitive FALSE, warning about the short key by name only',
    { timeout: 120_000 },
    async () => {
      const server = await startServer(await freePort(), {
        ...env(),
        JWT_SECRET: 'testsecret',
        ALLOW_SIGNUP: 'FALSE',
        TRUST_PROXY: 'True',
        PUBLIC_URL: 'https://tickets.example.org',
      });
      servers.push(server);
      expect(server.output()).toContain('Configuration warning: JWT_SECRET is shorter than 32 characters');
      expect(server.output()).not.toContain('testsecret');
      // The default simulated provider on an https site (docs/product.md section 18).
      expect(server.output()).toContain(
        'Configuration warning: PAYMENT_PROVIDER is simulated (the default) while PUBLIC_URL is https',
      );

      const register = await callEndpoint(server.baseUrl, endpoints.auth.register, {
        body: { name: 'Ann', email: 'ann@example.org', password: 'sunny-day-42', clubName: 'Closed Club' },
      });
      expect(register.status).toBe(403);
      const info = await callEndpoint(server.baseUrl, endpoints.system.info);
      expect(info.body.payload!.signupAllowed).toBe(false);
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
    },
  );

  it.each([
    ['ALLOW_SIGNUP', 'maybe', 'must be true or false (or 1 or 0)'],
    [
      'TRUST_PROXY',
      '10.0.0.0/33',
      'must be true, false, or a comma-separated list of proxy addresses or CIDR ranges (such as 10.0.0.2,192.168.1.0/24,fd00::/8)',
    ],
  ])(
    'stops the start on %s=%s with one line naming the variable',
    { timeout: 60_000 },
    async (variable, value, refusalText) => {
      const { code, output } = await refusedStart({ ...env(), PORT: String(await freePort()), [variable]: value });
      expect(code).toBe(1);
      expect(output.trim()).toBe(`Configuration error: ${variable} ${refusalText}`);
    },
  );
});

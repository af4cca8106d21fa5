import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../src/db/embedded';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export interface ServerProcess {
  baseUrl: string;
  /** Its DATA_DIR: its own, as each host of docs/deploy.md ("Several hosts") has. */
  dataDir: string;
  child: ChildProcess;
  output(): string;
  /** Resolves when the process has exited. */
  exited: Promise<number | null>;
}

async function waitForHealth(baseUrl: string, child: ChildProcess, output: () => string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited with ${child.exitCode}:\n${output()}`);
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`The server did not answer /api/health within ${timeoutMs} ms:\n${output()}`);
}

/** Starts the real product (apps/api/src/server.ts) as its own process, as `npm start` does, and waits until it answers. */
export async function startServer(
  port: number,
  env: Record<string, string>,
  timeoutMs = 60_000,
): Promise<ServerProcess> {
  // The V8 flags of `npm start` (package.json): the product as users run it.
  const flags = ['--max-semi-space-size=16', '--max-old-space-size=256'];
  const child = spawn(process.execPath, [...flags, '--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: root,
    // Ten connections each (the product keeps 20): two test files of three processes run at once on
    // an external server whose limit (100 on Debian) they share with the tests' own pools.
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'warn', DATABASE_POOL_SIZE: '10', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitForHealth(baseUrl, child, () => log, timeoutMs);
  return { baseUrl, dataDir: env.DATA_DIR ?? '', child, output: () => log, exited };
}

export interface ServerGroup {
  servers: ServerProcess[];
  /** Stops every server still running, then removes their data directory. */
  stop(): Promise<void>;
}

/**
 * `count` processes of the product on one database, as several API processes behind a proxy share
 * one (docs/product.md): started one after the other, as each checks the migrations on start, each
 * with a data directory of its own under one the group removes. `env` adds to or overrides what they
 * share.
 */
export async function startServers(
  count: number,
  databaseUrl: string,
  env: Record<string, string> = {},
  timeoutMs?: number,
): Promise<ServerGroup> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'clubtix-servers-'));
  const servers: ServerProcess[] = [];
  const stop = async () => {
    for (const server of servers) {
      // One a test killed has exited with a signal: nothing to stop.
      if (server.child.exitCode === null && server.child.signalCode === null) {
        server.child.kill('SIGTERM');
        await server.exited;
      }
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const shared = { DATABASE_URL: databaseUrl, WEB_DIST_DIR: path.join(dataDir, 'no-web'), ...env };
  try {
    for (let i = 0; i < count; i += 1) {
      const own = { DATA_DIR: path.join(dataDir, `host-${i}`), ...shared };
      servers.push(await startServer(await freePort(), own, timeoutMs));
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { servers, stop };
}

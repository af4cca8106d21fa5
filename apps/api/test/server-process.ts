import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export interface ServerProcess {
  baseUrl: string;
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
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitForHealth(baseUrl, child, () => log, timeoutMs);
  return { baseUrl, child, output: () => log, exited };
}

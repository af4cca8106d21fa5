import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../src/db/embedded';
import { listening } from './pgbouncer';

/** Debian's nginx (installed by .ci/run). */
export const NGINX = '/usr/sbin/nginx';

export interface Nginx {
  /** The balancer's address: what buyers and staff reach. */
  url: string;
  output(): string;
  stop(): Promise<void>;
}

/**
 * A real nginx balancing round-robin over `upstreams` (each a process's base URL), as docs/deploy.md
 * ("Several hosts") puts a load balancer in front of several hosts: no sticky sessions, kept-alive
 * connections to the processes, the client's address in X-Forwarded-For, and never a write retried
 * on another process. Its own directory, port and files; it runs in the foreground and stops with it.
 */
export async function startNginx(upstreams: string[]): Promise<Nginx> {
  if (!existsSync(NGINX)) {
    throw new Error(`${NGINX} is missing: install Debian's nginx (apt-get install nginx; .ci/run does)`);
  }
  const port = await freePort();
  const dir = mkdtempSync(path.join(tmpdir(), 'clubtix-nginx-'));
  const conf = path.join(dir, 'nginx.conf');
  writeFileSync(
    conf,
    [
      'worker_processes 1;',
      'daemon off;',
      `pid ${path.join(dir, 'nginx.pid')};`,
      `error_log ${path.join(dir, 'error.log')} warn;`,
      'events { worker_connections 1024; }',
      'http {',
      '  access_log off;',
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
        (kind) => `  ${kind}_temp_path ${path.join(dir, kind)};`,
      ),
      '  upstream clubtix {',
      ...upstreams.map((upstream) => `    server ${new URL(upstream).host};`),
      '    keepalive 32;',
      '  }',
      '  server {',
      `    listen 127.0.0.1:${port};`,
      // Images up to MAX_IMAGE_BYTES (packages/contract/src/system.ts) pass with room to spare.
      '    client_max_body_size 20m;',
      '    location / {',
      '      proxy_pass http://clubtix;',
      '      proxy_http_version 1.1;',
      '      proxy_set_header Connection "";',
      '      proxy_set_header Host $host;',
      '      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;',
      '      proxy_set_header X-Forwarded-Proto $scheme;',
      '      proxy_next_upstream off;',
      '      proxy_read_timeout 180s;',
      '    }',
      '  }',
      '}',
      '',
    ].join('\n'),
  );
  // As root (CI), nginx's worker runs as nobody, who must reach its temporary directories.
  if (process.getuid?.() === 0) {
    chmodSync(dir, 0o755);
    chmodSync(conf, 0o644);
  }
  const child = spawn(NGINX, ['-p', dir, '-c', conf, '-e', path.join(dir, 'error.log')], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      // QUIT: nginx's graceful stop, the worker finishing what it serves.
      child.kill('SIGQUIT');
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 10_000;
  while (!(await listening(port))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`nginx did not start:\n${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { url: `http://127.0.0.1:${port}`, output: () => log, stop };
}

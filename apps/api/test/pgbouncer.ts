import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../src/db/embedded';

/** Debian's pgbouncer (installed by .ci/run). */
export const PGBOUNCER = '/usr/sbin/pgbouncer';

export interface PgBouncer {
  /** DATABASE_URL through the pooler: the same database, user and password as the direct one. */
  url: string;
  output(): string;
  stop(): Promise<void>;
}

/** Whether something accepts connections on 127.0.0.1:`port`. */
export async function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.end();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * A real PgBouncer in transaction pooling mode in front of `directUrl`'s server, as a managed
 * PostgreSQL is often fronted (docs/deploy.md, "PgBouncer"): `poolSize` server connections per
 * database, so the clients' transactions really take turns on them. Its own directory, port and
 * files; it forwards any database name to the same server.
 */
export async function startPgBouncer(directUrl: string, poolSize = 4): Promise<PgBouncer> {
  if (!existsSync(PGBOUNCER)) {
    throw new Error(`${PGBOUNCER} is missing: install Debian's pgbouncer (apt-get install pgbouncer; .ci/run does)`);
  }
  const direct = new URL(directUrl);
  const user = decodeURIComponent(direct.username || 'postgres');
  const password = decodeURIComponent(direct.password);
  const port = await freePort();
  const dir = mkdtempSync(path.join(tmpdir(), 'clubtix-pgbouncer-'));
  const server = `host=${direct.hostname === 'localhost' ? '127.0.0.1' : direct.hostname} port=${direct.port || '5432'}`;
  const ini = path.join(dir, 'pgbouncer.ini');
  writeFileSync(
    ini,
    [
      '[databases]',
      `* = ${server}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      'unix_socket_dir =',
      'auth_type = trust',
      `auth_file = ${path.join(dir, 'userlist.txt')}`,
      'pool_mode = transaction',
      `default_pool_size = ${poolSize}`,
      'min_pool_size = 0',
      'reserve_pool_size = 0',
      'max_client_conn = 1000',
      // Clients queue for a server connection rather than fail: a rush waits its turn.
      'query_wait_timeout = 120',
      '',
    ].join('\n'),
  );
  // Clients are trusted; the user's password here is what PgBouncer logs in to the server with.
  writeFileSync(path.join(dir, 'userlist.txt'), `"${user}" "${password.replace(/"/g, '""')}"\n`);
  // PgBouncer refuses to run as root; as root (CI), it runs as nobody, who must read its files.
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    chmodSync(dir, 0o755);
    for (const file of ['pgbouncer.ini', 'userlist.txt']) chmodSync(path.join(dir, file), 0o644);
  }
  const child = spawn(PGBOUNCER, [...(asRoot ? ['-u', 'nobody'] : []), ini], { stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  child.stdout.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 10_000;
  while (!(await listening(port))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`pgbouncer did not start:\n${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const url = new URL(directUrl);
  url.hostname = '127.0.0.1';
  url.port = String(port);
  // The embedded server's URL names its Unix socket as `host`, which would bypass the pooler; the
  // pooler itself reaches that server over TCP, which it also listens on (db/embedded.ts).
  url.searchParams.delete('host');
  return { url: url.toString(), output: () => log, stop };
}

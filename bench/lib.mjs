// Shared by the benchmarks: start the real product on a fresh embedded PostgreSQL, call its API,
// and summarise latencies. Each benchmark prints one JSON object.
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { apiEntry, ensureApiBuilt } from '../scripts/api-build.mjs';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const SUDO = { email: 'bench@clubtix.test', password: 'bench-password-1' };

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** `probe`: preload bench/server-probe.mjs into the server, writing to that file on SIGUSR2. */
export async function startProduct(env = {}, { probe } = {}) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'clubtix-bench-'));
  chmodSync(dataDir, 0o755);
  const port = await freePort();
  // BENCH_CPU_PROF=<dir>: write a V8 CPU profile of the server there when it stops (open it in Chrome's DevTools).
  const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  // The V8 flags of `npm start` (package.json), so the figures are of the server as users run it;
  // BENCH_SERVER_FLAGS replaces them to compare.
  const flags = (process.env.BENCH_SERVER_FLAGS ?? '--max-semi-space-size=16 --max-old-space-size=256')
    .split(' ')
    .filter(Boolean);
  const probed = probe ? ['--import', './bench/server-probe.mjs'] : [];
  // The compiled server, as `npm start` runs it (docs/decisions/0049-compiled-start.md);
  // BENCH_FROM_SOURCE=1 runs the TypeScript through tsx instead, so a CPU profile names source files.
  const fromSource = process.env.BENCH_FROM_SOURCE === '1';
  if (!fromSource) await ensureApiBuilt({ quiet: true });
  const server = fromSource ? ['--import', 'tsx', 'apps/api/src/server.ts'] : [apiEntry];
  const args = [...flags, ...profile, ...probed, ...server];
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      SUDO_EMAIL: SUDO.email,
      SUDO_PASSWORD: SUDO.password,
      LOG_LEVEL: 'error',
      DATABASE_URL: '',
      ...(probe ? { BENCH_PROBE_FILE: probe } : {}),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout.on('data', (c) => (log += c));
  child.stderr.on('data', (c) => (log += c));
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 180_000; // a busy machine starts PostgreSQL slowly
  while (true) {
    if (child.exitCode !== null) throw new Error(`server exited:\n${log}`);
    try {
      if ((await fetch(`${baseUrl}/api/health`)).status === 200) break;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start:\n${log}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    baseUrl,
    dataDir,
    /** The server's process id, to read its memory from /proc. */
    pid: child.pid,
    /** Connection string of the embedded server, for pgbench. */
    pgUrl() {
      const password = readFileSync(path.join(dataDir, 'secrets/pg-password'), 'utf8').trim();
      const pgPort = readFileSync(path.join(dataDir, 'pg/postmaster.pid'), 'utf8').split('\n')[3];
      return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${pgPort}/clubtix`;
    },
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => child.on('exit', r));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export function client(baseUrl) {
  return async function call(method, apiPath, { token, body, query } = {}) {
    const url = new URL(`/api${apiPath}`, baseUrl);
    for (const [k, v] of Object.entries(query ?? {})) url.searchParams.set(k, String(v));
    const response = await fetch(url, {
      method,
      headers: { ...(token ? { authorization: token } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const json = await response.json().catch(() => ({}));
    return { status: response.status, json, authorization: response.headers.get('authorization') };
  };
}

export function percentile(sorted, p) {
  if (sorted.length === 0) return null;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

export function summarise(latencies) {
  const sorted = [...latencies].sort((a, b) => a - b);
  const round = (v) => (v === null ? null : Math.round(v * 10) / 10);
  return {
    count: sorted.length,
    p50Ms: round(percentile(sorted, 50)),
    p99Ms: round(percentile(sorted, 99)),
    maxMs: round(sorted.at(-1) ?? null),
  };
}

/** pgbench on the same server: an uncontended single-row update plus an insert, the ceiling for a purchase's writes. */
export function pgbenchCeiling(pgUrl, seconds = 10) {
  const which = spawnSync('pgbench', ['--version']);
  if (which.status !== 0) return { skipped: 'pgbench not installed (apt-get install postgresql-client)' };
  const psql = (sql) => spawnSync('psql', [pgUrl, '-v', 'ON_ERROR_STOP=1', '-q', '-c', sql], { encoding: 'utf8' });
  psql(
    'DROP TABLE IF EXISTS bench_rows, bench_log; CREATE TABLE bench_rows (id int PRIMARY KEY, n int NOT NULL); INSERT INTO bench_rows SELECT g, 0 FROM generate_series(1, 100000) g; CREATE TABLE bench_log (id bigserial PRIMARY KEY, row_id int, at timestamptz DEFAULT now());',
  );
  const script = path.join(mkdtempSync(path.join(tmpdir(), 'pgbench-')), 'tx.sql');
  spawnSync('sh', [
    '-c',
    `cat > ${script} <<'EOF'
\\set id random(1, 100000)
BEGIN;
UPDATE bench_rows SET n = n + 1 WHERE id = :id;
INSERT INTO bench_log (row_id) VALUES (:id);
END;
EOF`,
  ]);
  const run = spawnSync('pgbench', ['-n', '-c', '16', '-j', '2', '-T', String(seconds), '-f', script, pgUrl], {
    encoding: 'utf8',
  });
  const tps = /tps = ([\d.]+)/.exec(run.stdout ?? '')?.[1];
  psql('DROP TABLE IF EXISTS bench_rows, bench_log;');
  return tps
    ? { transactionsPerSecond: Math.round(Number(tps)), clients: 16, seconds }
    : { error: run.stderr || run.stdout };
}

let seedKitModule;
/**
 * The seeding kit (packages/seed-kit), written in TypeScript as the contract it calls is, loaded
 * through tsx on first use: a bench that seeds nothing does not pay the ~1 s of loading it.
 */
export function loadSeedKit() {
  seedKitModule ??= import('tsx/esm/api').then(({ tsImport }) => tsImport('@clubtix/seed-kit', import.meta.url));
  return seedKitModule;
}

/**
 * The seeding kit over one of the benches' clients (`client` above, fast-client.mjs, raw-client.mjs:
 * each `call(method, path, { token, body, query })` answering `{ status, json, authorization }`), so
 * the seeding shares the connections the bench then measures on.
 */
export async function seedKitOver(call) {
  const { seedKit, bearer } = await loadSeedKit();
  return seedKit(async (endpoint, { token, body, query }) => {
    const answer = await call(endpoint.method, endpoint.path, { token: token && bearer(token), body, query });
    return { status: answer.status, body: answer.json, authorization: answer.authorization };
  });
}

/**
 * A published event with one ticket type (free entry, no limit), made through the API as an admin
 * would: in a new club named `clubName`, or in the club `clubId`. It starts `startsInMs` from now
 * and lasts an hour.
 */
export async function createEvent(
  call,
  token,
  { clubName, clubId, title, startsInMs = 3_600_000, timezone = 'Europe/London', currency = 'gbp', ticket = {} },
) {
  const { startingIn } = await loadSeedKit();
  const kit = await seedKitOver(call);
  const ownerId = clubId ?? (await kit.club(token, { name: clubName })).id;
  const event = await kit.event(token, {
    clubId: ownerId,
    title,
    ...startingIn(startsInMs, 3_600_000),
    timezone,
    currency,
  });
  const saved = await kit.ticket(token, event.id, { name: 'Entry', price: 0, quantity: null, ...ticket });
  return { clubId: ownerId, eventId: event.id, ticketId: saved.id };
}

/** The form the attendee-list benches answer: a short answer, a single and a multiple choice. */
export async function saveBenchForm(call, token, eventId) {
  const kit = await seedKitOver(call);
  return kit.form(token, eventId, [
    { type: 0, label: 'Diet' },
    { type: 4, label: 'Shirt size', options: ['S', 'M', 'L'] },
    { type: 3, label: 'Workshops', options: ['Knots', 'Sails', 'Radio'] },
  ]);
}

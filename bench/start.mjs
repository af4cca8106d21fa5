// `npm run bench:start`: how long `npm start` takes on an initialised data directory, as a user
// runs it, from the spawn of `npm start` to the first 200 of /api/health (docs/performance.md,
// "Start-up"). One start initialises a fresh data directory (not counted), then five timed starts;
// each is stopped with Ctrl-C (SIGINT to its process group) before the next. Prints the median and
// the parts the server marks: npm and node until the server's script runs, node's own boot, the
// imports, the embedded PostgreSQL, the migrations check, building the app, listening.
// BENCH_START_RUNS changes the count; BENCH_START_COMMAND runs another command instead (A/B).
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const runs = Number(process.env.BENCH_START_RUNS ?? 5);
const command = (process.env.BENCH_START_COMMAND ?? 'npm start').split(' ');

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

async function startOnce(dataDir, port) {
  const marksFile = path.join(dataDir, 'start-marks.json');
  rmSync(marksFile, { force: true });
  const spawnedAt = Date.now();
  const child = spawn(command[0], command.slice(1), {
    cwd: root,
    detached: true, // its own process group, stopped as a terminal's Ctrl-C would
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      SUDO_EMAIL: 'bench@clubtix.test',
      SUDO_PASSWORD: 'bench-password-1',
      BENCH_START_MARKS: marksFile,
      NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import ${path.join(root, 'bench/start-probe.mjs')}`.trim(),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout.on('data', (c) => (log += c));
  child.stderr.on('data', (c) => (log += c));
  const exited = new Promise((resolve) => child.on('exit', resolve));
  let healthyAt = 0;
  const deadline = spawnedAt + 120_000;
  while (!healthyAt) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`no healthy start:\n${log}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).status === 200) healthyAt = Date.now();
    } catch {
      // not listening yet
    }
    if (!healthyAt) await new Promise((resolve) => setTimeout(resolve, 10));
  }
  process.kill(-child.pid, 'SIGINT');
  await exited;
  const marks = existsSync(marksFile) ? JSON.parse(readFileSync(marksFile, 'utf8')) : null;
  return { ms: healthyAt - spawnedAt, spawnedAt, healthyAt, marks };
}

/** The parts of one start, in ms, from the marks the server set (absent ones are left out). */
function partsOf({ ms, spawnedAt, marks }) {
  if (!marks) return { total: ms };
  const { at } = marks;
  const round = (value) => Math.round(value);
  const between = (from, to) => (at[from] !== undefined && at[to] !== undefined ? round(at[to] - at[from]) : undefined);
  return {
    total: ms,
    beforeServerProcess: round(marks.timeOrigin - spawnedAt), // npm, its shell, until node starts
    nodeBoot: round(marks.bootstrapComplete),
    startScript: between('script', 'built'), // checking (or making) the web and API builds
    imports: at.imported !== undefined ? round(at.imported - (at.built ?? marks.bootstrapComplete)) : undefined,
    config: between('imported', 'config'),
    embeddedPostgres: between('config', 'database'),
    migrations: between('database', 'migrated'),
    buildApp: between('migrated', 'app'),
    superUserAndListen: between('app', 'listening'),
    serverCpuMs: marks.cpuMs, // the server process's own CPU time until it listened (user + system)
    untilHealthSeen: at.listening !== undefined ? round(ms - (marks.timeOrigin - spawnedAt) - at.listening) : undefined,
  };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

const dataDir = mkdtempSync(path.join(tmpdir(), 'clubtix-start-'));
chmodSync(dataDir, 0o755);
try {
  const port = await freePort();
  const first = await startOnce(dataDir, port); // initialises the data directory (and builds if needed)
  const loadBefore = loadavg().map((l) => Number(l.toFixed(2)));
  const starts = [];
  for (let i = 0; i < runs; i += 1) starts.push(partsOf(await startOnce(dataDir, port)));
  const loadAfter = loadavg().map((l) => Number(l.toFixed(2)));
  const keys = Object.keys(starts[0]);
  const medians = Object.fromEntries(
    keys.map((key) => [key, median(starts.map((s) => s[key]).filter((v) => v !== undefined))]),
  );
  process.stdout.write(
    `${JSON.stringify(
      {
        command: command.join(' '),
        runs,
        medianMs: medians.total,
        medianParts: medians,
        starts,
        firstStartMs: first.ms,
        loadAverage: { before: loadBefore, after: loadAfter },
        cores: (await import('node:os')).cpus().length,
      },
      null,
      2,
    )}\n`,
  );
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

// `npm test`: the whole suite: types, lint and format, unit, integration on the embedded
// PostgreSQL, integration on the external server (TEST_DATABASE_URL), end-to-end in Chromium.
// Under CI a missing database or browser fails the run; nothing is skipped silently.
//
// Independent tiers run side by side in lanes (TEST_JOBS, default: the machine's cores, at most 3);
// a lane runs its tiers one after the other. Each tier's output is kept whole and printed when it
// ends, so the log reads tier by tier; a failure in any tier fails the run. TEST_JOBS=1 runs
// everything in one lane with the output live. Timings: docs/decisions/0025-import-help-suite-and-docs.md.
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { setInterval, clearInterval } from 'node:timers';
import { fileURLToPath } from 'node:url';
import { stripVTControlCharacters } from 'node:util';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const isCi = process.env.CI === 'true' || process.env.CI === '1';
const bin = (name) => path.join(root, 'node_modules/.bin', name);
const only = process.argv[2]; // optional: typecheck | unit | integration | e2e
const jobs = Math.max(1, Number(process.env.TEST_JOBS) || Math.min(3, availableParallelism()));
const live = jobs === 1;
const logDir = mkdtempSync(path.join(tmpdir(), 'clubtix-test-'));
const results = [];
const running = new Map(); // name -> start time
const startedAt = Date.now();

const elapsed = (since) => ((Date.now() - since) / 1000).toFixed(1);

/** One tier: a command whose exit status is its result. */
const tier = (name, command, args, env = {}) => ({ name, command, args, env });
/** A tier that cannot run: it fails with its message (under CI) instead of being skipped. */
const refused = (name, message) => ({ name, message });

function run(task) {
  if (task.message) {
    process.stdout.write(`\n=== ${task.name} ===\n${task.message}\n`);
    results.push({ name: task.name, ok: false, seconds: '0.0' });
    return Promise.resolve(false);
  }
  const started = Date.now();
  running.set(task.name, started);
  const logFile = path.join(logDir, `${task.name.replace(/[^a-z0-9]+/gi, '-')}.log`);
  if (live) process.stdout.write(`\n=== ${task.name} ===\n`);
  else process.stdout.write(`--- started: ${task.name}\n`);
  return new Promise((resolve) => {
    const out = live ? null : createWriteStream(logFile);
    const child = spawn(task.command, task.args, {
      cwd: root,
      stdio: live ? 'inherit' : ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...task.env },
    });
    if (out) {
      child.stdout.pipe(out, { end: false });
      child.stderr.pipe(out, { end: false });
    }
    const finish = (ok) => {
      running.delete(task.name);
      const seconds = elapsed(started);
      const result = { name: task.name, ok, seconds };
      results.push(result);
      if (!out) return resolve(ok);
      out.end(() => {
        const text = readFileSync(logFile, 'utf8');
        const lines = stripVTControlCharacters(text).split('\n');
        const digest = [...retriedTests(lines), ...(ok ? [] : failureDigest(lines))];
        if (digest.length) result.digest = digest;
        process.stdout.write(`\n=== ${task.name}: ${ok ? 'passed' : 'FAILED'} in ${seconds}s ===\n${text}`);
        if (!text.endsWith('\n')) process.stdout.write('\n');
        resolve(ok);
      });
    };
    child.on('error', (error) => {
      if (out) out.write(`${error.message}\n`);
      else process.stdout.write(`${error.message}\n`);
    });
    child.on('close', (code) => finish(code === 0));
  });
}

/**
 * What failed in a tier, in a few lines: each failed test's name and its error's first line (from
 * vitest's "Failed Tests" section), else the log's last lines. Printed after the summary, as a CI that
 * keeps only the end of the output would otherwise not show which test failed.
 */
function failureDigest(logLines) {
  const lines = logLines.map((line) => line.trim());
  const from = lines.findIndex((line) => /Failed Tests \d+|Unhandled Errors?/.test(line));
  if (from < 0) return lines.filter(Boolean).slice(-8);
  const digest = [];
  lines.slice(from).forEach((line, index, rest) => {
    if (!/^(FAIL|×)\s/.test(line)) return;
    const error = rest.slice(index + 1).find((next) => /^[A-Za-z]*(Error|Exception)\b|^Test timed out/.test(next));
    digest.push(line.slice(0, 200), `  ${(error ?? '').slice(0, 200)}`);
  });
  return digest.length ? digest.slice(0, 12) : lines.slice(from, from + 8);
}

/** The RETRIED lines of scripts/retried-tests-reporter.mjs (in a tier's log, as lines): tests that failed at least once. */
function retriedTests(lines) {
  return lines.filter((line) => line.startsWith('RETRIED ')).slice(0, 8);
}

async function lane(tasks) {
  for (const task of tasks) await run(task);
}

const staticChecks = [
  tier('typecheck', 'npm', ['run', '--silent', 'typecheck']),
  tier('lint', bin('eslint'), ['.', '--max-warnings=0']),
  tier('format', bin('prettier'), ['--check', '--log-level=warn', '.']),
];
const unit = [tier('unit tests', bin('vitest'), ['run', '--project', 'unit'])];
// Two integration files at a time even on two cores (vitest's default there is one): each file has a
// database of its own (apps/api/test/global-setup.ts) and mostly waits on PostgreSQL, so the tier
// takes about half the time (docs/decisions/0054-a-lighter-request.md).
const integration = ['run', '--project', 'integration', '--maxWorkers=2'];
const embedded = [
  tier('integration tests: embedded PostgreSQL', bin('vitest'), integration, { TEST_DATABASE_URL: '' }),
];
const external = [];
if (process.env.TEST_DATABASE_URL) {
  external.push(tier('integration tests: external PostgreSQL', bin('vitest'), integration));
} else if (isCi) {
  external.push(
    refused(
      'integration tests: external PostgreSQL',
      'TEST_DATABASE_URL is not set: under CI the external-server tests must run.',
    ),
  );
} else if (!only || only === 'integration') {
  process.stdout.write('External PostgreSQL tests not run: set TEST_DATABASE_URL=postgres://... to run them too.\n');
}
const e2e = [];
const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
if (!existsSync(chromium)) {
  e2e.push(
    refused(
      'end-to-end tests',
      `No Chromium at ${chromium}: install it (apt-get install chromium) or set CHROMIUM_PATH.`,
    ),
  );
} else {
  // The build is a tier of its own (scripts/web-build.mjs skips it when the build is current).
  e2e.push(
    tier('web build', process.execPath, [
      '--input-type=module',
      '-e',
      `import(${JSON.stringify(path.join(root, 'scripts/web-build.mjs'))}).then((m) => m.ensureWebBuilt())`,
    ]),
    tier('end-to-end tests: Chromium', bin('vitest'), ['run', '--project', 'e2e'], { CHROMIUM_PATH: chromium }),
  );
}

const pick = (name, tasks) => (!only || only === name ? tasks : []);
const chosen = {
  static: pick('typecheck', staticChecks),
  unit: pick('unit', unit),
  embedded: pick('integration', embedded),
  external: pick('integration', external),
  e2e: pick('e2e', e2e),
};
// Lanes of about equal length on the CI's 2 cores (on a fresh clone: static checks ~4 min, e2e ~19,
// unit ~1.5, integration ~7 and ~6 with two files at once): the browser tier beside the database
// tiers. A third core gives the external server its own lane.
const lanes =
  jobs === 1
    ? [[...chosen.static, ...chosen.unit, ...chosen.embedded, ...chosen.external, ...chosen.e2e]]
    : jobs === 2
      ? [
          [...chosen.static, ...chosen.e2e],
          [...chosen.unit, ...chosen.embedded, ...chosen.external],
        ]
      : [[...chosen.static, ...chosen.e2e], [...chosen.unit, ...chosen.embedded], [...chosen.external]];

const busy = lanes.filter((tasks) => tasks.length > 0);
if (!live) process.stdout.write(`${busy.length} lane(s) side by side (TEST_JOBS=${jobs}); tier logs in ${logDir}\n`);
// A line a minute while tiers run quietly, so a CI that watches for output sees the run is alive.
const heartbeat = live
  ? undefined
  : setInterval(() => {
      const names = [...running].map(([name, since]) => `${name} (${Math.round((Date.now() - since) / 1000)}s)`);
      if (names.length) process.stdout.write(`--- still running: ${names.join(', ')}\n`);
    }, 60_000);

await Promise.all(busy.map(lane));
if (heartbeat) clearInterval(heartbeat);
rmSync(logDir, { recursive: true, force: true });

process.stdout.write('\n=== summary ===\n');
const order = [...staticChecks, ...unit, ...embedded, ...external, ...e2e].map((t) => t.name);
results.sort((a, b) => order.indexOf(a.name) - order.indexOf(b.name));
for (const r of results) process.stdout.write(`${r.ok ? 'PASS' : 'FAIL'}  ${r.name} (${r.seconds}s)\n`);
for (const r of results.filter((result) => result.digest)) {
  process.stdout.write(
    `\n=== what failed in ${r.name}${r.ok ? ' (passed on retry)' : ''} ===\n${r.digest.join('\n')}\n`,
  );
}
process.stdout.write(`wall time ${elapsed(startedAt)}s in ${busy.length} lane(s)\n`);
process.exit(results.every((r) => r.ok) ? 0 : 1);

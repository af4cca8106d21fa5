// `npm test`: the whole suite, in order: types and lint, unit, integration on the embedded
// PostgreSQL, integration on the external server (TEST_DATABASE_URL), end-to-end in Chromium.
// Under CI a missing database or browser fails the run; nothing is skipped silently.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureWebBuilt } from './web-build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const isCi = process.env.CI === 'true' || process.env.CI === '1';
const bin = (name) => path.join(root, 'node_modules/.bin', name);
const results = [];

function step(name, command, args, env = {}) {
  process.stdout.write(`\n=== ${name} ===\n`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  results.push({ name, ok: result.status === 0, seconds });
  return result.status === 0;
}

function fail(name, message) {
  process.stdout.write(`\n=== ${name} ===\n${message}\n`);
  results.push({ name, ok: false, seconds: '0.0' });
}

const only = process.argv[2]; // optional: typecheck | unit | integration | e2e

if (!only || only === 'typecheck') {
  step('typecheck', 'npm', ['run', '--silent', 'typecheck']);
  step('lint', bin('eslint'), ['.', '--max-warnings=0']);
  step('format', bin('prettier'), ['--check', '--log-level=warn', '.']);
}
if (!only || only === 'unit') step('unit tests', bin('vitest'), ['run', '--project', 'unit']);
if (!only || only === 'integration') {
  step('integration tests: embedded PostgreSQL', bin('vitest'), ['run', '--project', 'integration'], {
    TEST_DATABASE_URL: '',
  });
  if (process.env.TEST_DATABASE_URL) {
    step('integration tests: external PostgreSQL', bin('vitest'), ['run', '--project', 'integration']);
  } else if (isCi) {
    fail(
      'integration tests: external PostgreSQL',
      'TEST_DATABASE_URL is not set: under CI the external-server tests must run.',
    );
  } else {
    process.stdout.write(
      '\nExternal PostgreSQL tests not run: set TEST_DATABASE_URL=postgres://... to run them too.\n',
    );
  }
}
if (!only || only === 'e2e') {
  const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  if (!existsSync(chromium)) {
    fail('end-to-end tests', `No Chromium at ${chromium}: install it (apt-get install chromium) or set CHROMIUM_PATH.`);
  } else {
    ensureWebBuilt();
    step('end-to-end tests: Chromium', bin('vitest'), ['run', '--project', 'e2e'], { CHROMIUM_PATH: chromium });
  }
}

process.stdout.write('\n=== summary ===\n');
for (const r of results) process.stdout.write(`${r.ok ? 'PASS' : 'FAIL'}  ${r.name} (${r.seconds}s)\n`);
process.exit(results.every((r) => r.ok) ? 0 : 1);

// Builds the web app when apps/web/dist is missing or older than its sources, so `npm start`
// always serves what is in the tree and a restart does not rebuild for nothing.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const sources = [
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/public',
  'packages/contract/src',
];

function newest(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(target).reduce((max, name) => Math.max(max, newest(path.join(target, name))), stat.mtimeMs);
}

export function ensureWebBuilt({ quiet = false } = {}) {
  const index = path.join(root, 'apps/web/dist/index.html');
  const builtAt = existsSync(index) ? statSync(index).mtimeMs : 0;
  const changedAt = Math.max(...sources.map((source) => newest(path.join(root, source))));
  if (builtAt > changedAt) return;
  if (!quiet) process.stdout.write('Building the web app (first start or changed sources)...\n');
  const result = spawnSync(
    process.execPath,
    [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
    {
      cwd: path.join(root, 'apps/web'),
      stdio: 'inherit',
    },
  );
  if (result.status !== 0) throw new Error('The web app did not build');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) ensureWebBuilt();

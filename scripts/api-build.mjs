// Compiles the API (apps/api/src/server.ts) to JavaScript in apps/api/dist, so `npm start` runs it
// with no TypeScript transpiled at start (docs/decisions/0049-compiled-start.md). One ESM bundle for
// Node 24 with a source map: the workspace package @clubtix/contract (TypeScript) is inlined,
// node_modules packages stay imports. Built again only when the API's or the contract's sources
// are newer than the bundle, as the web app is (scripts/web-build.mjs).
import { existsSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const apiEntry = path.join(root, 'apps/api/dist/server.js');
const defaultOutDir = path.dirname(apiEntry);
const sources = [
  'apps/api/src',
  'apps/api/package.json',
  'packages/contract/src',
  'packages/contract/package.json',
  'scripts/api-build.mjs',
];

function newest(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return /\.test\.tsx?$/.test(target) ? 0 : stat.mtimeMs; // tests are not in the bundle
  return readdirSync(target).reduce((max, name) => Math.max(max, newest(path.join(target, name))), stat.mtimeMs);
}

/**
 * Files the source finds next to itself through import.meta.url (the server catalogues in
 * src/locales, the migrations, the root package.json, the web build, the PDF fonts' package)
 * must still be found from the bundle: in each source module that says import.meta.url, it
 * becomes that module's own URL in src/, relative to where the bundle is (so a moved checkout
 * still works). A test starts the compiled server and checks (apps/api/test/compiled-start.int.test.ts).
 */
const sourceUrls = (outDir) => ({
  name: 'source-import-meta-url',
  setup(build) {
    build.onLoad({ filter: /\.ts$/ }, (args) => {
      const text = readFileSync(args.path, 'utf8');
      if (!text.includes('import.meta.url')) return undefined;
      const relative = path.relative(outDir, args.path).split(path.sep).join('/');
      return {
        contents: text.replaceAll('import.meta.url', `new URL(${JSON.stringify(relative)}, import.meta.url).href`),
        loader: 'ts',
      };
    });
  },
});

/**
 * Compiled in: the workspace's own packages, and drizzle-orm, whose 179 KB package.json Node reads
 * again for each of the ~100 files it loads (about 2 s of CPU here, most of the start-up's imports;
 * docs/performance.md, "Start-up"). Other node_modules packages are imported at run time.
 */
const inlined = /^(@clubtix\/|drizzle-orm(\/|$))/;
const externalPackages = {
  name: 'external-packages',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) =>
      inlined.test(args.path) ? undefined : { path: args.path, external: true },
    );
  },
};

/** outDir: apps/api/dist, or another folder (a test's own, so parallel test runs share nothing). */
export async function buildApi({ outDir = defaultOutDir } = {}) {
  // Loaded only to build: a start with a fresh build does not pay for it.
  const { build } = await import('esbuild');
  rmSync(outDir, { recursive: true, force: true });
  await build({
    entryPoints: [path.join(root, 'apps/api/src/server.ts')],
    outdir: outDir,
    bundle: true,
    // What the source imports on first use (await import(...)) stays a file of its own, loaded then.
    splitting: true,
    chunkNames: '[name]-[hash]', // beside server.js: the import.meta.url paths above are relative to it
    platform: 'node',
    format: 'esm',
    target: 'node24',
    sourcemap: true,
    logLevel: 'warning',
    plugins: [sourceUrls(outDir), externalPackages],
  });
}

/** Builds the API when apps/api/dist is missing or older than its sources; true when it built. */
export async function ensureApiBuilt({ quiet = false } = {}) {
  const builtAt = existsSync(apiEntry) ? statSync(apiEntry).mtimeMs : 0;
  const changedAt = Math.max(...sources.map((source) => newest(path.join(root, source))));
  if (builtAt > changedAt) return false;
  if (!quiet) process.stdout.write('Building the API (first start or changed sources)...\n');
  await buildApi();
  return true;
}

export const apiEntryUrl = pathToFileURL(apiEntry).href;

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildApi();

import type { Plugin } from 'vite';

/**
 * Builds the door's service worker (docs/decisions/0037-installable-offline-door.md): src/service-worker/sw.ts
 * as its own entry at /sw.js (a worker's address must stay the same from one build to the next), with
 * the list of files to keep written in: the shell, the entry's chunks and CSS, and the check-in page's.
 * Read from the build's own chunk graph, so nothing is listed by hand and nothing is fetched from elsewhere.
 */

const WORKER_SOURCE = 'src/service-worker/sw.ts';
export const WORKER_FILE = 'sw.js';
/** Pages whose chunks the door needs offline: the check-in page and the installed app's start. */
const DOOR_PAGES = [
  /features[\\/]checkin[\\/]pages[\\/]checkin-page\.tsx$/,
  /features[\\/]checkin[\\/]pages[\\/]door-start-page\.tsx$/,
];
/** Files of public/ the installed door shows. */
const PUBLIC_FILES = [
  '/index.html',
  '/favicon.svg',
  '/manifest.webmanifest',
  '/icons/door-192.png',
  '/icons/door-512.png',
  '/icons/door-maskable-512.png',
];

interface ChunkLike {
  type: 'chunk';
  fileName: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  imports: string[];
  dynamicImports: string[];
  viteMetadata?: { importedCss: Set<string> };
}
type OutputLike = ChunkLike | { type: 'asset'; fileName: string };

/**
 * The paths the worker keeps: the app's entry with what it imports, and each door page with what it
 * imports, even lazily (the QR decoder). Other pages' chunks are kept once visited (cache-rules.ts).
 */
export function precacheList(bundle: Record<string, OutputLike>, workerFile = WORKER_FILE): string[] {
  const chunks = new Map<string, ChunkLike>();
  for (const output of Object.values(bundle)) if (output.type === 'chunk') chunks.set(output.fileName, output);
  const files = new Set<string>();
  const visit = (fileName: string, followDynamic: boolean) => {
    const chunk = chunks.get(fileName);
    if (!chunk || files.has(fileName)) return;
    files.add(fileName);
    for (const css of chunk.viteMetadata?.importedCss ?? []) files.add(css);
    for (const next of chunk.imports) visit(next, followDynamic);
    if (followDynamic) for (const next of chunk.dynamicImports) visit(next, true);
  };
  for (const chunk of chunks.values()) {
    if (chunk.fileName === workerFile) continue;
    if (chunk.isEntry) visit(chunk.fileName, false);
    else if (chunk.facadeModuleId && DOOR_PAGES.some((page) => page.test(chunk.facadeModuleId ?? ''))) {
      visit(chunk.fileName, true);
    }
  }
  return [...PUBLIC_FILES, ...[...files].sort().map((file) => `/${file}`)];
}

/** A short fingerprint of the list (FNV-1a): the names are content hashes, so it changes with any file. */
export function versionOf(paths: readonly string[]): string {
  let hash = 0x811c9dc5;
  for (const char of paths.join('\n')) {
    hash ^= char.charCodeAt(0);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(36);
}

export function doorServiceWorker(): Plugin {
  return {
    name: 'clubtix:door-service-worker',
    apply: 'build',
    enforce: 'post',
    buildStart() {
      this.emitFile({ type: 'chunk', id: WORKER_SOURCE, fileName: WORKER_FILE });
    },
    generateBundle(_options, bundle) {
      const worker = bundle[WORKER_FILE];
      if (!worker || worker.type !== 'chunk') throw new Error(`${WORKER_FILE} was not built`);
      const paths = precacheList(bundle);
      // The list goes inside a string literal (of whichever quote the minifier chose): plain names only.
      const odd = paths.find((file) => !/^[\w\-./]+$/.test(file));
      if (odd) throw new Error(`${WORKER_FILE}: cannot list ${odd}`);
      const code = worker.code
        .replace('__DOOR_PRECACHE__', JSON.stringify(paths).replace(/"/g, '\\"'))
        .replace('__DOOR_VERSION__', versionOf(paths));
      if (code.includes('__DOOR_')) throw new Error(`${WORKER_FILE}: a placeholder was left unreplaced`);
      worker.code = code;
    },
  };
}

/**
 * What the door's service worker does with each request (docs/decisions/0037-installable-offline-door.md):
 * - `network`: not touched. Every API call, whatever else is not ours, and anything not a GET: an
 *   answer of the API is never served from a cache.
 * - `shell`: a page of the app. The network first, so a deploy is seen at once; the cached
 *   index.html when there is none (or it is too slow), so the door opens offline.
 * - `cacheFirst`: a built file. Its name changes with its content, so a cached copy is always right.
 */
export type RequestRoute = 'network' | 'shell' | 'cacheFirst';

export interface RequestLike {
  method: string;
  url: string;
  mode: string;
}

/** The built files' folder (Vite's `assets/`), hashed names only. */
const ASSETS_PREFIX = '/assets/';

export function routeRequest(request: RequestLike, origin: string, precached: ReadonlySet<string>): RequestRoute {
  if (request.method !== 'GET') return 'network';
  const url = new URL(request.url);
  if (url.origin !== origin) return 'network';
  if (url.pathname === '/api' || url.pathname.startsWith('/api/')) return 'network';
  if (request.mode === 'navigate') return 'shell';
  if (url.pathname.startsWith(ASSETS_PREFIX) || precached.has(url.pathname)) return 'cacheFirst';
  return 'network';
}

/** The cache of one build; older ones are deleted once a newer worker takes over. */
export const CACHE_PREFIX = 'clubtix-door-';
export const SHELL_PATH = '/index.html';
/** A page request slower than this on a poor line gets the cached shell instead. */
export const SHELL_NETWORK_TIMEOUT_MS = 4000;

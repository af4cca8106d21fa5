import { CACHE_PREFIX, routeRequest, SHELL_NETWORK_TIMEOUT_MS, SHELL_PATH } from './cache-rules';

/**
 * The door's service worker (docs/decisions/0037-installable-offline-door.md), built to /sw.js by
 * apps/web/door-service-worker.ts, which writes in the files to keep and the build's version. It keeps
 * the app shell and the check-in page's chunks so the door opens with no network; the routes of
 * each request are in cache-rules.ts. The app's TypeScript has the DOM's types, not a worker's: the
 * few worker types used are declared here.
 */

interface ExtendableEventLike extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface FetchEventLike extends ExtendableEventLike {
  request: Request;
  respondWith(response: Promise<Response>): void;
}
interface WorkerScope {
  location: Location;
  skipWaiting(): Promise<void>;
  clients: { claim(): Promise<void> };
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEventLike) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEventLike) => void): void;
}

const scope = self as unknown as WorkerScope;

// Replaced at build time by the list of files and a version that changes when any of them does.
const PRECACHE: string[] = JSON.parse('__DOOR_PRECACHE__') as string[];
const CACHE = `${CACHE_PREFIX}${'__DOOR_VERSION__'}`;
const precached = new Set(PRECACHE);

scope.addEventListener('install', (event) => {
  // All or nothing: a worker whose shell is incomplete must not take over.
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(PRECACHE))
      .then(() => scope.skipWaiting()),
  );
});

scope.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names.filter((name) => name.startsWith(CACHE_PREFIX) && name !== CACHE).map((name) => caches.delete(name)),
        ),
      )
      .then(() => scope.clients.claim()),
  );
});

async function shell(request: Request): Promise<Response> {
  const cached = () => caches.match(SHELL_PATH, { cacheName: CACHE });
  try {
    const response = await fetch(request, { signal: AbortSignal.timeout(SHELL_NETWORK_TIMEOUT_MS) });
    return response;
  } catch {
    return (await cached()) ?? Response.error();
  }
}

async function cacheFirst(request: Request): Promise<Response> {
  const cache = await caches.open(CACHE);
  const hit = await cache.match(request);
  if (hit) return hit;
  const response = await fetch(request);
  // Another page's chunk, fetched online: kept too, so what was seen once opens offline.
  if (response.ok && new URL(request.url).pathname.startsWith('/assets/')) await cache.put(request, response.clone());
  return response;
}

scope.addEventListener('fetch', (event) => {
  const route = routeRequest(event.request, scope.location.origin, precached);
  if (route === 'shell') event.respondWith(shell(event.request));
  else if (route === 'cacheFirst') event.respondWith(cacheFirst(event.request));
});

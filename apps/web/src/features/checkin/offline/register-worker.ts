/**
 * The service worker that keeps the app shell for the door (docs/decisions/0037-installable-offline-door.md).
 * It is registered when the check-in page opens, so that page opens again with no network; the
 * build writes /sw.js (apps/web/door-service-worker.ts). Not in development: Vite serves no worker.
 */
export function registerDoorWorker(): void {
  if (import.meta.env.DEV || !('serviceWorker' in navigator)) return;
  navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => {
    // An insecure origin or a refused registration: the door still works online, and says nothing
    // here because the offline panel stays usable while the page is open.
  });
}

const LAST_DOOR_KEY = 'clubtix.door.lastEvent';

/** The installed app starts at /door, which opens the check-in page this device used last. */
export function rememberLastDoor(eventId: string): void {
  try {
    localStorage.setItem(LAST_DOOR_KEY, eventId);
  } catch {
    // Not kept: /door then lands on the dashboard.
  }
}

export function lastDoor(): string | null {
  try {
    return localStorage.getItem(LAST_DOOR_KEY);
  } catch {
    return null;
  }
}

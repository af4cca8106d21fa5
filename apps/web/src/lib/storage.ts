import { ZCurrentUser, type TCurrentUser } from '@clubtix/contract';
import { z } from 'zod';

/**
 * Browser persistence of docs/product.md section 3: auth token, current user, events list, current event.
 * Keys are namespaced so the app can share an origin with other tools.
 */
export const STORAGE_KEYS = {
  token: 'clubtix.token',
  currentUser: 'clubtix.currentUser',
  events: 'clubtix.events',
  currentEvent: 'clubtix.currentEvent',
} as const;

// localStorage throws in some privacy modes and is absent outside the browser (unit tests):
// the app then behaves as signed out instead of crashing.
function storage(): Storage | null {
  try {
    return typeof globalThis.localStorage === 'undefined' ? null : globalThis.localStorage;
  } catch {
    return null;
  }
}

function read(key: string): string | null {
  try {
    return storage()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    const store = storage();
    if (!store) return;
    if (value === null) store.removeItem(key);
    else store.setItem(key, value);
  } catch {
    // Quota or privacy errors: the value simply is not kept.
  }
}

/** Parses stored JSON against a schema; anything stale or tampered with counts as absent. */
function readJson<T>(key: string, schema: z.ZodType<T>): T | null {
  const raw = read(key);
  if (raw === null) return null;
  try {
    const parsed = schema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function writeJson(key: string, value: unknown): void {
  write(key, value === null || value === undefined ? null : JSON.stringify(value));
}

export function readToken(): string | null {
  const token = read(STORAGE_KEYS.token);
  return token ? token : null;
}

export function readCurrentUser(): TCurrentUser | null {
  return readJson(STORAGE_KEYS.currentUser, ZCurrentUser);
}

export function writeAuth(token: string, user: TCurrentUser): void {
  write(STORAGE_KEYS.token, token);
  writeJson(STORAGE_KEYS.currentUser, user);
}

export function clearAuth(): void {
  write(STORAGE_KEYS.token, null);
  write(STORAGE_KEYS.currentUser, null);
}

// Events are not in the contract yet; callers pass the schema they expect.
export function readStoredEvents<T>(schema: z.ZodType<T>): T | null {
  return readJson(STORAGE_KEYS.events, schema);
}

export function writeStoredEvents(events: unknown): void {
  writeJson(STORAGE_KEYS.events, events);
}

export function clearStoredEvents(): void {
  write(STORAGE_KEYS.events, null);
}

export function readCurrentEvent<T>(schema: z.ZodType<T>): T | null {
  return readJson(STORAGE_KEYS.currentEvent, schema);
}

export function writeCurrentEvent(event: unknown): void {
  writeJson(STORAGE_KEYS.currentEvent, event);
}

export function clearCurrentEvent(): void {
  write(STORAGE_KEYS.currentEvent, null);
}

const ZStoredId = z.object({ id: z.string() });

/**
 * Forgets a deleted event: it leaves the stored events list (the other events are kept as stored)
 * and, if it was the current event, the current event too, so no screen opens it again.
 */
export function forgetStoredEvent(eventId: string): void {
  const events = readStoredEvents(z.array(z.looseObject({ id: z.string() })));
  if (events) writeStoredEvents(events.filter((event) => event.id !== eventId));
  if (readCurrentEvent(ZStoredId)?.id === eventId) clearCurrentEvent();
}

/** Whether a storage event from another tab touched the session. */
export function isAuthKey(key: string | null): boolean {
  return key === null || key === STORAGE_KEYS.token || key === STORAGE_KEYS.currentUser;
}

import { ROLE_SUDO, type TCurrentUser } from '@clubtix/contract';
import { useSyncExternalStore } from 'react';
import {
  clearAuth,
  clearCurrentEvent,
  clearStoredEvents,
  isAuthKey,
  readCurrentUser,
  readToken,
  writeAuth,
} from '../lib/storage';

/** Signed in means a token is present (docs/product.md section 4); the user is what sign-in returned. */
export interface Session {
  token: string | null;
  user: TCurrentUser | null;
}

const listeners = new Set<() => void>();
let snapshot: Session = load();

function load(): Session {
  return { token: readToken(), user: readCurrentUser() };
}

function publish(): void {
  snapshot = load();
  for (const listener of listeners) listener();
}

export function getSession(): Session {
  return snapshot;
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function signInLocally(token: string, user: TCurrentUser): void {
  writeAuth(token, user);
  publish();
}

/**
 * This browser's part of signing out: the token and what belonged to its user. The sign-out page
 * first ends the session on the server (sign-out.ts); a session the server ended lands here alone.
 */
export function signOutLocally(): void {
  clearAuth();
  // Cached events belong to the user who signed out; the next user must not see them.
  clearStoredEvents();
  clearCurrentEvent();
  publish();
}

export function useSession(): Session {
  return useSyncExternalStore(subscribeSession, getSession, getSession);
}

const elsewhereListeners = new Set<() => void>();

/**
 * Runs when another tab of this browser signs out, or in as someone else: the page this tab shows
 * belongs to a session that is over here too.
 */
export function onSessionChangedElsewhere(listener: () => void): () => void {
  elsewhereListeners.add(listener);
  return () => elsewhereListeners.delete(listener);
}

/**
 * Whether two sessions are one person's: the same user signed in, perhaps with a new token (a
 * password change in another tab answered one, docs/decisions/0019-sessions-and-my-account.md).
 */
function isSameSession(a: Session, b: Session): boolean {
  if (a.token === null || b.token === null) return a.token === b.token;
  return a.user?.id === b.user?.id;
}

// Signing in or out in another tab changes this one too; a new token for the same user is just used.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (!isAuthKey(event.key)) return;
    const before = snapshot;
    publish();
    if (!isSameSession(before, snapshot)) for (const listener of elsewhereListeners) listener();
  });
}

/** An admin manages its own club only; sudo manages every club. */
export function managesClub(clubId: string): boolean {
  const { user } = getSession();
  return user?.role === ROLE_SUDO || user?.clubId === clubId;
}

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetStoredEvent, STORAGE_KEYS } from './storage';

function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, value),
  };
}

const regatta = { id: 'e1', title: 'Summer Regatta', status: 'draft' };
const swim = { id: 'e2', title: 'Night Swim', status: 'published' };
const stored = (key: string): unknown => JSON.parse(localStorage.getItem(key) ?? 'null');

describe('forgetStoredEvent', () => {
  beforeEach(() => {
    vi.stubGlobal('localStorage', memoryStorage());
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('drops the deleted event from the stored list, keeping the others whole, and forgets it as current', () => {
    localStorage.setItem(STORAGE_KEYS.events, JSON.stringify([regatta, swim]));
    localStorage.setItem(STORAGE_KEYS.currentEvent, JSON.stringify(regatta));
    forgetStoredEvent('e1');
    expect(stored(STORAGE_KEYS.events)).toEqual([swim]);
    expect(localStorage.getItem(STORAGE_KEYS.currentEvent)).toBeNull();
  });

  it('keeps another current event', () => {
    localStorage.setItem(STORAGE_KEYS.events, JSON.stringify([regatta, swim]));
    localStorage.setItem(STORAGE_KEYS.currentEvent, JSON.stringify(swim));
    forgetStoredEvent('e1');
    expect(stored(STORAGE_KEYS.currentEvent)).toEqual(swim);
  });

  it('writes nothing when the browser keeps no list, and leaves the session alone', () => {
    localStorage.setItem(STORAGE_KEYS.token, 'token');
    forgetStoredEvent('e1');
    expect(localStorage.getItem(STORAGE_KEYS.events)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('token');
  });

  it('does not throw without a storage (privacy modes, tests outside the browser)', () => {
    vi.unstubAllGlobals();
    expect(() => forgetStoredEvent('e1')).not.toThrow();
  });
});

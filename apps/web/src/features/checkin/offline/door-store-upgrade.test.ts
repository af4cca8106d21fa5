import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { addPending, DOOR_DB_NAME, moveStoredQueue, readPending } from './door-store';
import { isAdmission, QUEUE_STORAGE_KEY, type QueuedAction } from './pending';

const readAdmissions = async (eventId: string) => (await readPending(eventId)).filter(isAdmission);

// What a device kept before the admissions and the door actions became one list (pending.ts): the
// admissions in IndexedDB's version 1, the actions in local storage. Nothing of either is lost.

afterEach(() => {
  vi.unstubAllGlobals();
});

const oldAdmission = {
  id: 'adm-1',
  eventId: 'e1',
  attendeeId: 'att-1',
  at: '2026-05-01T18:00:01.000Z',
  name: 'Ada Lovelace',
  ticketName: 'Adult',
  syncedAt: null,
};

function keepAsVersionOne(): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DOOR_DB_NAME, 1);
    request.onupgradeneeded = () => {
      const db = request.result;
      db.createObjectStore('lists', { keyPath: 'eventId' });
      db.createObjectStore('admissions', { keyPath: 'id' }).createIndex('eventId', 'eventId');
      db.createObjectStore('notices', { keyPath: 'id' }).createIndex('eventId', 'eventId');
      request.transaction?.objectStore('admissions').put(oldAdmission);
    };
    request.onsuccess = () => {
      request.result.close();
      resolve();
    };
    request.onerror = () => reject(request.error ?? new Error('not opened'));
  });
}

function storage(initial: Record<string, string>) {
  const kept = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => kept.get(key) ?? null,
    setItem: (key: string, value: string) => void kept.set(key, value),
    removeItem: (key: string) => void kept.delete(key),
    kept,
  };
}

describe('what an earlier version kept on the device', () => {
  it('reads the admissions of the first store and the actions of local storage, once, into one list', async () => {
    await keepAsVersionOne();
    expect(await readAdmissions('e1')).toEqual([{ ...oldAdmission, kind: 'admit' }]);

    const action: QueuedAction = {
      id: 'q1',
      eventId: 'e1',
      queuedAt: '2026-05-01T18:00:05.000Z',
      label: 'Ticket …123456',
      kind: 'checkin',
      registrationId: 'r1',
      attendeeId: 'att-2',
    };
    const local = storage({ [QUEUE_STORAGE_KEY]: JSON.stringify([action, { kind: 'launch' }]) });
    vi.stubGlobal('localStorage', local);
    await moveStoredQueue();
    await moveStoredQueue();
    expect(local.kept.has(QUEUE_STORAGE_KEY)).toBe(false);
    expect((await readPending('e1')).map((entry) => entry.id)).toEqual(['adm-1', 'q1']);

    // A moved action follows the list's rules like any other: the same check-in again is dropped.
    await addPending({ ...action, id: 'q2', queuedAt: '2026-05-01T18:00:09.000Z' });
    expect(await readPending()).toHaveLength(2);
  });
});

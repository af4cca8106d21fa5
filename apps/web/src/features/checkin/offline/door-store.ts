import type { TDoorList, TEvent } from '@clubtix/contract';
import type { DoorNotice, LocalAdmission } from './door-sync';
import {
  cancelWaiting,
  enqueue,
  inOrder,
  isAdmission,
  markAnswered,
  parseQueue,
  QUEUE_STORAGE_KEY,
  type PendingEntry,
} from './pending';
import { i18n } from '../../../i18n/i18n';

/**
 * The offline door's storage on the device: IndexedDB, which survives a reload, a killed tab and a
 * phone's restart, and holds a list of thousands where local storage would run out
 * (docs/decisions/0037-installable-offline-door.md). Three stores: the prepared list per event,
 * what waits for the server (admissions and door actions alike, pending.ts;
 * docs/decisions/0075-one-offline-door.md), and the notices (duplicates, refusals) waiting to be
 * acknowledged.
 */

export const DOOR_DB_NAME = 'clubtix-door';
/** 2: the admissions' store became 'pending', which holds the door actions too. */
const DOOR_DB_VERSION = 2;

/** What the door page needs of its event when the server cannot be asked. */
export type DoorEvent = Pick<TEvent, 'id' | 'title' | 'timezone'>;

export interface PreparedDoor {
  eventId: string;
  event: DoorEvent;
  list: TDoorList;
}

type StoreName = 'lists' | 'pending' | 'notices';

let opening: Promise<IDBDatabase> | null = null;

function promised<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });
}

function openDoorDb(): Promise<IDBDatabase> {
  if (opening) return opening;
  const attempt = new Promise<IDBDatabase>((resolve, reject) => {
    if (!globalThis.indexedDB) {
      reject(new Error(i18n.t('checkin:offlineList.noStorage')));
      return;
    }
    const request = globalThis.indexedDB.open(DOOR_DB_NAME, DOOR_DB_VERSION);
    request.onupgradeneeded = (change) => {
      const db = request.result;
      if (change.oldVersion < 1) {
        db.createObjectStore('lists', { keyPath: 'eventId' });
        db.createObjectStore('notices', { keyPath: 'id' }).createIndex('eventId', 'eventId');
      }
      const pending = db.createObjectStore('pending', { keyPath: 'id' });
      pending.createIndex('eventId', 'eventId');
      if (change.oldVersion === 1) movePendingAdmissions(db, request.transaction, pending);
    };
    request.onsuccess = () => {
      const db = request.result;
      // Another tab with a newer version of the app asks to upgrade: let it, and open again next time.
      db.onversionchange = () => {
        db.close();
        opening = null;
      };
      resolve(db);
    };
    request.onerror = () => reject(request.error ?? new Error('IndexedDB could not be opened'));
    request.onblocked = () => reject(new Error('IndexedDB is blocked by another tab'));
  });
  opening = attempt;
  // A failed open (private mode, storage refused) is tried again on the next call.
  attempt.catch(() => {
    if (opening === attempt) opening = null;
  });
  return attempt;
}

/** Version 1 kept the admissions alone: they move, marked as such, in the upgrade's own transaction. */
function movePendingAdmissions(db: IDBDatabase, upgrade: IDBTransaction | null, pending: IDBObjectStore): void {
  if (!upgrade) return;
  const read = upgrade.objectStore('admissions').getAll() as IDBRequest<Omit<LocalAdmission, 'kind'>[]>;
  read.onsuccess = () => {
    for (const admission of read.result) pending.put({ ...admission, kind: 'admit' });
    db.deleteObjectStore('admissions');
  };
}

/** Runs `work` in one transaction and resolves once it has committed (durable, not just queued). */
async function transact<T>(
  stores: StoreName[],
  mode: IDBTransactionMode,
  work: (tx: IDBTransaction) => Promise<T> | T,
): Promise<T> {
  const db = await openDoorDb();
  const tx = db.transaction(stores, mode);
  const done = new Promise<void>((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
    tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
  });
  const result = await work(tx);
  await done;
  return result;
}

const byEvent = <T>(tx: IDBTransaction, store: StoreName, eventId: string) =>
  promised(tx.objectStore(store).index('eventId').getAll(eventId) as IDBRequest<T[]>);

/**
 * The list prepared for the event, or null. A list kept by an older version of the app held the short
 * codes in plain text (docs/decisions/0062-hashed-door-list.md): it is forgotten, to be prepared again.
 */
export function readPrepared(eventId: string): Promise<PreparedDoor | null> {
  return transact(['lists'], 'readwrite', async (tx) => {
    const store = tx.objectStore('lists');
    const found = (await promised(store.get(eventId))) as PreparedDoor | undefined;
    if (found && !found.list.hashing) {
      store.delete(eventId);
      return null;
    }
    return found ?? null;
  });
}

export function savePrepared(prepared: PreparedDoor): Promise<void> {
  return transact(['lists'], 'readwrite', (tx) => {
    tx.objectStore('lists').put(prepared);
  });
}

/** What waits or was admitted here, of one event or of every event, in the order it happened. */
export async function readPending(eventId?: string): Promise<PendingEntry[]> {
  const entries = await transact(['pending'], 'readonly', (tx) =>
    eventId === undefined
      ? promised(tx.objectStore('pending').getAll() as IDBRequest<PendingEntry[]>)
      : byEvent<PendingEntry>(tx, 'pending', eventId),
  );
  return inOrder(entries);
}

/**
 * Changes what waits by one of pending.ts's rules, inside a transaction of the caller's, so two tabs
 * never overwrite each other's entries. Writes only what changed; answers the entries before and after.
 */
async function applyChange(
  tx: IDBTransaction,
  change: (pending: PendingEntry[]) => PendingEntry[],
): Promise<{ before: PendingEntry[]; after: PendingEntry[] }> {
  const store = tx.objectStore('pending');
  const before = inOrder(await promised(store.getAll() as IDBRequest<PendingEntry[]>));
  const after = change(before);
  const ids = new Set(after.map((entry) => entry.id));
  for (const entry of before) if (!ids.has(entry.id)) store.delete(entry.id);
  const unchanged = new Set(before);
  for (const entry of after) if (!unchanged.has(entry)) store.put(entry);
  return { before, after };
}

async function changePending(change: (pending: PendingEntry[]) => PendingEntry[]) {
  const result = await transact(['pending'], 'readwrite', (tx) => applyChange(tx, change));
  announceChange();
  return result;
}

/**
 * Keeps an entry by enqueue's rules. Answers the entry that counts: for an admission, the one this
 * device already holds for the attendee, if any (two tabs scanning one ticket keep one).
 */
export async function addPending<T extends PendingEntry>(entry: T): Promise<T> {
  const { after } = await changePending((pending) => enqueue(pending, entry));
  if (!isAdmission(entry)) return entry;
  const counted = after.find(
    (kept) => isAdmission(kept) && kept.eventId === entry.eventId && kept.attendeeId === entry.attendeeId,
  );
  return (counted as T | undefined) ?? entry;
}

/** Undoes an admission not yet synced; one already sent is the server's to undo. */
export async function removeWaitingAdmission(id: string): Promise<boolean> {
  const { before, after } = await changePending((pending) => cancelWaiting(pending, id));
  return after.length < before.length;
}

/**
 * Records the server's answers (admissions marked synced, actions gone) and keeps the notices, in one
 * transaction: all or nothing.
 */
export async function recordSyncAnswer(answeredIds: readonly string[], notices: readonly DoorNotice[], at: string) {
  await transact(['pending', 'notices'], 'readwrite', async (tx) => {
    await applyChange(tx, (pending) => markAnswered(pending, new Set(answeredIds), at));
    for (const notice of notices) tx.objectStore('notices').put(notice);
  });
  announceChange();
}

/**
 * Moves the door actions an earlier version kept in local storage into the store, once; an id
 * already there is not added twice (two tabs moving them at once).
 */
export async function moveStoredQueue(): Promise<void> {
  let raw: string | null;
  try {
    raw = globalThis.localStorage?.getItem(QUEUE_STORAGE_KEY) ?? null;
  } catch {
    return;
  }
  const actions = parseQueue(raw);
  if (actions.length > 0)
    await changePending((pending) => {
      const ids = new Set(pending.map((entry) => entry.id));
      return [...pending, ...actions.filter((action) => !ids.has(action.id))];
    });
  try {
    globalThis.localStorage?.removeItem(QUEUE_STORAGE_KEY);
  } catch {
    // Read but not removed: the next move finds the same ids and adds nothing.
  }
}

export function readNotices(eventId: string): Promise<DoorNotice[]> {
  return transact(['notices'], 'readonly', (tx) => byEvent<DoorNotice>(tx, 'notices', eventId));
}

export async function acknowledgeNotices(ids: readonly string[]): Promise<void> {
  await transact(['notices'], 'readwrite', (tx) => {
    for (const id of ids) tx.objectStore('notices').delete(id);
  });
  announceChange();
}

/**
 * Forgets every prepared door list on this device (signing out): a list left behind would let the next
 * person holding the phone see who is coming. What waits for the server (admissions, actions) stays, so
 * it still reaches the server at the next sync.
 */
export async function forgetDoorLists(): Promise<void> {
  await transact(['lists'], 'readwrite', (tx) => {
    tx.objectStore('lists').clear();
  });
  announceChange();
}

let channel: BroadcastChannel | null | undefined;

/**
 * One channel per tab, to announce and to listen: a BroadcastChannel does not hear its own messages,
 * so a tab hears only the others'.
 */
function doorChannel(): BroadcastChannel | null {
  if (channel === undefined) {
    channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel('clubtix-door');
  }
  return channel;
}

/** Tells this device's other tabs that the store changed: IndexedDB has no change event of its own. */
function announceChange(): void {
  doorChannel()?.postMessage('changed');
}

/** Calls `listener` when another tab of this device changed the store; answers how to stop. */
export function onOtherTabChange(listener: () => void): () => void {
  const listening = doorChannel();
  listening?.addEventListener('message', listener);
  return () => listening?.removeEventListener('message', listener);
}

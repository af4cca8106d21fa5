import type { TDoorList, TEvent } from '@clubtix/contract';
import type { DoorNotice, LocalAdmission } from './door-sync';
import { i18n } from '../../../i18n/i18n';

/**
 * The offline door's storage on the device: IndexedDB, which survives a reload, a killed tab and a
 * phone's restart, and holds a list of thousands where local storage would run out
 * (docs/decisions/0037-installable-offline-door.md). Three stores: the prepared list per event, the
 * admissions made offline, and the notices (duplicates, refusals) waiting to be acknowledged.
 */

export const DOOR_DB_NAME = 'clubtix-door';
const DOOR_DB_VERSION = 1;

/** What the door page needs of its event when the server cannot be asked. */
export type DoorEvent = Pick<TEvent, 'id' | 'title' | 'timezone'>;

export interface PreparedDoor {
  eventId: string;
  event: DoorEvent;
  list: TDoorList;
}

type StoreName = 'lists' | 'admissions' | 'notices';

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
    request.onupgradeneeded = () => {
      const db = request.result;
      db.createObjectStore('lists', { keyPath: 'eventId' });
      db.createObjectStore('admissions', { keyPath: 'id' }).createIndex('eventId', 'eventId');
      db.createObjectStore('notices', { keyPath: 'id' }).createIndex('eventId', 'eventId');
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

export function readAdmissions(eventId: string): Promise<LocalAdmission[]> {
  return transact(['admissions'], 'readonly', (tx) => byEvent<LocalAdmission>(tx, 'admissions', eventId));
}

/**
 * Keeps an admission unless this device already holds one for the attendee, checked in the same
 * transaction so two tabs scanning one ticket keep one. Answers the admission that counts.
 */
export function addAdmission(admission: LocalAdmission): Promise<LocalAdmission> {
  return transact(['admissions'], 'readwrite', async (tx) => {
    const existing = (await byEvent<LocalAdmission>(tx, 'admissions', admission.eventId)).find(
      (kept) => kept.attendeeId === admission.attendeeId,
    );
    if (existing) return existing;
    tx.objectStore('admissions').add(admission);
    return admission;
  });
}

/** Undoes an admission not yet synced; one already sent is the server's to undo. */
export function removeWaitingAdmission(id: string): Promise<boolean> {
  return transact(['admissions'], 'readwrite', async (tx) => {
    const store = tx.objectStore('admissions');
    const found = (await promised(store.get(id))) as LocalAdmission | undefined;
    if (!found || found.syncedAt !== null) return false;
    store.delete(id);
    return true;
  });
}

/** Marks answered admissions synced and keeps the notices, in one transaction: all or nothing. */
export function recordSyncAnswer(answeredIds: readonly string[], notices: readonly DoorNotice[], at: string) {
  return transact(['admissions', 'notices'], 'readwrite', async (tx) => {
    const admissions = tx.objectStore('admissions');
    for (const id of answeredIds) {
      const found = (await promised(admissions.get(id))) as LocalAdmission | undefined;
      if (found) admissions.put({ ...found, syncedAt: at });
    }
    for (const notice of notices) tx.objectStore('notices').put(notice);
  });
}

export function readNotices(eventId: string): Promise<DoorNotice[]> {
  return transact(['notices'], 'readonly', (tx) => byEvent<DoorNotice>(tx, 'notices', eventId));
}

export function acknowledgeNotices(ids: readonly string[]): Promise<void> {
  return transact(['notices'], 'readwrite', (tx) => {
    for (const id of ids) tx.objectStore('notices').delete(id);
  });
}

/**
 * Forgets every prepared door list on this device (signing out): a list left behind would let the next
 * person holding the phone see who is coming. The admissions made offline stay, so they still reach
 * the server at the next sync.
 */
export function forgetDoorLists(): Promise<void> {
  return transact(['lists'], 'readwrite', (tx) => {
    tx.objectStore('lists').clear();
  });
}

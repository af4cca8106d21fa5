import { endpoints, type TDoorListAttendee } from '@clubtix/contract';
import { useNetwork } from '@mantine/hooks';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { isApiError } from '../../../api/api-error';
import { callApi } from '../../../api/client';
import { useRefreshDoorData } from '../api';
import { isConnectionFailure } from '../scan-outcome';
import { readDevice, saveDeviceName, type DoorDevice } from './device';
import {
  acknowledgeNotices,
  addAdmission,
  readAdmissions,
  readNotices,
  readPrepared,
  recordSyncAnswer,
  removeWaitingAdmission,
  savePrepared,
  type DoorEvent,
  type PreparedDoor,
} from './door-store';
import {
  applySyncResults,
  newAdmission,
  syncBatches,
  addToSummary,
  type SyncSummary,
  waitingOf,
  type DoorNotice,
  type LocalAdmission,
} from './door-sync';
import { doorHasher, loadScrypt } from './door-hash';
import { checkOffline, indexDoorList, type OfflineVerdict } from './offline-check';
import { i18n } from '../../../i18n/i18n';

/** A sync retried on a timer while admissions wait: `online` is not fired on a Wi-Fi that reaches nothing. */
export const SYNC_RETRY_MS = 15_000;
/** A sync of 2,000 may take longer than a scan's 8 s on a poor line. */
const LONG_CALL_MS = 30_000;
/**
 * A list waits for the server to make the slow hashes of tickets new to it: once for the whole list
 * the first time (about a minute and a half for 10,000 tickets on two cores, docs/performance.md
 * "The door list's hashes"), then only for the tickets bought or imported since.
 */
const LIST_CALL_MS = 5 * 60_000;
const SYNC_LOCK = 'clubtix-door-sync';
/** How often an open, online door reads its prepared list again. */
export const LIST_REFRESH_MS = 5 * 60_000;

const newId = () => globalThis.crypto.randomUUID();

/** Runs `work` alone across this device's tabs (Web Locks), or plainly where the browser has none. */
function exclusively(work: () => Promise<void>): Promise<void> {
  const locks = globalThis.navigator?.locks;
  return locks ? locks.request(SYNC_LOCK, work) : work();
}

interface Stored {
  prepared: PreparedDoor | null;
  admissions: LocalAdmission[];
  notices: DoorNotice[];
}

async function readStored(eventId: string): Promise<Stored> {
  const [prepared, admissions, notices] = await Promise.all([
    readPrepared(eventId),
    readAdmissions(eventId),
    readNotices(eventId),
  ]);
  return { prepared, admissions, notices: notices.sort((a, b) => a.admittedHereAt.localeCompare(b.admittedHereAt)) };
}

/**
 * The offline door of one event (docs/product.md section 20): the prepared list, the admissions made
 * offline and their sync, and the notices the sync brought back. Everything lives in IndexedDB
 * (door-store.ts) and is read back after each change, so a reload or a second tab shows the same.
 */
export function useOfflineDoor(eventId: string) {
  const { online } = useNetwork();
  const [prepared, setPrepared] = useState<PreparedDoor | null | undefined>(undefined);
  const [admissions, setAdmissions] = useState<LocalAdmission[]>([]);
  const [notices, setNotices] = useState<DoorNotice[]>([]);
  const [device, setDevice] = useState<DoorDevice>(readDevice);
  const [isPreparing, setIsPreparing] = useState(false);
  const [isSyncing, setIsSyncing] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  /** What the last sync that sent admissions did, said on the door's status line. */
  const [lastSync, setLastSync] = useState<SyncSummary | null>(null);
  const syncing = useRef(false);
  const refresh = useRefreshDoorData(eventId);

  const show = useCallback((stored: Stored) => {
    setPrepared(stored.prepared);
    setAdmissions(stored.admissions);
    setNotices(stored.notices);
  }, []);
  const reload = useCallback(async () => show(await readStored(eventId)), [eventId, show]);

  useEffect(() => {
    let live = true;
    readStored(eventId).then(
      (stored) => {
        if (live) show(stored);
      },
      (error: unknown) => {
        if (!live) return;
        setPrepared(null);
        setProblem(error instanceof Error ? error.message : i18n.t('checkin:offlineList.unreadable'));
      },
    );
    return () => {
      live = false;
    };
  }, [eventId, show]);

  const index = useMemo(() => (prepared ? indexDoorList(prepared.list) : null), [prepared]);
  const hasher = useMemo(() => (prepared ? doorHasher(prepared.list.hashing) : null), [prepared]);
  const isPrepared = Boolean(prepared);
  useEffect(() => {
    // Fetched while the network is there, so the offline check has its scrypt when it is not.
    if (isPrepared) loadScrypt().catch(() => undefined);
  }, [isPrepared]);
  const admittedHere = useMemo(
    () => new Map(admissions.map((admission) => [admission.attendeeId, admission.at])),
    [admissions],
  );
  const waiting = useMemo(() => waitingOf(admissions), [admissions]);

  const prepare = async (event: DoorEvent) => {
    setIsPreparing(true);
    setProblem(null);
    try {
      const list = await callApi(endpoints.checkin.getDoorList, {
        query: { eventId },
        suppressToast: true,
        signal: AbortSignal.timeout(LIST_CALL_MS),
      });
      await savePrepared({ eventId, event: { id: event.id, title: event.title, timezone: event.timezone }, list });
      await reload();
    } catch (error) {
      setProblem(
        isConnectionFailure(error)
          ? i18n.t('checkin:offlineList.prepareOffline')
          : isApiError(error)
            ? error.msg
            : i18n.t('checkin:offlineList.notKept'),
      );
    } finally {
      setIsPreparing(false);
    }
  };

  // A prepared list is read again now and then while online, so check-ins made since (online, or
  // synced by other devices) are known if the network goes. Quietly: the list in hand still serves.
  const { id: preparedId, title, timezone } = prepared?.event ?? { id: null, title: '', timezone: '' };
  useEffect(() => {
    if (!preparedId || !online) return;
    const preparedEvent = { id: preparedId, title, timezone };
    const timer = window.setInterval(() => {
      callApi(endpoints.checkin.getDoorList, {
        query: { eventId },
        suppressToast: true,
        signal: AbortSignal.timeout(LIST_CALL_MS),
      })
        .then((list) => savePrepared({ eventId, event: preparedEvent, list }))
        .then(reload)
        .catch(() => undefined);
    }, LIST_REFRESH_MS);
    return () => window.clearInterval(timer);
  }, [eventId, preparedId, title, timezone, online, reload]);

  /** The verdict on a scan; null when no list was prepared (the door then works as before). */
  const check = async (text: string): Promise<OfflineVerdict | null> =>
    index && hasher ? checkOffline(text, index, admittedHere, hasher) : null;

  /**
   * Lets a checked attendee in. Answers the admission that counts: `isNew` false when another tab of
   * this device admitted them first.
   */
  const admit = async (attendee: TDoorListAttendee): Promise<{ admission: LocalAdmission; isNew: boolean }> => {
    const fresh = newAdmission(eventId, attendee, new Date(), newId());
    const admission = await addAdmission(fresh);
    await reload();
    return { admission, isNew: admission.id === fresh.id };
  };

  const undoAdmission = async (id: string): Promise<boolean> => {
    const removed = await removeWaitingAdmission(id);
    await reload();
    return removed;
  };

  const sync = useCallback(async () => {
    if (syncing.current) return;
    syncing.current = true;
    setIsSyncing(true);
    try {
      await exclusively(async () => {
        // Read again inside the lock: another tab may have synced some meanwhile.
        const pending = waitingOf(await readAdmissions(eventId));
        let summary: SyncSummary | null = null;
        for (const batch of syncBatches(eventId, readDevice(), pending)) {
          const { results } = await callApi(endpoints.checkin.sync, {
            body: batch.body,
            suppressToast: true,
            signal: AbortSignal.timeout(LONG_CALL_MS),
          });
          // Only an answer takes an admission out of the queue; a call that failed keeps them all.
          const { answeredIds, notices: found } = applySyncResults(batch.admissions, results, newId);
          const at = new Date().toISOString();
          await recordSyncAnswer(answeredIds, found, at);
          summary = addToSummary(summary ?? { stored: 0, duplicates: 0, rejected: 0, at }, results, at);
          setLastSync(summary);
        }
      });
      setProblem(null);
    } catch (error) {
      if (!isConnectionFailure(error))
        setProblem(
          isApiError(error)
            ? i18n.t('checkin:offlineList.syncRefused', { reason: error.msg })
            : i18n.t('checkin:offlineList.syncFailed'),
        );
    } finally {
      syncing.current = false;
      setIsSyncing(false);
      await reload().catch(() => undefined);
      refresh();
    }
  }, [eventId, reload, refresh]);

  const hasWaiting = waiting.length > 0;
  useEffect(() => {
    if (!hasWaiting || !online) return;
    // Back online (or opened online with admissions waiting): sync now, then on a timer until done.
    const now = window.setTimeout(() => void sync(), 0);
    const timer = window.setInterval(() => void sync(), SYNC_RETRY_MS);
    return () => {
      window.clearTimeout(now);
      window.clearInterval(timer);
    };
  }, [hasWaiting, online, sync]);

  const acknowledge = async (ids: readonly string[]) => {
    await acknowledgeNotices(ids);
    await reload();
  };

  const renameDevice = (name: string) => setDevice({ ...readDevice(), deviceName: saveDeviceName(name) });

  return {
    online,
    /** undefined while reading the device's storage. */
    prepared,
    admissions,
    waiting,
    notices,
    device,
    isPreparing,
    isSyncing,
    problem,
    lastSync,
    prepare,
    check,
    admit,
    undoAdmission,
    sync,
    acknowledge,
    renameDevice,
  };
}

export type OfflineDoor = ReturnType<typeof useOfflineDoor>;

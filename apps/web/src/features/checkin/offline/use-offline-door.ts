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
  addPending,
  moveStoredQueue,
  onOtherTabChange,
  readNotices,
  readPending,
  readPrepared,
  removeWaitingAdmission,
  savePrepared,
  type DoorEvent,
  type PreparedDoor,
} from './door-store';
import { addToSummary, newAdmission, type DoorNotice, type LocalAdmission, type SyncSummary } from './door-sync';
import { countForEvent, isAdmission, isWaiting, type PendingEntry, type QueuedAction } from './pending';
import { sendPending, type ActionReplayer } from './send-pending';
import { doorHasher, loadScrypt } from './door-hash';
import { checkOffline, indexDoorList, type OfflineVerdict } from './offline-check';
import { i18n } from '../../../i18n/i18n';

/**
 * What waits is sent again on a timer, not only on the browser's `online` event: navigator.onLine
 * says true on a Wi-Fi that reaches nothing.
 */
export const SYNC_RETRY_MS = 15_000;
/** Something that just waits because a call failed would fail again at once: the first retry waits a moment. */
const FIRST_RETRY_MS = 3_000;
/**
 * A list waits for the server to make the slow hashes of tickets new to it: once for the whole list
 * the first time (about a minute and a half for 10,000 tickets on two cores, docs/performance.md
 * "The door list's hashes"), then only for the tickets bought or imported since.
 */
const LIST_CALL_MS = 5 * 60_000;
/** How often an open, online door reads its prepared list again. */
export const LIST_REFRESH_MS = 5 * 60_000;

const newId = () => globalThis.crypto.randomUUID();

interface Stored {
  prepared: PreparedDoor | null;
  /** Every event's: actions of another event are sent from this door too, as they always were. */
  pending: PendingEntry[];
  notices: DoorNotice[];
}

async function readStored(eventId: string): Promise<Stored> {
  const [prepared, pending, notices] = await Promise.all([readPrepared(eventId), readPending(), readNotices(eventId)]);
  return { prepared, pending, notices: notices.sort((a, b) => a.admittedHereAt.localeCompare(b.admittedHereAt)) };
}

const syncProblem = (error: unknown) =>
  isApiError(error)
    ? i18n.t('checkin:offlineList.syncRefused', { reason: error.msg })
    : i18n.t('checkin:offlineList.syncFailed');

/**
 * The offline door of one event (docs/product.md section 20): the prepared list, what this device did
 * that the server has not heard yet (admissions from the list and door actions whose call found no
 * connection, pending.ts) and its one way to the server, and the notices the sync brought back.
 * Everything lives in IndexedDB (door-store.ts) and is read back after each change and when another
 * tab changes it, so a reload or a second tab shows the same.
 */
export function useOfflineDoor(eventId: string) {
  const { online } = useNetwork();
  const [prepared, setPrepared] = useState<PreparedDoor | null | undefined>(undefined);
  const [pending, setPending] = useState<PendingEntry[]>([]);
  const [notices, setNotices] = useState<DoorNotice[]>([]);
  const [device, setDevice] = useState<DoorDevice>(readDevice);
  const [isPreparing, setIsPreparing] = useState(false);
  const [isSyncing, setIsSyncing] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  /** What the last sync that sent admissions did, said on the door's status line. */
  const [lastSync, setLastSync] = useState<SyncSummary | null>(null);
  const syncing = useRef(false);
  const replayer = useRef<ActionReplayer | null>(null);
  const refresh = useRefreshDoorData(eventId);

  const show = useCallback((stored: Stored) => {
    setPrepared(stored.prepared);
    setPending(stored.pending);
    setNotices(stored.notices);
  }, []);
  const reload = useCallback(async () => show(await readStored(eventId)), [eventId, show]);

  useEffect(() => {
    let live = true;
    // A queue an earlier version kept in local storage joins the store before the first read.
    moveStoredQueue()
      .catch(() => undefined)
      .then(() => readStored(eventId))
      .then(
        (stored) => {
          if (live) show(stored);
        },
        (error: unknown) => {
          if (!live) return;
          setPrepared(null);
          setProblem(error instanceof Error ? error.message : i18n.t('checkin:offlineList.unreadable'));
        },
      );
    const stopListening = onOtherTabChange(() => {
      readStored(eventId).then(
        (stored) => live && show(stored),
        () => undefined,
      );
    });
    return () => {
      live = false;
      stopListening();
    };
  }, [eventId, show]);

  const index = useMemo(() => (prepared ? indexDoorList(prepared.list) : null), [prepared]);
  const hasher = useMemo(() => (prepared ? doorHasher(prepared.list.hashing) : null), [prepared]);
  const isPrepared = Boolean(prepared);
  useEffect(() => {
    // Fetched while the network is there, so the offline check has its scrypt when it is not.
    if (isPrepared) loadScrypt().catch(() => undefined);
  }, [isPrepared]);
  const admissions = useMemo(
    () => pending.filter((entry): entry is LocalAdmission => isAdmission(entry) && entry.eventId === eventId),
    [pending, eventId],
  );
  const admittedHere = useMemo(
    () => new Map(admissions.map((admission) => [admission.attendeeId, admission.at])),
    [admissions],
  );
  const waiting = useMemo(() => admissions.filter(isWaiting), [admissions]);

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
    const admission = await addPending(fresh);
    await reload();
    return { admission, isNew: admission.id === fresh.id };
  };

  const undoAdmission = async (id: string): Promise<boolean> => {
    const removed = await removeWaitingAdmission(id);
    await reload();
    return removed;
  };

  /** Keeps a door action whose call found no connection, to be sent with the rest. */
  const enqueue = async (action: QueuedAction) => {
    await addPending(action);
    await reload();
  };

  /** Sends what waits (send-pending.ts); the status line says what this event's syncs did. */
  const sync = useCallback(async () => {
    if (syncing.current) return;
    syncing.current = true;
    setIsSyncing(true);
    try {
      let summary: SyncSummary | null = null;
      const { refused } = await sendPending(replayer.current, (syncedEvent, results, at) => {
        if (syncedEvent !== eventId) return;
        summary = addToSummary(summary ?? { stored: 0, duplicates: 0, rejected: 0, at }, results, at);
        setLastSync(summary);
      });
      setProblem(refused === null ? null : syncProblem(refused));
    } catch (error) {
      if (!isConnectionFailure(error)) setProblem(syncProblem(error));
    } finally {
      syncing.current = false;
      setIsSyncing(false);
      await reload().catch(() => undefined);
      refresh();
    }
  }, [eventId, reload, refresh]);

  const hasWaiting = pending.some(isWaiting);
  useEffect(() => {
    const onOnline = () => void sync();
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, [sync]);
  useEffect(() => {
    if (!hasWaiting || !online) return;
    const soon = window.setTimeout(() => void sync(), FIRST_RETRY_MS);
    const timer = window.setInterval(() => void sync(), SYNC_RETRY_MS);
    return () => {
      window.clearTimeout(soon);
      window.clearInterval(timer);
    };
  }, [hasWaiting, online, sync]);

  /** The door page gives how actions are sent and answered; answers how to take it back. */
  const replayWith = useCallback((given: ActionReplayer) => {
    replayer.current = given;
    return () => {
      if (replayer.current === given) replayer.current = null;
    };
  }, []);

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
    /** This event's admissions still to sync. */
    waiting,
    /** This event's door actions still to send (the queue status's count). */
    queued: countForEvent(pending.filter(isWaiting), eventId),
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
    enqueue,
    sync,
    replayWith,
    acknowledge,
    renameDevice,
  };
}

export type OfflineDoor = ReturnType<typeof useOfflineDoor>;

import { useCallback, useEffect, useRef, useState } from 'react';
import {
  countForEvent,
  drainQueue,
  enqueue,
  parseQueue,
  QUEUE_STORAGE_KEY,
  removeFromQueue,
  serializeQueue,
  type QueuedAction,
  type Settled,
} from './offline-queue';
import { isConnectionFailure } from './scan-outcome';

/**
 * navigator.onLine says true on a Wi-Fi that reaches nothing, so the queue is also tried on a
 * timer while it holds anything, not only on the browser's `online` event.
 */
export const RETRY_EVERY_MS = 15_000;
const FIRST_RETRY_MS = 3_000;

function readStored(): QueuedAction[] {
  try {
    return parseQueue(globalThis.localStorage?.getItem(QUEUE_STORAGE_KEY) ?? null);
  } catch {
    return [];
  }
}

function writeStored(queue: QueuedAction[]): void {
  try {
    if (queue.length === 0) globalThis.localStorage?.removeItem(QUEUE_STORAGE_KEY);
    else globalThis.localStorage?.setItem(QUEUE_STORAGE_KEY, serializeQueue(queue));
  } catch {
    // Storage full or blocked: the queue still lives in memory for as long as the page is open.
  }
}

interface OfflineQueueOptions<R> {
  eventId: string;
  perform: (action: QueuedAction) => Promise<R>;
  onSettled: (settled: Settled<R>[]) => void;
}

/**
 * The stored queue of door actions and its retries. Every change re-reads local storage first, so
 * two tabs on one device do not overwrite each other's entries.
 */
export function useOfflineQueue<R>({ eventId, perform, onSettled }: OfflineQueueOptions<R>) {
  const [queue, setQueue] = useState<QueuedAction[]>(readStored);
  const [isSending, setIsSending] = useState(false);
  const sendingRef = useRef(false);
  const handlers = useRef({ perform, onSettled });
  useEffect(() => {
    handlers.current = { perform, onSettled };
  });

  const update = useCallback((change: (queue: QueuedAction[]) => QueuedAction[]) => {
    const next = change(readStored());
    writeStored(next);
    setQueue(next);
  }, []);

  const add = useCallback((action: QueuedAction) => update((current) => enqueue(current, action)), [update]);

  const send = useCallback(async () => {
    if (sendingRef.current) return;
    const pending = readStored();
    if (pending.length === 0) return;
    sendingRef.current = true;
    setIsSending(true);
    try {
      const { settled } = await drainQueue(pending, (action) => handlers.current.perform(action), isConnectionFailure);
      // Actions queued while this run was sending stay: only the answered ones leave.
      update((current) => removeFromQueue(current, new Set(settled.map((entry) => entry.action.id))));
      if (settled.length > 0) handlers.current.onSettled(settled);
    } finally {
      sendingRef.current = false;
      setIsSending(false);
    }
  }, [update]);

  const hasQueue = queue.length > 0;
  useEffect(() => {
    const onOnline = () => void send();
    const onStorage = (event: StorageEvent) => {
      if (event.key === QUEUE_STORAGE_KEY || event.key === null) setQueue(readStored());
    };
    window.addEventListener('online', onOnline);
    window.addEventListener('storage', onStorage);
    return () => {
      window.removeEventListener('online', onOnline);
      window.removeEventListener('storage', onStorage);
    };
  }, [send]);

  useEffect(() => {
    if (!hasQueue) return;
    // A queue found on opening the page is tried soon; one that just grew because a call failed
    // would fail again at once, so the first retry waits a moment.
    const soon = window.setTimeout(() => void send(), FIRST_RETRY_MS);
    const timer = window.setInterval(() => {
      if (navigator.onLine !== false) void send();
    }, RETRY_EVERY_MS);
    return () => {
      window.clearTimeout(soon);
      window.clearInterval(timer);
    };
  }, [hasQueue, send]);

  return {
    /** Waiting actions of this event (the queue may also hold other events' actions). */
    count: countForEvent(queue, eventId),
    total: queue.length,
    isSending,
    add,
    send,
  };
}

import { SYNC_MAX_CHECKINS, type TSyncRequest } from '@clubtix/contract';
import { z } from 'zod';
import { syncBatches, type LocalAdmission } from './door-sync';

/**
 * What this device did at the door that the server has not heard yet, in one list: the admissions
 * made from the prepared list, and the door actions whose call found no connection (a check-in
 * tapped, an undo, a ticket or voucher scanned with "Check in on scan"). Pure: the store
 * (door-store.ts) keeps the list in IndexedDB and the hook (use-offline-door.ts) sends it, all of it
 * along one path (sendSteps, drainQueue), so the door has one rule for "offline, and later".
 */

/** Past this, the oldest actions give way: a queue that never drains must not fill the storage. */
export const MAX_QUEUE_LENGTH = 2000;

const ZBase = z.object({ id: z.string(), eventId: z.string(), queuedAt: z.string(), label: z.string() });

export const ZQueuedAction = z.discriminatedUnion('kind', [
  /** A ticket scanned offline: read again when back online, then checked in unless it already is. */
  ZBase.extend({ kind: z.literal('scan'), text: z.string(), attendeeId: z.string() }),
  /** "Check in" pressed on a ticket already read. */
  ZBase.extend({ kind: z.literal('checkin'), registrationId: z.string(), attendeeId: z.string() }),
  ZBase.extend({ kind: z.literal('undo'), attendeeId: z.string() }),
  /** An extras voucher scanned offline: redeemed when back online. */
  ZBase.extend({ kind: z.literal('extras'), text: z.string() }),
]);
/** A door action the server must answer one by one (its answer goes to the door's history). */
export type QueuedAction = z.infer<typeof ZQueuedAction>;

/** Anything kept for the server: an action, or an admission (sent with others by POST /checkin/sync). */
export type PendingEntry = QueuedAction | LocalAdmission;

export const isAdmission = (entry: PendingEntry): entry is LocalAdmission => entry.kind === 'admit';

/**
 * Whether the server still has to hear of it. An answered admission stays on the device, as the
 * memory of who was let in here (offline-check.ts's "already in on this device"); an answered action
 * leaves.
 */
export const isWaiting = (entry: PendingEntry): boolean => !isAdmission(entry) || entry.syncedAt === null;

const timeOf = (entry: PendingEntry) => (isAdmission(entry) ? entry.at : entry.queuedAt);

/** In the order they happened (the store reads them in key order). Stable: equal times keep their order. */
export function inOrder(entries: readonly PendingEntry[]): PendingEntry[] {
  return [...entries].sort((a, b) => timeOf(a).localeCompare(timeOf(b)));
}

/** The attendee an entry is about; null for extras vouchers. */
function attendeeOf(entry: PendingEntry): string | null {
  return entry.kind === 'extras' ? null : entry.attendeeId;
}

const checksIn = (entry: PendingEntry) =>
  entry.kind === 'scan' || entry.kind === 'checkin' || (isAdmission(entry) && entry.syncedAt === null);

function withinLimit(entries: PendingEntry[]): PendingEntry[] {
  let over = entries.filter((entry) => !isAdmission(entry)).length - MAX_QUEUE_LENGTH;
  // Admissions never give way: each is someone let in, which the server must hear of.
  return over <= 0 ? entries : entries.filter((entry) => isAdmission(entry) || over-- <= 0);
}

/**
 * Adds an entry, keeping the list meaningful rather than literal: one admission per attendee of an
 * event on a device (a second tab admitting the same ticket keeps the first); a second check-in of
 * the same attendee (the same code scanned twice) or the same voucher is dropped; and undoing a
 * check-in that is still waiting cancels it instead of keeping both.
 */
export function enqueue(pending: readonly PendingEntry[], entry: PendingEntry): PendingEntry[] {
  const attendeeId = attendeeOf(entry);
  const waiting = pending.filter(isWaiting);
  if (isAdmission(entry)) {
    const admitted = pending.some(
      (kept) => isAdmission(kept) && kept.eventId === entry.eventId && kept.attendeeId === attendeeId,
    );
    if (admitted) return [...pending];
  } else if (entry.kind === 'undo') {
    const checkin = waiting.findLast((kept) => checksIn(kept) && attendeeOf(kept) === attendeeId);
    const undoneSince = waiting.findLastIndex((kept) => kept.kind === 'undo' && kept.attendeeId === attendeeId);
    if (checkin && waiting.indexOf(checkin) > undoneSince) return pending.filter((kept) => kept !== checkin);
  } else if (entry.kind === 'extras') {
    if (waiting.some((kept) => kept.kind === 'extras' && kept.text === entry.text)) return [...pending];
  } else {
    const lastForAttendee = waiting.findLast((kept) => attendeeOf(kept) === attendeeId);
    if (lastForAttendee && checksIn(lastForAttendee)) return [...pending];
  }
  return withinLimit([...pending, entry]);
}

/** Takes back an admission the server has not heard of yet; one already synced is the server's to undo. */
export function cancelWaiting(pending: readonly PendingEntry[], id: string): PendingEntry[] {
  return pending.filter((entry) => entry.id !== id || !isWaiting(entry));
}

/** The answered entries recorded: admissions marked synced (and kept), actions gone. */
export function markAnswered(pending: readonly PendingEntry[], ids: ReadonlySet<string>, at: string): PendingEntry[] {
  return pending.flatMap((entry) => {
    if (!ids.has(entry.id)) return [entry];
    return isAdmission(entry) ? [{ ...entry, syncedAt: at }] : [];
  });
}

/** The actions of one event still waiting (the store may also hold other events'). */
export function countForEvent(queue: readonly PendingEntry[], eventId: string): number {
  return queue.filter((item) => !isAdmission(item) && item.eventId === eventId).length;
}

/** Where an earlier version kept the actions, in local storage; door-store.ts moves them once. */
export const QUEUE_STORAGE_KEY = 'clubtix.checkinQueue';

/** Reads the actions kept under QUEUE_STORAGE_KEY; entries that no longer parse (tampering) are dropped. */
export function parseQueue(raw: string | null): QueuedAction[] {
  if (!raw) return [];
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(data)) return [];
  return data.flatMap((entry) => {
    const parsed = ZQueuedAction.safeParse(entry);
    return parsed.success ? [parsed.data] : [];
  });
}

/** One call to the server: an action alone, or a run of one event's admissions in one sync. */
export type SendStep =
  | { kind: 'action'; action: QueuedAction }
  | { kind: 'admissions'; eventId: string; body: TSyncRequest; admissions: LocalAdmission[] };

/**
 * The calls that send what waits, in the order it happened: admissions that follow one another go
 * together (at most SYNC_MAX_CHECKINS a call), so an admission and a later undo of it arrive in turn.
 */
export function sendSteps(
  pending: readonly PendingEntry[],
  device: { deviceId: string; deviceName: string },
  size = SYNC_MAX_CHECKINS,
): SendStep[] {
  const steps: SendStep[] = [];
  let run: LocalAdmission[] = [];
  const flush = () => {
    const first = run[0];
    if (first)
      for (const batch of syncBatches(first.eventId, device, run, size))
        steps.push({ kind: 'admissions', eventId: first.eventId, ...batch });
    run = [];
  };
  for (const entry of inOrder(pending.filter(isWaiting))) {
    if (isAdmission(entry)) {
      if (run[0] && run[0].eventId !== entry.eventId) flush();
      run.push(entry);
    } else {
      flush();
      steps.push({ kind: 'action', action: entry });
    }
  }
  flush();
  return steps;
}

export type Settled<R, T = QueuedAction> = { action: T; outcome: R } | { action: T; error: unknown };

export interface DrainResult<R, T> {
  /** What did not get an answer; still waiting, in its order. */
  remaining: T[];
  /** What the server answered, with its outcome or error (a refusal will not change on retry). */
  settled: Settled<R, T>[];
}

/**
 * Sends one at a time, in order, so a check-in and its undo arrive as they happened. The first
 * connection failure stops the run and keeps that one and the rest for next time; any other error
 * settles it, since sending it again would get the same answer.
 */
export async function drainQueue<R, T>(
  queue: readonly T[],
  perform: (action: T) => Promise<R>,
  isConnectionFailure: (error: unknown) => boolean,
): Promise<DrainResult<R, T>> {
  const settled: Settled<R, T>[] = [];
  for (let index = 0; index < queue.length; index++) {
    const action = queue[index] as T;
    try {
      settled.push({ action, outcome: await perform(action) });
    } catch (error) {
      if (isConnectionFailure(error)) return { remaining: queue.slice(index), settled };
      settled.push({ action, error });
    }
  }
  return { remaining: [], settled };
}

import { z } from 'zod';

/**
 * Door actions that could not reach the server, kept in local storage until the connection is
 * back. A door on bad Wi-Fi must keep letting people in; the check-ins are stored once the server
 * can be reached again, in the order they happened.
 */

export const QUEUE_STORAGE_KEY = 'clubtix.checkinQueue';

/** Past this, the oldest entries give way: a queue that never drains must not fill the storage. */
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
export type QueuedAction = z.infer<typeof ZQueuedAction>;

/** The attendee a ticket action is about; null for extras vouchers. */
function attendeeOf(action: QueuedAction): string | null {
  return action.kind === 'extras' ? null : action.attendeeId;
}

const checksIn = (action: QueuedAction) => action.kind === 'scan' || action.kind === 'checkin';

/**
 * Adds an action, keeping the queue meaningful rather than literal: a second check-in of the same
 * attendee (the same code scanned twice) or the same voucher is dropped, and undoing a check-in
 * that is still waiting cancels it instead of queueing both.
 */
export function enqueue(queue: readonly QueuedAction[], action: QueuedAction): QueuedAction[] {
  const attendeeId = attendeeOf(action);
  if (action.kind === 'undo') {
    const waiting = queue.findLastIndex((item) => checksIn(item) && attendeeOf(item) === attendeeId);
    const undoneSince = queue.findLastIndex((item) => item.kind === 'undo' && item.attendeeId === attendeeId);
    if (waiting !== -1 && waiting > undoneSince) return queue.filter((_, index) => index !== waiting);
  } else if (action.kind === 'extras') {
    if (queue.some((item) => item.kind === 'extras' && item.text === action.text)) return [...queue];
  } else {
    const lastForAttendee = queue.findLast((item) => attendeeOf(item) === attendeeId);
    if (lastForAttendee && checksIn(lastForAttendee)) return [...queue];
  }
  return [...queue, action].slice(-MAX_QUEUE_LENGTH);
}

export function removeFromQueue(queue: readonly QueuedAction[], ids: ReadonlySet<string>): QueuedAction[] {
  return queue.filter((item) => !ids.has(item.id));
}

export function countForEvent(queue: readonly QueuedAction[], eventId: string): number {
  return queue.filter((item) => item.eventId === eventId).length;
}

/** Reads the stored queue; entries that no longer parse (an older version, tampering) are dropped. */
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

export function serializeQueue(queue: readonly QueuedAction[]): string {
  return JSON.stringify(queue);
}

export type Settled<R> = { action: QueuedAction; outcome: R } | { action: QueuedAction; error: unknown };

export interface DrainResult<R> {
  /** Actions that did not get an answer; still waiting, in their order. */
  remaining: QueuedAction[];
  /** Actions the server answered, with their outcome or error (a refusal will not change on retry). */
  settled: Settled<R>[];
}

/**
 * Sends the actions one at a time, in order, so a check-in and its undo arrive as they happened.
 * The first connection failure stops the run and keeps that action and the rest for next time;
 * any other error settles the action, since sending it again would get the same answer.
 */
export async function drainQueue<R>(
  queue: readonly QueuedAction[],
  perform: (action: QueuedAction) => Promise<R>,
  isConnectionFailure: (error: unknown) => boolean,
): Promise<DrainResult<R>> {
  const settled: Settled<R>[] = [];
  for (let index = 0; index < queue.length; index++) {
    const action = queue[index] as QueuedAction;
    try {
      settled.push({ action, outcome: await perform(action) });
    } catch (error) {
      if (isConnectionFailure(error)) return { remaining: queue.slice(index), settled };
      settled.push({ action, error });
    }
  }
  return { remaining: [], settled };
}

import { endpoints, type TSyncResult } from '@clubtix/contract';
import { callApi } from '../../../api/client';
import type { Outcome } from '../door-card';
import { isConnectionFailure } from '../scan-outcome';
import { readDevice } from './device';
import { readPending, recordSyncAnswer } from './door-store';
import { applySyncResults } from './door-sync';
import { drainQueue, isAdmission, sendSteps, type QueuedAction, type SendStep, type Settled } from './pending';

/**
 * The one way what this device did offline reaches the server (docs/decisions/0075-one-offline-door.md):
 * admissions and door actions alike, in the order they happened, stopping at the first lost
 * connection, each taken out of the wait only by the server's answer.
 */

/** A sync of 2,000 may take longer than a scan's 8 s on a poor line. */
const LONG_CALL_MS = 30_000;
const SYNC_LOCK = 'clubtix-door-sync';

const newId = () => globalThis.crypto.randomUUID();

/**
 * How the door page sends a queued action and hears the answers (use-door.ts: its card and history
 * say what the server answered). Actions wait until a page gives one; admissions need none.
 */
export interface ActionReplayer {
  perform: (action: QueuedAction) => Promise<Outcome>;
  onSettled: (settled: Settled<Outcome>[]) => void;
}

/** Runs `work` alone across this device's tabs (Web Locks), or plainly where the browser has none. */
function exclusively<T>(work: () => Promise<T>): Promise<T> {
  const locks = globalThis.navigator?.locks;
  return locks ? locks.request(SYNC_LOCK, work) : work();
}

/** One sync call; its answers recorded (admissions marked synced, notices kept) before the next call. */
async function sendAdmissions(step: Extract<SendStep, { kind: 'admissions' }>) {
  const { results } = await callApi(endpoints.checkin.sync, {
    body: step.body,
    suppressToast: true,
    signal: AbortSignal.timeout(LONG_CALL_MS),
  });
  const { answeredIds, notices } = applySyncResults(step.admissions, results, newId);
  const at = new Date().toISOString();
  await recordSyncAnswer(answeredIds, notices, at);
  return { results, at };
}

/** A sync's answer, for the status line of the door that counts them. */
export type OnSynced = (eventId: string, results: readonly TSyncResult[], at: string) => void;

/**
 * Sends everything waiting on this device. Answers the first sync call the server refused, if any:
 * its admissions stay, to be sent again, and the door says why.
 */
export function sendPending(replay: ActionReplayer | null, onSynced: OnSynced): Promise<{ refused: unknown }> {
  return exclusively(async () => {
    // Read inside the lock: another tab may have sent some meanwhile.
    const waiting = (await readPending()).filter((entry) => replay !== null || isAdmission(entry));
    const { settled } = await drainQueue(
      sendSteps(waiting, readDevice()),
      async (step): Promise<Outcome | null> => {
        if (step.kind === 'action') return replay ? replay.perform(step.action) : null;
        const { results, at } = await sendAdmissions(step);
        onSynced(step.eventId, results, at);
        return null;
      },
      isConnectionFailure,
    );
    const replayed = settled.flatMap(({ action: step, ...answer }): Settled<Outcome>[] => {
      if (step.kind !== 'action') return [];
      return [
        'error' in answer
          ? { action: step.action, error: answer.error }
          : { action: step.action, outcome: answer.outcome as Outcome },
      ];
    });
    // A refused action will not change on retry: it leaves with its answer, as an answered one does.
    if (replayed.length > 0) {
      await recordSyncAnswer(
        replayed.map((entry) => entry.action.id),
        [],
        new Date().toISOString(),
      );
      replay?.onSettled(replayed);
    }
    const refused = settled.find((entry) => entry.action.kind === 'admissions' && 'error' in entry);
    return { refused: refused && 'error' in refused ? refused.error : null };
  });
}

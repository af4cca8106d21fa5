import { randomUUID } from 'node:crypto';
import type { TSyncRequest, TSyncResponse, TSyncResult } from '@clubtix/contract';
import type { Actor } from '../../core/actor';
import type { Deps } from '../../core/deps';
import { fieldError } from '../../core/errors';
import { assertWorksEvent } from '../events/events.policy';
import { loadManagedEvent } from '../events/events.service';
import { earliestPerAttendee, outcomeOf } from './sync-outcome';
import { lockAdmissions, replaceAdmissions } from './sync.repo';

/** The door with no network (docs/product.md section 20, docs/decisions/0035-offline-door.md). */

const EARLIEST_ADMISSION = Date.UTC(2000, 0, 1);

/**
 * A device's offline admissions, in one transaction: each attendee ends with exactly one check-in, at
 * the earliest admission of any device or the door online; each is answered in the order sent.
 */
export async function syncDevice(deps: Deps, actor: Actor, input: TSyncRequest): Promise<TSyncResponse> {
  // ISO 8601 allows the year 0, which PostgreSQL refuses: a clock that far off is bad input, not a 500.
  const tooEarly = input.checkins.findIndex(({ at }) => Date.parse(at) < EARLIEST_ADMISSION);
  if (tooEarly >= 0) throw fieldError(`checkins.${tooEarly}.at`, 'at must be a time after the year 2000');
  assertWorksEvent(actor, input.eventId);
  const event = await loadManagedEvent(deps, actor, input.eventId);
  const deviceName = input.deviceName || null;
  const sent = [...earliestPerAttendee(input.checkins)].map(([attendeeId, at]) => ({
    attendeeId,
    at,
    id: randomUUID(),
  }));
  const outcomes = new Map<string, Omit<TSyncResult, 'attendeeId'>>();
  if (sent.length > 0) {
    await deps.db.transaction(async (tx) => {
      const common = { deviceId: input.deviceId, deviceName, createdBy: actor.id };
      const found = new Map(
        (await lockAdmissions(tx, { ...common, eventId: event.id, admissions: sent })).map((row) => [
          row.attendeeId,
          row,
        ]),
      );
      const replaced: { attendeeId: string; at: Date }[] = [];
      for (const admission of sent) {
        const row = found.get(admission.attendeeId);
        if (!row) throw new Error('sync: an admission without its row');
        const mine = { at: new Date(row.at), deviceId: input.deviceId, deviceName };
        const { result, replace } = outcomeOf(mine, row, admission.id);
        outcomes.set(admission.attendeeId, result);
        if (replace) replaced.push({ attendeeId: admission.attendeeId, at: mine.at });
      }
      await replaceAdmissions(tx, { ...common, admissions: replaced });
    });
  }
  // The offline door's scans, counted once they reach the server, by what became of them.
  for (const outcome of outcomes.values()) deps.metrics.doorScans.inc({ result: `synced_${outcome.status}` });
  return {
    results: input.checkins.map(({ attendeeId }) => ({ attendeeId, ...outcomes.get(attendeeId)! })),
  };
}

import { randomUUID } from 'node:crypto';
import type { TDoorList, TSyncRequest, TSyncResponse, TSyncResult } from '@clubtix/contract';
import type { Actor } from '../../core/actor';
import type { Deps } from '../../core/deps';
import { assertWorksEvent } from '../events/events.policy';
import { loadManagedEvent } from '../events/events.service';
import { findDoorList } from './door-list.repo';
import { earliestPerAttendee, outcomeOf } from './sync-outcome';
import { lockAdmissions, replaceAdmissions } from './sync.repo';

/** The door with no network (docs/product.md section 20, docs/decisions/0035-offline-door.md). */

/** The list a device keeps to recognise the event's tickets offline: admin, or staff of that event. */
export async function getDoorList(deps: Deps, actor: Actor, query: { eventId: string }): Promise<TDoorList> {
  assertWorksEvent(actor, query.eventId);
  const event = await loadManagedEvent(deps, actor, query.eventId);
  const generatedAt = new Date().toISOString();
  const rows = await findDoorList(deps.db, event.id);
  return {
    eventId: event.id,
    generatedAt,
    attendees: rows.map((row) => ({
      ...row,
      firstName: row.firstName ?? '',
      lastName: row.lastName ?? '',
      checkedInAt: row.checkedInAt?.toISOString() ?? null,
    })),
  };
}

/**
 * A device's offline admissions, in one transaction: each attendee ends with exactly one check-in, at
 * the earliest admission of any device or the door online; each is answered in the order sent.
 */
export async function syncDevice(deps: Deps, actor: Actor, input: TSyncRequest): Promise<TSyncResponse> {
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
  return {
    results: input.checkins.map(({ attendeeId }) => ({ attendeeId, ...outcomes.get(attendeeId)! })),
  };
}

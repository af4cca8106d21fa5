import { SYNC_REJECT_REASONS, type TDoorAdmission, type TSyncResult } from '@clubtix/contract';
import type { LockedAdmission } from './sync.repo';

/** Who admitted an attendee, and when: a device, or (deviceId null) the door online. */
export interface Admission {
  at: Date;
  deviceId: string | null;
  deviceName: string | null;
}

export interface SyncOutcome {
  result: Omit<TSyncResult, 'attendeeId'>;
  /** This device's admission came first: it becomes the stored check-in. */
  replace: boolean;
}

const toDto = (admission: Admission): TDoorAdmission => ({
  at: admission.at.toISOString(),
  deviceId: admission.deviceId,
  deviceName: admission.deviceName,
});

/**
 * The rules of docs/decisions/0035-offline-door.md for one attendee, given this device's admission and
 * the check-in the sync's statement found (or wrote: `checkinId` is then the id this sync sent).
 * Earliest wins; a device never hears of its own admission as a duplicate; a tie keeps what is stored.
 */
export function outcomeOf(mine: Admission, found: LockedAdmission, sentId: string): SyncOutcome {
  if (!found.ofEvent)
    return { result: { status: 'rejected', reason: SYNC_REJECT_REASONS.notThisEvent }, replace: false };
  if (!found.confirmed || found.checkinId === null || found.checkedInAt === null) {
    return { result: { status: 'rejected', reason: SYNC_REJECT_REASONS.notConfirmed }, replace: false };
  }
  if (found.checkinId === sentId) return { result: { status: 'stored' }, replace: false };
  const stored: Admission = { at: new Date(found.checkedInAt), deviceId: found.deviceId, deviceName: found.deviceName };
  const earlier = mine.at.getTime() < stored.at.getTime();
  if (stored.deviceId === mine.deviceId) return { result: { status: 'stored' }, replace: earlier };
  const [first, other] = earlier ? [mine, stored] : [stored, mine];
  return { result: { status: 'duplicate', first: toDto(first), other: toDto(other) }, replace: earlier };
}

/** Each attendee once, at this device's earliest time for them (a device that admitted someone twice). */
export function earliestPerAttendee(checkins: readonly { attendeeId: string; at: string }[]): Map<string, string> {
  const earliest = new Map<string, string>();
  for (const { attendeeId, at } of checkins) {
    const seen = earliest.get(attendeeId);
    if (seen === undefined || Date.parse(at) < Date.parse(seen)) earliest.set(attendeeId, at);
  }
  return earliest;
}

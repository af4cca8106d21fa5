import {
  SYNC_MAX_CHECKINS,
  type TDoorAdmission,
  type TDoorListAttendee,
  type TSyncRequest,
  type TSyncResult,
} from '@clubtix/contract';
import { i18n } from '../../../i18n/i18n';

/**
 * The admissions a device made offline and what the server answered when they were synced
 * (POST /checkin/sync, docs/product.md section 20). Pure: they wait with the device's other door
 * actions (pending.ts), in the store (door-store.ts), and the hook (use-offline-door.ts) sends them.
 */

/** One admission made on this device while offline. Kept until the server has answered it. */
export interface LocalAdmission {
  /** Tells it from the door actions kept beside it (pending.ts). */
  kind: 'admit';
  /** Random; the key in the store. */
  id: string;
  eventId: string;
  attendeeId: string;
  /** When the volunteer let them in (ISO UTC, the device's clock). */
  at: string;
  name: string;
  ticketName: string;
  /** Set once the server answered: the admission then only remembers "already in on this device". */
  syncedAt: string | null;
}

/**
 * What the staff must see after a sync: a ticket admitted twice, or an admission the server
 * refused. Kept until someone acknowledges it.
 */
export interface DoorNotice {
  id: string;
  eventId: string;
  kind: 'duplicate' | 'rejected';
  attendeeId: string;
  name: string;
  ticketName: string;
  /** When this device admitted them. */
  admittedHereAt: string;
  /** Duplicates: the admission kept (the earliest) and the later one; one of the two is this device's. */
  first: TDoorAdmission | null;
  other: TDoorAdmission | null;
  /** Rejected: the server's reason. */
  reason: string | null;
}

export function waitingOf(admissions: readonly LocalAdmission[]): LocalAdmission[] {
  return admissions.filter((admission) => admission.syncedAt === null);
}

/**
 * The sync calls for a device's waiting admissions, oldest first, at most SYNC_MAX_CHECKINS each
 * (the contract's limit). One admission per attendee: a device admits an attendee once.
 */
export function syncBatches(
  eventId: string,
  device: { deviceId: string; deviceName: string },
  waiting: readonly LocalAdmission[],
  size = SYNC_MAX_CHECKINS,
): { body: TSyncRequest; admissions: LocalAdmission[] }[] {
  const sorted = [...waiting].filter((a) => a.eventId === eventId).sort((a, b) => a.at.localeCompare(b.at));
  const batches: { body: TSyncRequest; admissions: LocalAdmission[] }[] = [];
  for (let start = 0; start < sorted.length; start += size) {
    const admissions = sorted.slice(start, start + size);
    batches.push({
      admissions,
      body: {
        eventId,
        deviceId: device.deviceId,
        ...(device.deviceName.trim() ? { deviceName: device.deviceName.trim() } : {}),
        checkins: admissions.map(({ attendeeId, at }) => ({ attendeeId, at })),
      },
    });
  }
  return batches;
}

/**
 * The server's answers to one batch: the admissions it answered (to be marked synced) and the
 * notices to show. An admission with no answer (a shorter reply than sent) stays waiting.
 */
export function applySyncResults(
  sent: readonly LocalAdmission[],
  results: readonly TSyncResult[],
  newId: () => string,
): { answeredIds: string[]; notices: DoorNotice[] } {
  const byAttendee = new Map(sent.map((admission) => [admission.attendeeId, admission]));
  const answeredIds: string[] = [];
  const notices: DoorNotice[] = [];
  for (const result of results) {
    const admission = byAttendee.get(result.attendeeId);
    if (!admission) continue;
    byAttendee.delete(result.attendeeId);
    answeredIds.push(admission.id);
    if (result.status === 'stored') continue;
    notices.push({
      id: newId(),
      eventId: admission.eventId,
      kind: result.status,
      attendeeId: admission.attendeeId,
      name: admission.name,
      ticketName: admission.ticketName,
      admittedHereAt: admission.at,
      first: result.first ?? null,
      other: result.other ?? null,
      reason: result.reason ?? null,
    });
  }
  return { answeredIds, notices };
}

/** What one sync did, said on the door's status line: admissions stored, duplicates found, refused. */
export interface SyncSummary {
  stored: number;
  duplicates: number;
  rejected: number;
  /** When the answer came (ISO UTC). */
  at: string;
}

/** Adds a batch's answers to what the sync did so far. */
export function addToSummary(summary: SyncSummary, results: readonly TSyncResult[], at: string): SyncSummary {
  const count = (status: TSyncResult['status']) => results.filter((result) => result.status === status).length;
  return {
    stored: summary.stored + count('stored'),
    duplicates: summary.duplicates + count('duplicate'),
    rejected: summary.rejected + count('rejected'),
    at,
  };
}

/** "Synced at 21:04: 3 admissions stored, 1 duplicate found" (and how many were refused, if any). */
export function syncSummaryText(summary: SyncSummary, time: string): string {
  const said = i18n.t('checkin:offlineList.synced', {
    time,
    stored: summary.stored,
    duplicates: summary.duplicates,
  });
  return summary.rejected > 0
    ? `${said} ${i18n.t('checkin:offlineList.syncedRefused', { count: summary.rejected })}`
    : said;
}

/** How a device is named to people: its name, else the end of its id; null is a check-in made online. */
export function deviceLabel(admission: Pick<TDoorAdmission, 'deviceId' | 'deviceName'>, ownDeviceId: string): string {
  if (admission.deviceId === null) return i18n.t('checkin:sync.onlineCheckin');
  const name =
    admission.deviceName?.trim() || i18n.t('checkin:sync.device', { code: `…${admission.deviceId.slice(-6)}` });
  return admission.deviceId === ownDeviceId ? i18n.t('checkin:sync.thisDevice', { name }) : name;
}

/** An admission the list and this device agree on, ready to keep. */
export function newAdmission(
  eventId: string,
  attendee: Pick<TDoorListAttendee, 'attendeeId' | 'firstName' | 'lastName' | 'ticketName'>,
  at: Date,
  id: string,
): LocalAdmission {
  const name = `${attendee.firstName} ${attendee.lastName}`.trim() || i18n.t('checkin:door.subject.unnamed');
  return {
    kind: 'admit',
    id,
    eventId,
    attendeeId: attendee.attendeeId,
    at: at.toISOString(),
    name,
    ticketName: attendee.ticketName,
    syncedAt: null,
  };
}

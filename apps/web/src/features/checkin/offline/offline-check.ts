import {
  doorSecret,
  normaliseShortCode,
  parseScannedQr,
  type TDoorCancellation,
  type TDoorList,
  type TDoorListAttendee,
} from '@clubtix/contract';
import { i18n } from '../../../i18n/i18n';
import type { DoorHasher } from './door-hash';

/**
 * A scan checked against the door list kept on the device, with no server (docs/product.md
 * section 20; docs/decisions/0035-offline-door.md, 0037-installable-offline-door.md,
 * 0062-hashed-door-list.md). The list holds no short code and no QR secret, only their slow hashes: what
 * is scanned or typed is hashed the same way and compared. Free of React and of IndexedDB so every
 * verdict is tested.
 */

/** Where an attendee was already let in: on this device (offline) or before the list was prepared. */
export type AlreadyInWhere = 'thisDevice' | 'beforePreparing';

export type OfflineVerdict =
  /** On the list, its QR's secret matches (or its short code was typed), not in yet. */
  | { kind: 'valid'; attendee: TDoorListAttendee; via: 'qr' | 'shortCode' }
  | { kind: 'alreadyIn'; attendee: TDoorListAttendee; at: string; where: AlreadyInWhere }
  /**
   * A ticket of the list cancelled after it was confirmed (refunded, or cancelled by the admin), its
   * QR's secret or short code matching: refused as cancelled, never as unknown, never admitted
   * (docs/decisions/0070-the-door-says-cancelled.md).
   */
  | { kind: 'cancelled'; attendee: TDoorListAttendee; cancelled: TDoorCancellation }
  /** The QR names an attendee of the list but its secret is not that ticket's: a made-up ticket. */
  | { kind: 'forged'; attendee: TDoorListAttendee }
  /**
   * A ticket QR whose attendee the list does not hold: another event's ticket, or a booking never
   * paid (the list holds the confirmed ones and those cancelled since).
   */
  | { kind: 'notOnList' }
  /** A short code of the right shape that no ticket on the list has. */
  | { kind: 'unknownCode'; code: string }
  /** An extras voucher: the list has no vouchers, so it waits for the connection. */
  | { kind: 'voucher' }
  | { kind: 'notOurCode' };

const offlineText = (key: string, params: Record<string, unknown> = {}): string =>
  i18n.t(`checkin:offline.${key}`, params);

export const OFFLINE_TEXT = {
  get valid() {
    return offlineText('valid');
  },
  get admitted() {
    return offlineText('admitted');
  },
  alreadyInHere: (at: string) => offlineText('alreadyInHere', { at }),
  alreadyInBefore: (at: string) => offlineText('alreadyInBefore', { at }),
  get forged() {
    return offlineText('forged');
  },

  get notOnList() {
    return offlineText('notOnList');
  },
  get notOnListDetail() {
    return offlineText('notOnListDetail');
  },
  get unknownCode() {
    return offlineText('unknownCode');
  },
  get unknownCodeDetail() {
    return offlineText('unknownCodeDetail');
  },
  get voucher() {
    return offlineText('voucher');
  },
  get notOurCode() {
    return offlineText('notOurCode');
  },
};

/**
 * The list looked up by attendee, by the hash of its short code and by season pass (a pass's place
 * at this event, which its QR `{ p, q }` names by the pass alone), built once per list.
 */
export interface DoorIndex {
  byAttendee: ReadonlyMap<string, TDoorListAttendee>;
  byCodeHash: ReadonlyMap<string, TDoorListAttendee>;
  byPass: ReadonlyMap<string, TDoorListAttendee>;
}

export function indexDoorList(list: Pick<TDoorList, 'attendees'>): DoorIndex {
  const byAttendee = new Map<string, TDoorListAttendee>();
  const byCodeHash = new Map<string, TDoorListAttendee>();
  const byPass = new Map<string, TDoorListAttendee>();
  for (const attendee of list.attendees) {
    byAttendee.set(attendee.attendeeId, attendee);
    byCodeHash.set(attendee.codeHash, attendee);
    if (attendee.passPurchaseId) byPass.set(attendee.passPurchaseId, attendee);
  }
  return { byAttendee, byCodeHash, byPass };
}

/**
 * The verdict on scanned or typed text. `admittedHere` holds this device's own admissions (attendee
 * id to time), which the list prepared earlier cannot know of.
 */
export async function checkOffline(
  text: string,
  index: DoorIndex,
  admittedHere: ReadonlyMap<string, string>,
  hash: DoorHasher,
): Promise<OfflineVerdict> {
  const qr = parseScannedQr(text);
  if (qr?.kind === 'extras') return { kind: 'voucher' };
  let attendee: TDoorListAttendee | undefined;
  let via: 'qr' | 'shortCode';
  if (qr?.kind === 'pass') {
    // A season pass's place at this event: its registration's secret is the pass's.
    attendee = index.byPass.get(qr.passPurchaseId);
    if (!attendee) return { kind: 'notOnList' };
    if ((await hash(doorSecret.qr(qr.qrUuid))) !== attendee.qrHash) return { kind: 'forged', attendee };
    via = 'qr';
  } else if (qr) {
    attendee = index.byAttendee.get(qr.attendeeId);
    if (!attendee) return { kind: 'notOnList' };
    // Both parts of the QR must be this ticket's: the registration, and the secret behind the hash.
    if (attendee.registrationId !== qr.registrationId) return { kind: 'forged', attendee };
    if ((await hash(doorSecret.qr(qr.qrUuid))) !== attendee.qrHash) return { kind: 'forged', attendee };
    via = 'qr';
  } else {
    const code = normaliseShortCode(text.trim());
    if (!code) return { kind: 'notOurCode' };
    // One hash, looked up among all: the list's salt is the event's, not each ticket's.
    attendee = index.byCodeHash.get(await hash(doorSecret.code(code)));
    if (!attendee) return { kind: 'unknownCode', code };
    via = 'shortCode';
  }
  if (attendee.cancelled) return { kind: 'cancelled', attendee, cancelled: attendee.cancelled };
  const here = admittedHere.get(attendee.attendeeId);
  if (here) return { kind: 'alreadyIn', attendee, at: here, where: 'thisDevice' };
  if (attendee.checkedInAt) return { kind: 'alreadyIn', attendee, at: attendee.checkedInAt, where: 'beforePreparing' };
  return { kind: 'valid', attendee, via };
}

import { z } from 'zod';
import { ZId } from './rules';

/**
 * The door with no network (docs/product.md section 20; docs/decisions/0035-offline-door.md): the list a
 * device keeps to recognise tickets offline, and the sync that brings its admissions back.
 */

/**
 * How the list's secrets are hashed (docs/decisions/0062-hashed-door-list.md): scrypt with the event's
 * own salt, slow on purpose, so that a lost phone's list gives no ticket back short of days of
 * computing. A device hashes what it scans or is typed with exactly these, and compares.
 */
export const ZDoorHashing = z.object({
  algorithm: z.literal('scrypt'),
  /** Base64url of the event's random 16 bytes. */
  salt: z.string(),
  /** scrypt's cost (a power of two), block size and parallelism; the hash is `keyLength` bytes. */
  N: z.number().int(),
  r: z.number().int(),
  p: z.number().int(),
  keyLength: z.number().int(),
});
export type TDoorHashing = z.infer<typeof ZDoorHashing>;

/**
 * What is hashed for each kind of secret: `c:` and the 8-character short code as stored (the form
 * normaliseShortCode gives typed text), or `q:` and the `q` of the ticket's QR (its registration's
 * secret). The kinds keep a code and a QR secret from ever sharing a hash.
 */
export const doorSecret = {
  code: (shortCode: string) => `c:${shortCode}`,
  qr: (qrUuid: string) => `q:${qrUuid}`,
};

/**
 * A ticket cancelled after it was confirmed (docs/decisions/0070-the-door-says-cancelled.md): its
 * registration cancelled, by a full refund that released its tickets, by the admin, or with its
 * event. `at` is when its money was given back (the last refund of its orders; null when there was
 * none, a free ticket the admin cancelled), `refunded` whether any was.
 */
export const ZDoorCancellation = z.object({
  at: z.string().nullable(),
  refunded: z.boolean(),
});
export type TDoorCancellation = z.infer<typeof ZDoorCancellation>;

/**
 * One ticket the door may admit, or, with `cancelled`, one it must refuse saying why. `codeHash` and
 * `qrHash` are scrypt hashes (base64url, with the list's `hashing`) of the ticket's short code and of
 * its QR's secret: a device checks what is typed or scanned against them without holding either.
 */
export const ZDoorListAttendee = z.object({
  attendeeId: z.string(),
  registrationId: z.string(),
  codeHash: z.string(),
  qrHash: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  ticketName: z.string(),
  /** When this attendee was checked in, or null. */
  checkedInAt: z.string().nullable(),
  /** The device that admitted them offline, or null for a check-in made online. */
  checkedInDeviceId: z.string().nullable(),
  /** Present on a cancelled ticket: the door refuses it as cancelled, never as unknown. */
  cancelled: ZDoorCancellation.optional(),
  /**
   * Present on a season pass's place at this event (passes.ts): the pass's QR `{ p, q }` names no
   * attendee, so the offline door finds its row by this id and checks q against qrHash.
   */
  passPurchaseId: z.string().optional(),
});
export type TDoorListAttendee = z.infer<typeof ZDoorListAttendee>;

export const ZDoorList = z.object({
  eventId: z.string(),
  /**
   * The attendees of the event's confirmed registrations, all of them, then those of registrations
   * cancelled after they were confirmed, each with `cancelled` (hashed the same way).
   */
  attendees: z.array(ZDoorListAttendee),
  hashing: ZDoorHashing,
  /** When the server read the list (ISO UTC). */
  generatedAt: z.string(),
});
export type TDoorList = z.infer<typeof ZDoorList>;

export const ZDoorListQuery = z.object({ eventId: ZId });

/** A device names itself with a random id it keeps, and may add a name a person recognises. */
export const ZDeviceId = z
  .string({ error: 'deviceId is required' })
  .trim()
  .min(1, 'deviceId is required')
  .max(64, 'deviceId is at most 64 characters');

/** At most this many check-ins in one sync call; a device with more sends them in several calls. */
export const SYNC_MAX_CHECKINS = 2000;

export const ZSyncRequest = z.object({
  eventId: ZId,
  deviceId: ZDeviceId,
  /** A name for the device that people read in a duplicate ("Gate 2", "Anna's phone"). */
  deviceName: z.string().trim().max(60, 'deviceName is at most 60 characters').optional(),
  checkins: z
    .array(
      z.object({
        attendeeId: ZId,
        /** When the device admitted them (ISO 8601 with an offset). */
        at: z.iso.datetime({ offset: true, error: 'at must be an ISO 8601 date and time with an offset' }),
      }),
    )
    .max(SYNC_MAX_CHECKINS, `At most ${SYNC_MAX_CHECKINS} check-ins in one sync`),
});
export type TSyncRequest = z.input<typeof ZSyncRequest>;

/** The admission that counts for an attendee: the earliest one, with its device (null deviceId: online). */
export const ZDoorAdmission = z.object({
  at: z.string(),
  deviceId: z.string().nullable(),
  deviceName: z.string().nullable(),
});
export type TDoorAdmission = z.infer<typeof ZDoorAdmission>;

export const SYNC_REJECT_REASONS = {
  notThisEvent: 'Not an attendee of this event',
  notConfirmed: 'This ticket is cancelled or not paid',
} as const;

/**
 * Each sent check-in, in the order sent:
 * - `stored`: this admission is the attendee's check-in (a repeat of the same device's sync answers it again).
 * - `duplicate`: the attendee was admitted twice; `first` is the earliest admission, the one kept, and
 *   `other` the later one (one of the two is this device's).
 * - `rejected`: nothing stored, `reason` says why.
 */
export const ZSyncResult = z.object({
  attendeeId: z.string(),
  status: z.enum(['stored', 'duplicate', 'rejected']),
  first: ZDoorAdmission.optional(),
  other: ZDoorAdmission.optional(),
  reason: z.string().optional(),
});
export type TSyncResult = z.infer<typeof ZSyncResult>;

export const ZSyncResponse = z.object({ results: z.array(ZSyncResult) });
export type TSyncResponse = z.infer<typeof ZSyncResponse>;

export const ZUnredeemRequest = z.object({
  extrasPurchaseId: ZId,
  /** Optional: when given, only a voucher of this event is un-redeemed. */
  eventId: ZId.optional(),
});
export type TUnredeemRequest = z.input<typeof ZUnredeemRequest>;

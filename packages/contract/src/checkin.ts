import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { ZAttendee } from './registrations';
import { ZAdminDoorRegistration, ZDoorAttendee, ZDoorRegistration, ZDoorVoucher } from './door-view';
import {
  ZDoorList,
  ZDoorListQuery,
  ZSyncRequest,
  ZSyncResponse,
  ZUnredeemRequest,
  type TDoorCancellation,
} from './door';
import { ZId } from './rules';
import { ZExtrasPurchase } from './sponsorships';

/**
 * Check-in at the door (docs/product.md section 16; the wire details are in docs/decisions/0005-checkin.md).
 * The messages are fixed texts so the scanner page can tell the outcomes apart by `msg` as well as by
 * status and code.
 */
export const SCAN_MESSAGES = {
  notATicket: 'This is not a ClubTix ticket',
  extrasNotTicket: 'This is an extras voucher, not a ticket: redeem it as an extra',
  notAnExtrasVoucher: 'This is not a ClubTix extras voucher',
  ticketNotExtras: 'This is a ticket, not an extras voucher: check it in as a ticket',
  ticketNotFound: 'Ticket not found or not paid',
  ticketForAnotherEvent: 'This ticket is for another event',
  extrasNotFound: 'Extras voucher not found or not paid',
  extrasForAnotherEvent: 'This extras voucher is for another event',
} as const;

/** docs/product.md section 3: a check-in. */
export const ZCheckin = z.object({
  id: z.string(),
  createdAt: z.string(),
  registrationId: z.string(),
  attendeeId: z.string(),
});
export type TCheckin = z.infer<typeof ZCheckin>;

export const ZScanRequest = z.object({
  /** The scanned text, as read (surrounding whitespace is fine). */
  payload: z.string({ error: 'Send the scanned text as payload' }).max(65_536, SCAN_MESSAGES.notATicket),
  /** The event at this door. */
  eventId: ZId,
});
export type TScanRequest = z.input<typeof ZScanRequest>;

/**
 * docs/product.md section 7 sends an extras voucher as `{ payload }` alone: without `eventId` the voucher is
 * redeemed at its own event's door; with it, only at that event's (another event's voucher says so).
 */
export const ZExtrasScanRequest = ZScanRequest.extend({
  eventId: ZId.optional(),
  /**
   * false: look the voucher up without redeeming it (the door shows what and whose, redeemed on a tap;
   * one already redeemed answers with its redeemedAt). Absent or true: redeem it once, as before.
   */
  redeem: z.boolean({ error: 'redeem must be true or false' }).optional(),
});
export type TExtrasScanRequest = z.input<typeof ZExtrasScanRequest>;

export const ZTicketScanRequest = ZScanRequest.extend({
  /**
   * true: check the attendee in with the same call when not checked in yet (the scanner page's
   * "Check in on scan"): one round trip at the door instead of scan then save.
   */
  checkin: z.boolean({ error: 'checkin must be true or false' }).optional(),
});
export type TTicketScanRequest = z.input<typeof ZTicketScanRequest>;

/** Only when `checkin` was asked: true when this call checked the attendee in, false when it already was. */
const justCheckedIn = z.boolean().optional();

/**
 * The attendee a ticket names, with its whole registration (the group it came with) and its check-in
 * state: an admin's view (no qrUuid) or door staff's (door-view.ts), picked by the caller's role.
 */
export const ZCheckinScan = z.union([
  z.object({ registration: ZAdminDoorRegistration, attendee: ZAttendee, justCheckedIn }),
  z.object({ registration: ZDoorRegistration, attendee: ZDoorAttendee, justCheckedIn }),
]);
export type TCheckinScan = z.infer<typeof ZCheckinScan>;

/**
 * A scanned or un-redeemed extras voucher as an admin sees it at the door: all of the purchase but its
 * QR's secret, with the holder's name when the event's attendees say it.
 */
export const ZAdminDoorVoucher = ZExtrasPurchase.omit({ qrUuid: true }).extend({
  holderName: ZDoorVoucher.shape.holderName,
});
export type TAdminDoorVoucher = z.infer<typeof ZAdminDoorVoucher>;

/** A voucher at the door, in an admin's view or door staff's (door-view.ts). */
export const ZVoucherAtDoor = z.union([ZAdminDoorVoucher, ZDoorVoucher]);
export type TVoucherAtDoor = z.infer<typeof ZVoucherAtDoor>;

/** The voucher's e-mail when the view carries one (an admin's), else null. */
export const voucherEmailOf = (voucher: TVoucherAtDoor): string | null => ('email' in voucher ? voucher.email : null);

export const ZSaveCheckinRequest = z.object({ eventId: ZId, registrationId: ZId, attendeeId: ZId });
export type TSaveCheckinRequest = z.input<typeof ZSaveCheckinRequest>;

export const ZDeleteCheckinRequest = z.object({
  attendeeId: ZId,
  /** Optional: when given, only a check-in at this event is undone. */
  eventId: ZId.optional(),
});
export type TDeleteCheckinRequest = z.input<typeof ZDeleteCheckinRequest>;

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MESSAGE = 'Date must be a day written yyyy-mm-dd, like 2025-06-30';

/** A calendar day `yyyy-mm-dd` that exists (no 2025-02-30). */
export function isCalendarDay(value: string): boolean {
  if (!DAY_PATTERN.test(value)) return false;
  const [year, month, day] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

const STATISTICS_DATE_MESSAGE = 'Date must be a day written yyyy-mm-dd, like 2025-06-30, or an ISO 8601 date and time';
const STATISTICS_DATE_TIME = z.iso.datetime({ offset: true, local: true });
const hasOffset = (value: string) => /(?:[Zz]|[+-]\d{2}(?::?\d{2})?)$/.test(value);

export const ZStatisticsQuery = z.object({
  eventId: ZId,
  /**
   * The day the historical counts end with, in the event's time zone; today there when left out.
   * Given as a day, or as a date and time (docs/product.md section 12's ISO 8601): one without an
   * offset names its own day; an instant (with an offset, as `toISOString()` writes) is answered
   * with its day in the event's time zone, so the output is a day or an instant.
   */
  date: z
    .string()
    .trim()
    .max(40, STATISTICS_DATE_MESSAGE)
    .refine(
      (value) => value === '' || isCalendarDay(value) || STATISTICS_DATE_TIME.safeParse(value).success,
      STATISTICS_DATE_MESSAGE,
    )
    .refine((value) => value === '' || isCalendarDay(value.slice(0, 10)), DAY_MESSAGE)
    .optional()
    .transform((value) => (!value ? undefined : hasOffset(value) ? value : value.slice(0, 10))),
});

/** The day a statistics `date` names in a time zone: a day as it is, an instant as it falls there. */
export function statisticsDay(date: string, dayOfInstant: (instant: Date) => string): string {
  return isCalendarDay(date) ? date : dayOfInstant(new Date(date));
}

const ZCountAt = z.object({ start: z.string(), count: z.number() });
const ZCountOn = z.object({ date: z.string(), count: z.number() });

export const ZCheckinStatistics = z.object({
  /** Confirmed registrations made on or before the end of `date` (a registration of three attendees counts 1). */
  historicalRegistrationCount: z.number(),
  /** Check-ins (one per attendee) made on or before the end of `date`. */
  historicalCheckinCount: z.number(),
  /** Confirmed registrations, so far. */
  totalRegistrationCount: z.number(),
  /** Check-ins, so far. */
  totalCheckinCount: z.number(),
  /** Attendees of confirmed registrations, so far: who the check-ins are counted against. */
  totalAttendeeCount: z.number(),
  /** The day the historical counts end with (yyyy-mm-dd in `timezone`). */
  date: z.string(),
  /** The event's time zone: days and quarter hours below are local to it. */
  timezone: z.string(),
  /** For the chart. */
  series: z.object({
    /** Check-ins of each quarter hour of `date`, local midnight to midnight, zeros included; `start` is ISO UTC. */
    checkinsByQuarterHour: z.array(ZCountAt),
    /** Check-ins per local day, from the first day with one to the last, zeros included. */
    checkinsByDay: z.array(ZCountOn),
    /** Confirmed registrations per local day of registering, first to last, zeros included. */
    registrationsByDay: z.array(ZCountOn),
  }),
});
export type TCheckinStatistics = z.infer<typeof ZCheckinStatistics>;

type FieldErrors = { errors?: { path: string; message: string }[] } | null | undefined;

function fieldsUnder(body: FieldErrors, prefix: string): Map<string, string> {
  const fields = new Map<string, string>();
  for (const entry of body?.errors ?? []) {
    if (entry.path.startsWith(`${prefix}.`)) fields.set(entry.path.slice(prefix.length + 1), entry.message);
  }
  return fields;
}

/**
 * A 409 ALREADY_CHECKED_IN carries the first check-in in its `errors`, one entry per field
 * (`checkin.id`, `checkin.createdAt`, `checkin.registrationId`, `checkin.attendeeId`); this reads it back.
 */
export function checkinOfConflict(body: FieldErrors): TCheckin | null {
  const parsed = ZCheckin.safeParse(Object.fromEntries(fieldsUnder(body, 'checkin')));
  return parsed.success ? parsed.data : null;
}

/** The inverse of checkinOfConflict, for the server. */
export function checkinConflictErrors(checkin: TCheckin): { path: string; message: string }[] {
  return Object.entries(checkin).map(([key, value]) => ({ path: `checkin.${key}`, message: value }));
}

/**
 * A 409 CANCELLED on a ticket cancelled after it was confirmed carries `cancelled.refunded` ('true' or
 * 'false') and, when its money was given back, `cancelled.at` (docs/decisions/0070-the-door-says-cancelled.md).
 */
export function cancellationOfConflict(body: FieldErrors): TDoorCancellation | null {
  const fields = fieldsUnder(body, 'cancelled');
  const refunded = fields.get('refunded');
  if (refunded === undefined) return null;
  return { at: fields.get('at') ?? null, refunded: refunded === 'true' };
}

/** The inverse of cancellationOfConflict, for the server. */
export function cancellationConflictErrors(cancelled: TDoorCancellation): { path: string; message: string }[] {
  const errors = [{ path: 'cancelled.refunded', message: String(cancelled.refunded) }];
  if (cancelled.at) errors.push({ path: 'cancelled.at', message: cancelled.at });
  return errors;
}

/** A 409 on an extras voucher already redeemed carries `extrasPurchase.id` and `extrasPurchase.redeemedAt`. */
/**
 * What, whose and when of a redeemed voucher: "Already redeemed at 21:30: 2 × Parking, jane@example.com".
 * Whose is, to an admin, the buyer's e-mail; door staff are told no e-mail, so to them it is the
 * holder's name, and with no name known the text ends with what was redeemed.
 */
export const alreadyRedeemedText = (
  at: string,
  voucher: { quantity: number; extrasName: string; whose: string | null },
) =>
  `Already redeemed at ${at}: ${voucher.quantity} × ${voucher.extrasName}` +
  (voucher.whose ? `, ${voucher.whose}` : '');

export function redeemedAtOfConflict(body: FieldErrors): string | null {
  return fieldsUnder(body, 'extrasPurchase').get('redeemedAt') ?? null;
}

export const checkinEndpoints = {
  scanByRegistrationId: defineEndpoint({
    method: 'POST',
    path: '/checkin/scanByRegistrationId',
    access: 'admin',
    staff: true,
    summary:
      'Read a scanned ticket at the door of an event: the attendee, its registration and its check-in state; with checkin: true, also check it in',
    body: ZTicketScanRequest,
    response: ZCheckinScan,
  }),
  save: defineEndpoint({
    method: 'POST',
    path: '/checkin/save',
    access: 'admin',
    staff: true,
    summary: 'Check an attendee in (once: a second time answers 409 ALREADY_CHECKED_IN with the first)',
    body: ZSaveCheckinRequest,
    response: ZCheckin,
  }),
  delete: defineEndpoint({
    method: 'DELETE',
    path: '/checkin/delete',
    access: 'admin',
    staff: true,
    summary: "Undo an attendee's check-in; answers the check-in that was removed",
    body: ZDeleteCheckinRequest,
    response: ZCheckin,
  }),
  getStatistics: defineEndpoint({
    method: 'GET',
    path: '/checkin/getStatistics',
    access: 'admin',
    staff: true,
    summary: 'Registrations and check-ins of an event: so far, up to the end of a day, and over time',
    query: ZStatisticsQuery,
    response: ZCheckinStatistics,
  }),
  scanByExtrasPurchaseId: defineEndpoint({
    method: 'POST',
    path: '/registration/scanByExtrasPurchaseId',
    access: 'admin',
    staff: true,
    summary:
      "Redeem a scanned extras voucher once, at the door of an event or, without eventId, at its own event's; with redeem: false, only look it up",
    body: ZExtrasScanRequest,
    response: ZVoucherAtDoor,
  }),
  unredeemExtrasPurchase: defineEndpoint({
    method: 'POST',
    path: '/registration/unredeemExtrasPurchase',
    access: 'admin',
    staff: true,
    summary:
      'Undo the redemption of an extras voucher (redeemed by mistake); one not redeemed answers 409 NOT_REDEEMED',
    body: ZUnredeemRequest,
    response: ZVoucherAtDoor,
  }),
  getDoorList: defineEndpoint({
    method: 'GET',
    path: '/checkin/getDoorList',
    access: 'admin',
    staff: true,
    summary:
      "The event's door list for a device to keep and check tickets against offline (no payment data; each short code and QR secret only as a salted scrypt hash), with the tickets cancelled after confirming marked cancelled",
    query: ZDoorListQuery,
    response: ZDoorList,
  }),
  sync: defineEndpoint({
    method: 'POST',
    path: '/checkin/sync',
    access: 'admin',
    staff: true,
    summary:
      "Store a device's offline check-ins: each answered stored, duplicate (with the earliest admission, which is kept) or rejected with a reason",
    body: ZSyncRequest,
    response: ZSyncResponse,
  }),
};

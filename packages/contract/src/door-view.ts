import { z } from 'zod';
import { ZExtrasVoucher } from './extras';
import { ZAttendee, ZRegistration, type TAttendee } from './registrations';

/**
 * What the door is told (docs/decisions/0061-staff-scope.md): door staff see an attendee's names,
 * ticket type, short code, check-in state and the answers to questions marked "Show at check-in",
 * and nothing else: no e-mail address, other answer, amount, order or payment id. No door answer,
 * to staff or admins, carries a qrUuid (the buyer's secret, which opens their booking).
 *
 * Each door endpoint answers a union whose first member is the admin's view and whose second is
 * the door's: the server picks the view by role (apps/api/src/modules/checkin/door-view.mapper.ts),
 * and the serializer, which keeps the first member an answer fits, drops every field the door's
 * view does not name from an answer that lacks the admin's fields.
 */

/** An attendee as door staff see it; `answers` holds only those of questions shown at check-in. */
export const ZDoorAttendee = ZAttendee.omit({ email: true });
export type TDoorAttendee = z.infer<typeof ZDoorAttendee>;

/** A registration as door staff see it: the group at the door, its answers shown at check-in. */
export const ZDoorRegistration = ZRegistration.pick({
  registrationId: true,
  eventId: true,
  status: true,
  answers: true,
  confirmedAt: true,
}).extend({ attendees: z.array(ZDoorAttendee) });
export type TDoorRegistration = z.infer<typeof ZDoorRegistration>;

/** A registration as an admin sees it at the door: all of it but its qrUuid. */
export const ZAdminDoorRegistration = ZRegistration.omit({ qrUuid: true });
export type TAdminDoorRegistration = z.infer<typeof ZAdminDoorRegistration>;

/** Either view of a registration at the door. */
export type TAnyDoorRegistration = TAdminDoorRegistration | TDoorRegistration;
/** Either view of an attendee at the door: an admin's carries the e-mail. */
export type TAnyDoorAttendee = TAttendee | TDoorAttendee;

/** The attendee's e-mail when the view carries one (an admin's), else null. */
export const doorEmailOf = (attendee: TAnyDoorAttendee): string | null => ('email' in attendee ? attendee.email : null);

/**
 * A scanned extras voucher as door staff see it: what, how many, whether redeemed, and whose by name
 * when the event's attendees say it without doubt (the buyer's name on that e-mail).
 */
export const ZDoorVoucher = z.object({
  id: z.string(),
  eventId: z.string(),
  extras: z.object({ id: z.string(), name: z.string() }),
  quantity: z.number(),
  redeemedAt: z.string().nullable(),
  /** The holder's name when known (one name among the event's attendees on the voucher's e-mail), else null. */
  holderName: z.string().nullable(),
});
export type TDoorVoucher = z.infer<typeof ZDoorVoucher>;

/** A voucher sold at the box office, in either view: what and how many, never its QR's secret. */
export const ZSoldVoucher = ZExtrasVoucher.omit({ qrUuid: true });
export type TSoldVoucher = z.infer<typeof ZSoldVoucher>;

/** Door staff see at most this many attendees a page (getAttendees): the door searches, it does not browse. */
export const DOOR_PAGE_SIZE = 25;

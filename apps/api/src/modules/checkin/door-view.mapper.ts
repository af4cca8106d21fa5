import {
  ROLE_STAFF,
  type TAdminDoorRegistration,
  type TAdminDoorVoucher,
  type TAnswers,
  type TDoorAttendee,
  type TDoorRegistration,
  type TDoorVoucher,
  type TSoldVoucher,
} from '@clubtix/contract';
import type { Actor } from '../../core/actor';
import type { ExtrasPurchaseRow, ExtrasRow, RegistrationRow } from '../../db/schema';
import type { OrderVoucherRow } from '../extras/order-vouchers.repo';
import { toExtrasPurchaseDto } from '../purchase/extras-purchases.mapper';
import { toAttendeeDto, toRegistrationDto } from '../purchase/registrations.mapper';
import type { AttendeeFields } from '../purchase/registrations.repo';

/**
 * What the door is told (docs/decisions/0061-staff-scope.md; the schemas are the contract's
 * door-view.ts). Door staff see an attendee's names, ticket type, short code, check-in state and
 * the answers to the questions marked "Show at check-in": no e-mail address, other answer, amount,
 * order or payment id. Admins see the whole registration but, as anyone at the door, never a
 * qrUuid. Every answer staff get goes through here: scans, vouchers, the attendee search and the
 * box office.
 */

/** Whether the caller gets the door's view: door staff. */
export const seesDoorView = (actor: Actor): boolean => actor.role === ROLE_STAFF;

/** Only the answers to questions shown at check-in. */
export function answersShownAtCheckin(answers: TAnswers, shown: ReadonlySet<string>): TAnswers {
  return Object.fromEntries(Object.entries(answers).filter(([questionId]) => shown.has(questionId)));
}

export function toDoorAttendee(row: AttendeeFields, shown: ReadonlySet<string>): TDoorAttendee {
  return {
    attendeeId: row.id,
    registrationId: row.registrationId,
    ticketId: row.ticketId,
    ticketName: row.ticketName,
    firstName: row.firstName,
    lastName: row.lastName,
    answers: answersShownAtCheckin(row.answers, shown),
    checkinId: row.checkinId,
    checkinTime: row.checkinTime?.toISOString() ?? null,
    shortCode: row.shortCode,
  };
}

export function toDoorRegistration(
  row: RegistrationRow,
  party: AttendeeFields[],
  shown: ReadonlySet<string>,
): TDoorRegistration {
  return {
    registrationId: row.id,
    eventId: row.eventId,
    status: row.status as TDoorRegistration['status'],
    answers: answersShownAtCheckin(row.answers, shown),
    confirmedAt: row.confirmedAt?.toISOString() ?? null,
    attendees: party.filter((a) => a.registrationId === row.id).map((a) => toDoorAttendee(a, shown)),
  };
}

/** The whole registration for an admin at the door, but its qrUuid. */
export function toAdminDoorRegistration(row: RegistrationRow, party: AttendeeFields[]): TAdminDoorRegistration {
  const { qrUuid: _secret, ...rest } = toRegistrationDto(row, party);
  return rest;
}

/** The registration and scanned attendee, in the view the caller gets. */
export function toDoorScan(
  actor: Actor,
  registration: RegistrationRow,
  party: AttendeeFields[],
  attendeeId: string,
  shown: ReadonlySet<string>,
) {
  const scanned = party.find((member) => member.id === attendeeId);
  if (!scanned) return undefined;
  return seesDoorView(actor)
    ? { registration: toDoorRegistration(registration, party, shown), attendee: toDoorAttendee(scanned, shown) }
    : { registration: toAdminDoorRegistration(registration, party), attendee: toAttendeeDto(scanned) };
}

/** A voucher at the door, in the view the caller gets; `holderName` is whose it is, by name, when known. */
export function toVoucherAtDoor(
  actor: Actor,
  purchase: ExtrasPurchaseRow,
  extras: ExtrasRow,
  holderName: string | null,
): TAdminDoorVoucher | TDoorVoucher {
  if (seesDoorView(actor)) {
    return {
      id: purchase.id,
      eventId: purchase.eventId,
      extras: { id: extras.id, name: extras.name },
      quantity: purchase.quantity,
      redeemedAt: purchase.redeemedAt?.toISOString() ?? null,
      holderName,
    };
  }
  const { qrUuid: _secret, ...rest } = toExtrasPurchaseDto(purchase, extras);
  return { ...rest, holderName };
}

/** A voucher sold at the box office: what and how many, never its QR's secret (it goes by mail). */
export function toSoldVoucher(row: OrderVoucherRow): TSoldVoucher {
  return {
    id: row.id,
    extrasId: row.extrasId,
    extrasName: row.extrasName,
    quantity: row.quantity,
    redeemedAt: row.redeemedAt?.toISOString() ?? null,
  };
}

import {
  cancellationConflictErrors,
  checkinConflictErrors,
  ROLE_STAFF,
  SCAN_MESSAGES,
  type TCheckin,
  type TDoorCancellation,
} from '@clubtix/contract';
import type { Actor } from '../../core/actor';
import { AppError, badInput, notFound, say, type Said } from '../../core/errors';
import { canManageClub } from '../clubs/clubs.policy';
import { worksEvent } from '../events/events.policy';
import type { DoorCheckin, TicketAtDoor } from './checkin.repo';
import { ADMITTING, type ExtrasAtDoor } from './extras-door.repo';
import { doorTime } from '../../core/local-time';

/**
 * Who may pass the door, in the order door staff need to hear it: the door's event must be the
 * admin's (else 404 as if it did not exist); a ticket of another club, a wrong qrUuid or another
 * registration is "not found" (the tenant wall: nothing of another club shows); a ticket of the
 * admin's own club for another event says so; an unconfirmed registration is "not found or not paid".
 */

const notFoundAs = (message: Said) => new AppError('NOT_FOUND', message);

/** A ticket or voucher of a refunded order whose tickets were released (docs/product.md section 19). */
const cancelledAtDoor = (message: Said) => new AppError('CANCELLED', message);

/**
 * A ticket cancelled after it was confirmed (docs/decisions/0070-the-door-says-cancelled.md): 409
 * CANCELLED, with when its money was given back in `errors` (cancellationConflictErrors) once the
 * service has read it (checkin.service.ts, only on this rare answer, off the scan's own statement).
 */
export class TicketCancelled extends AppError {
  constructor(
    readonly registrationId: string,
    readonly cancellation?: TDoorCancellation,
  ) {
    super(
      'CANCELLED',
      cancellation && !cancellation.refunded ? 'This ticket was cancelled' : 'This ticket was cancelled and refunded',
      cancellation ? cancellationConflictErrors(cancellation) : undefined,
    );
  }
}

function forAnotherEvent(message: string, what: string, title: string | null): AppError {
  return new AppError(
    'NOT_FOUND',
    message,
    title ? [{ path: 'eventId', message: say(`${what} {title}`, { title }) }] : undefined,
  );
}

/**
 * As the contract's alreadyRedeemedText words it, in the request's language: whose is an admin's
 * e-mail or, to door staff, who are told no e-mail, the holder's name (docs/decisions/0061-staff-scope.md).
 */
const alreadyRedeemedSaid = (at: string, voucher: { quantity: number; extrasName: string; whose: string | null }) =>
  voucher.whose
    ? say('Already redeemed at {at}: {quantity} × {extra}, {whose}', {
        at,
        quantity: voucher.quantity,
        extra: voucher.extrasName,
        whose: voucher.whose,
      })
    : say('Already redeemed at {at}: {quantity} × {extra}', {
        at,
        quantity: voucher.quantity,
        extra: voucher.extrasName,
      });

export const notATicket = () => badInput(SCAN_MESSAGES.notATicket, 'payload');

export function toCheckinDto(row: DoorCheckin): TCheckin {
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    registrationId: row.registrationId,
    attendeeId: row.attendeeId,
  };
}

/** 409 with the first check-in's time in the event's time zone, and the check-in itself in `errors`. */
export function alreadyCheckedIn(checkin: DoorCheckin, timeZone: string): AppError {
  return new AppError(
    'ALREADY_CHECKED_IN',
    say('Already checked in at {time}', { time: doorTime(checkin.createdAt, timeZone) }),
    checkinConflictErrors(toCheckinDto(checkin)),
  );
}

export function admitTicket(
  actor: Actor,
  found: TicketAtDoor | undefined,
  claim: { registrationId: string; qrUuid?: string },
) {
  if (!found || !canManageClub(actor, found.door.clubId) || !worksEvent(actor, found.door.id)) throw notFound('Event');
  const { door, attendee, registration, checkin } = found;
  if (
    !attendee ||
    !registration ||
    !canManageClub(actor, attendee.clubId) ||
    attendee.registrationId !== claim.registrationId ||
    (claim.qrUuid !== undefined && registration.qrUuid !== claim.qrUuid)
  ) {
    throw notFoundAs(SCAN_MESSAGES.ticketNotFound);
  }
  if (attendee.eventId !== door.id) {
    throw forAnotherEvent(SCAN_MESSAGES.ticketForAnotherEvent, 'This ticket is for', found.ticketEventTitle);
  }
  // Cancelled after it was confirmed: its order was refunded and its tickets released. A hold
  // cancelled before it was paid was never a ticket: "not found", as before.
  if (registration.status === 'cancelled' && registration.confirmedAt) {
    throw new TicketCancelled(registration.id);
  }
  if (registration.status !== 'confirmed') throw notFoundAs(SCAN_MESSAGES.ticketNotFound);
  return { door, attendee, registration, checkin };
}

/**
 * A voucher at its own event's door (no eventId sent): one that does not exist, or is another
 * club's, is "not found" as at any door, and the admin learns nothing of the other club's event.
 */
export function admitExtrasAtOwnDoor(
  actor: Actor,
  found: ExtrasAtDoor | undefined,
  qrUuid: string | undefined,
  redeemedIsConflict = true,
  holderName: string | null = null,
) {
  if (!found?.purchase || !canManageClub(actor, found.purchase.clubId) || !worksEvent(actor, found.purchase.eventId)) {
    throw notFoundAs(SCAN_MESSAGES.extrasNotFound);
  }
  return admitExtras(actor, found, qrUuid, redeemedIsConflict, holderName);
}

/**
 * As admitTicket, for an extras voucher; one already redeemed answers 409 saying what, whose (to
 * an admin the buyer's e-mail, to door staff `holderName`) and when (docs/decisions/0024), unless only looked up
 * (redeemedIsConflict false: the answer carries redeemedAt).
 * Without qrUuid the voucher is named by its id alone (un-redeeming one the door has shown).
 */
export function admitExtras(
  actor: Actor,
  found: ExtrasAtDoor | undefined,
  qrUuid: string | undefined,
  redeemedIsConflict = true,
  holderName: string | null = null,
) {
  if (!found || !canManageClub(actor, found.door.clubId) || !worksEvent(actor, found.door.id)) throw notFound('Event');
  const { door, purchase, extras } = found;
  if (
    !purchase ||
    !extras ||
    !canManageClub(actor, purchase.clubId) ||
    (qrUuid !== undefined && purchase.qrUuid !== qrUuid)
  ) {
    throw notFoundAs(SCAN_MESSAGES.extrasNotFound);
  }
  if (purchase.eventId !== door.id) {
    throw forAnotherEvent(SCAN_MESSAGES.extrasForAnotherEvent, 'This extras voucher is for', found.purchaseEventTitle);
  }
  if (purchase.paymentStatus === 'refunded') throw cancelledAtDoor('This voucher was cancelled and refunded');
  if (!ADMITTING.includes(purchase.paymentStatus)) throw notFoundAs(SCAN_MESSAGES.extrasNotFound);
  if (purchase.redeemedAt && redeemedIsConflict) {
    const at = doorTime(purchase.redeemedAt, door.timezone);
    const whose = actor.role === ROLE_STAFF ? holderName : purchase.email || holderName;
    const what = { quantity: purchase.quantity, extrasName: extras.name, whose };
    throw new AppError('CONFLICT', alreadyRedeemedSaid(at, what), [
      { path: 'extrasPurchase.id', message: purchase.id },
      { path: 'extrasPurchase.redeemedAt', message: purchase.redeemedAt.toISOString() },
    ]);
  }
  return { door, purchase, extras };
}

import {
  normaliseShortCode,
  parseScannedQr,
  SCAN_MESSAGES,
  statisticsDay,
  type TCheckin,
  type TCheckinScan,
  type TCheckinStatistics,
  type TicketQr,
  type TExtrasScanRequest,
  type TVoucherAtDoor,
  type TTicketScanRequest,
  type TSaveCheckinRequest,
  type TUnredeemRequest,
} from '@clubtix/contract';
import type { ExtrasPurchaseRow, ExtrasRow, RegistrationRow } from '../../db/schema';
import type { Actor } from '../../core/actor';
import { AppError, badInput, conflict, notFound } from '../../core/errors';
import type { Deps } from '../../core/deps';
import { clubScope } from '../clubs/clubs.policy';
import { loadManagedEvent } from '../events/events.service';
import { assertWorksEvent, worksEvent } from '../events/events.policy';
import type { AttendeeFields } from '../purchase/registrations.repo';
import {
  admitExtras,
  admitExtrasAtOwnDoor,
  admitTicket,
  alreadyCheckedIn,
  notATicket,
  TicketCancelled,
  toCheckinDto,
} from './checkin.policy';
import { findCancellationsOf } from './door-list.repo';
import { deleteCheckin, findTicketAtDoor, insertCheckin, scanAndCheckIn } from './checkin.repo';
import { findExtrasAtDoor, findExtrasAtOwnDoor, markExtrasRedeemed, markExtrasUnredeemed } from './extras-door.repo';
import { findTicketByShortCode, findTicketOfPass } from './short-code.repo';
import { toDoorScan, toVoucherAtDoor } from './door-view.mapper';
import { findVoucherHolderName } from './door-view.repo';
import { countCheckinsByQuarterHour, countRegistrationsByDay } from './statistics.repo';
import { localDay } from '../../core/local-time';
import { buildStatistics } from './statistics';

/** The scan's answer in the caller's view (door-view.mapper.ts): door staff are told only what the door needs. */
function scanAnswer(
  actor: Actor,
  door: { checkinQuestions: string[] },
  registration: RegistrationRow,
  party: AttendeeFields[],
  attendeeId: string,
): TCheckinScan {
  const answer = toDoorScan(actor, registration, party, attendeeId, new Set(door.checkinQuestions));
  if (!answer) throw notFound('Attendee');
  return answer;
}

/**
 * The ticket a scan names: a ticket's QR text, or its short code typed in any case, with or without
 * the dash (docs/product.md section 20). A code that names nothing at this door is answered as a
 * ticket not found there, after the door's own check (404 Event when the event is not the actor's).
 */
async function scannedTicket(deps: Deps, actor: Actor, input: TTicketScanRequest): Promise<TicketQr> {
  const qr = parseScannedQr(input.payload);
  if (qr?.kind === 'extras') throw badInput(SCAN_MESSAGES.extrasNotTicket, 'payload');
  if (qr?.kind === 'pass') {
    const place = await findTicketOfPass(deps.db, input.eventId, qr);
    if (place) return place;
    // Not a pass of this event's series: the door's own check first, as for a short code.
    const door = await findTicketAtDoor(deps.db.$client, input.eventId, '');
    admitTicket(actor, door, { registrationId: '' });
    throw notATicket();
  }
  if (qr) return qr;
  const code = normaliseShortCode(input.payload);
  if (!code) throw notATicket();
  const ticket = await findTicketByShortCode(deps.db, input.eventId, code);
  if (ticket) return ticket;
  const door = await findTicketAtDoor(deps.db.$client, input.eventId, '');
  admitTicket(actor, door, { registrationId: '' });
  throw notATicket(); // not reached: admitTicket refuses a door without that attendee
}

/**
 * A scanned ticket at the door: the attendee, its whole registration and its check-in state. With
 * `checkin`, an attendee not checked in yet is checked in by the same call and the same statement
 * (one round trip to the database); `justCheckedIn` says whether this call did it.
 */
export async function scanTicket(deps: Deps, actor: Actor, input: TTicketScanRequest): Promise<TCheckinScan> {
  let result = 'error';
  try {
    const answer = await sayingWhenCancelled(deps, () => scanTicketAtDoor(deps, actor, input));
    result = !input.checkin ? 'looked_up' : answer.justCheckedIn ? 'admitted' : 'already_checked_in';
    return answer;
  } catch (error) {
    // What the door was told: the refusal's code (not_found, cancelled, forbidden, ...).
    if (error instanceof AppError) result = error.code.toLowerCase();
    throw error;
  } finally {
    deps.metrics.doorScans.inc({ result });
  }
}

/**
 * A refusal of a cancelled ticket, with when its money was given back: read only then, so the scan's
 * own statements stay as they are (docs/decisions/0070-the-door-says-cancelled.md).
 */
async function sayingWhenCancelled<T>(deps: Deps, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof TicketCancelled) || error.cancellation) throw error;
    const found = (await findCancellationsOf(deps.db, [error.registrationId])).get(error.registrationId);
    throw new TicketCancelled(error.registrationId, {
      at: found?.at?.toISOString() ?? null,
      refunded: found?.refunded ?? false,
    });
  }
}

async function scanTicketAtDoor(deps: Deps, actor: Actor, input: TTicketScanRequest): Promise<TCheckinScan> {
  // Staff limited to other events are refused before any lookup or statement that may write.
  assertWorksEvent(actor, input.eventId);
  const qr = await scannedTicket(deps, actor, input);
  if (!input.checkin) {
    const found = await findTicketAtDoor(deps.db.$client, input.eventId, qr.attendeeId);
    const { door, registration } = admitTicket(actor, found, qr);
    return scanAnswer(actor, door, registration, found?.party ?? [], qr.attendeeId);
  }
  const found = await scanAndCheckIn(deps.db.$client, {
    eventId: input.eventId,
    registrationId: qr.registrationId,
    attendeeId: qr.attendeeId,
    qrUuid: qr.qrUuid,
    clubId: clubScope(actor),
    createdBy: actor.id,
  });
  // What the statement wrote is within what admitTicket lets through, so a refusal here wrote nothing.
  const { door, registration, checkin } = admitTicket(actor, found, qr);
  const party = found?.party ?? [];
  const written = found?.justCheckedIn;
  if (written) {
    const checkedIn = party.map((member) =>
      member.id === qr.attendeeId ? { ...member, checkinId: written.id, checkinTime: written.createdAt } : member,
    );
    return { ...scanAnswer(actor, door, registration, checkedIn, qr.attendeeId), justCheckedIn: true };
  }
  if (checkin) return { ...scanAnswer(actor, door, registration, party, qr.attendeeId), justCheckedIn: false };
  // Another scanner checked this ticket in at the same moment (after this statement's snapshot): say what is true now.
  const again = await findTicketAtDoor(deps.db.$client, input.eventId, qr.attendeeId);
  const now = admitTicket(actor, again, qr);
  return { ...scanAnswer(actor, now.door, now.registration, again?.party ?? [], qr.attendeeId), justCheckedIn: false };
}

/**
 * Checks in with one statement when nothing stands in the way; otherwise reads the ticket at the
 * door to say why (404s, or 409 with the first check-in). A check-in undone between the two
 * statements leaves nothing in the way, so that case writes once more.
 */
export function saveCheckin(deps: Deps, actor: Actor, input: TSaveCheckinRequest): Promise<TCheckin> {
  return sayingWhenCancelled(deps, () => checkInAtDoor(deps, actor, input));
}

async function checkInAtDoor(deps: Deps, actor: Actor, input: TSaveCheckinRequest): Promise<TCheckin> {
  assertWorksEvent(actor, input.eventId);
  for (let attempt = 0; attempt < 3; attempt++) {
    const row = await insertCheckin(deps.db, { ...input, clubId: clubScope(actor), createdBy: actor.id });
    if (row) return toCheckinDto(row);
    const found = await findTicketAtDoor(deps.db.$client, input.eventId, input.attendeeId);
    const { door, checkin } = admitTicket(actor, found, { registrationId: input.registrationId });
    if (checkin) throw alreadyCheckedIn(checkin, door.timezone);
  }
  throw conflict('The check-in changed while it was being saved; please try again');
}

export async function undoCheckin(
  deps: Deps,
  actor: Actor,
  input: { attendeeId: string; eventId?: string | undefined },
): Promise<TCheckin> {
  // Staff limited to some events name the event of the check-in they undo (their door always does).
  if (input.eventId === undefined && !worksEvent(actor, '')) throw notFound('Check-in');
  assertWorksEvent(actor, input.eventId);
  const row = await deleteCheckin(deps.db, input.attendeeId, { clubId: clubScope(actor), eventId: input.eventId });
  if (!row) throw notFound('Check-in');
  return toCheckinDto(row);
}

export async function findCheckinStatistics(
  deps: Deps,
  actor: Actor,
  query: { eventId: string; date?: string | undefined },
): Promise<TCheckinStatistics> {
  const event = await loadManagedEvent(deps, actor, query.eventId);
  const [registrationsByDay, checkinsByQuarterHour] = await Promise.all([
    countRegistrationsByDay(deps.db, event),
    countCheckinsByQuarterHour(deps.db, event),
  ]);
  return buildStatistics({
    date: statisticsDay(query.date ?? new Date().toISOString(), (instant) => localDay(instant, event.timezone)),
    timezone: event.timezone,
    registrationsByDay,
    checkinsByQuarterHour,
  });
}

/**
 * Redeems a scanned extras voucher once: 404 when it is not this event's or not paid, 409 when
 * redeemed. Without eventId (docs/product.md section 7 sends the payload alone) the door is the voucher's
 * own event, behind the same role check and tenant wall. With redeem: false it is only looked up.
 */
export async function redeemExtras(deps: Deps, actor: Actor, input: TExtrasScanRequest): Promise<TVoucherAtDoor> {
  const qr = parseScannedQr(input.payload);
  if (!qr) throw badInput(SCAN_MESSAGES.notAnExtrasVoucher, 'payload');
  if (qr.kind !== 'extras') throw badInput(SCAN_MESSAGES.ticketNotExtras, 'payload');
  const { eventId } = input;
  const lookUpOnly = input.redeem === false;
  const admit = async (redeemedIsConflict = true) => {
    const found =
      eventId === undefined
        ? await findExtrasAtOwnDoor(deps.db, qr.extrasPurchaseId)
        : await findExtrasAtDoor(deps.db, eventId, qr.extrasPurchaseId);
    // Whose it is, by name, for the 409 of a voucher already redeemed (read only then).
    const redeemed = redeemedIsConflict && found?.purchase?.redeemedAt ? found.purchase : undefined;
    const holder = redeemed ? await findVoucherHolderName(deps.db, redeemed.eventId, redeemed.email) : null;
    return eventId === undefined
      ? admitExtrasAtOwnDoor(actor, found, qr.qrUuid, redeemedIsConflict, holder)
      : admitExtras(actor, found, qr.qrUuid, redeemedIsConflict, holder);
  };
  const { purchase, extras } = await admit(!lookUpOnly);
  // redeem: false shows the voucher (what, whose, whether redeemed) and leaves it as it is.
  if (lookUpOnly) return voucherAnswer(deps, actor, purchase, extras);
  const redeemed = await markExtrasRedeemed(deps.db, purchase.id);
  if (redeemed) return voucherAnswer(deps, actor, redeemed, extras);
  // Another scanner redeemed it a moment ago (or it changed meanwhile): read it again to say so.
  await admit();
  throw conflict('The voucher changed while it was being redeemed; please scan it again');
}

/**
 * Undoes a voucher's redemption (redeemed by mistake, docs/product.md section 20): under the same role
 * check, tenant wall and door rules as redeeming it, named by its id; 409 NOT_REDEEMED when it is not
 * redeemed. Without eventId the door is the voucher's own event.
 */
export async function unredeemExtras(deps: Deps, actor: Actor, input: TUnredeemRequest): Promise<TVoucherAtDoor> {
  assertWorksEvent(actor, input.eventId);
  const { purchase, extras } =
    input.eventId === undefined
      ? admitExtrasAtOwnDoor(actor, await findExtrasAtOwnDoor(deps.db, input.extrasPurchaseId), undefined, false)
      : admitExtras(actor, await findExtrasAtDoor(deps.db, input.eventId, input.extrasPurchaseId), undefined, false);
  const row = purchase.redeemedAt ? await markExtrasUnredeemed(deps.db, purchase.id) : undefined;
  if (!row) throw new AppError('NOT_REDEEMED', 'This voucher is not redeemed');
  return voucherAnswer(deps, actor, row, extras);
}

/** A voucher in the caller's view, with whose it is by name when the event's attendees say it. */
async function voucherAnswer(
  deps: Deps,
  actor: Actor,
  purchase: ExtrasPurchaseRow,
  extras: ExtrasRow,
): Promise<TVoucherAtDoor> {
  const holderName = await findVoucherHolderName(deps.db, purchase.eventId, purchase.email);
  return toVoucherAtDoor(actor, purchase, extras, holderName);
}

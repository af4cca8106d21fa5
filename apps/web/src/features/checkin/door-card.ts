import type { TAnswers, TAnyDoorAttendee, TVoucherAtDoor } from '@clubtix/contract';
import type { LocalAdmission } from './offline/door-sync';
import type { OfflineVerdict } from './offline/offline-check';
import type { QueuedAction, Settled } from './offline/pending';
import { DOOR_TEXT, type DoorProblem, type DoorTone } from './scan-outcome';

export type TicketStatus = 'ready' | 'checkedIn' | 'justCheckedIn';
/** `unredeemed`: its redemption was just undone at this door, so it may be redeemed again. */
export type VoucherStatus = 'ready' | 'redeemed' | 'justRedeemed' | 'unredeemed';

/** What the door's history says about one action. */
export type Outcome = { who: string; result: string; tone: DoorTone };

/** The big card of the scanner page: the answer to the last scan or action. */
export type DoorCard =
  | {
      kind: 'ticket';
      attendee: TAnyDoorAttendee;
      registrationAnswers: TAnswers;
      status: TicketStatus;
      /** A line under the state, such as a check-in waiting for the connection. */
      notice: string | null;
    }
  /**
   * An extras voucher: ready to redeem on a tap, just redeemed, redeemed before, or un-redeemed
   * (docs/decisions/0038-vouchers-at-the-door.md); `notice` says why an un-redeem did not happen.
   * `payload` is the voucher's scanned text, sent again to redeem it: no door answer carries its
   * secret (docs/decisions/0061-staff-scope.md).
   */
  | { kind: 'extras'; purchase: TVoucherAtDoor; payload: string; status: VoucherStatus; notice?: string | null }
  | { kind: 'problem'; problem: DoorProblem }
  /** A code kept on this device until the server can be reached. */
  | { kind: 'queued'; title: string; action: QueuedAction }
  /** A ticket scanned offline with "Check in on scan" off: nothing is kept unless staff ask. */
  | { kind: 'unread'; text: string; attendeeId: string; label: string }
  /** The answer to a queued code, once the connection came back while its card was on screen. */
  | { kind: 'sent'; outcome: Outcome };

/**
 * A scan checked against the list kept on the device, with no server (docs/product.md section 20).
 * `admission` is set once the attendee was let in on this device.
 */
export type OfflineCard = { kind: 'offline'; verdict: OfflineVerdict; admission: LocalAdmission | null };

/** Whatever the door shows: an answer of the server, or a verdict made offline. */
export type ShownCard = DoorCard | OfflineCard;

/** Whether two door actions are about the same ticket or the same extras voucher. */
function sameSubject(a: QueuedAction, b: QueuedAction): boolean {
  if (a.kind === 'extras') return b.kind === 'extras' && a.text === b.text;
  return b.kind !== 'extras' && a.attendeeId === b.attendeeId;
}

/**
 * The card once queued actions got their answers: a card still saying "No connection" about one
 * of them shows what the server said instead (a queued action may have been merged into an
 * earlier one for the same ticket, so the ticket, not the action, is matched).
 */
export function cardAfterSettled(
  card: DoorCard | null,
  settled: readonly Settled<Outcome>[],
  problemOf: (entry: Extract<Settled<Outcome>, { error: unknown }>) => Outcome,
): DoorCard | null {
  if (!card) return card;
  let current: DoorCard = card;
  for (const entry of settled) {
    const outcome = 'outcome' in entry ? entry.outcome : problemOf(entry);
    if (current.kind === 'queued' && sameSubject(current.action, entry.action)) {
      current = { kind: 'sent', outcome };
    } else if (
      current.kind === 'ticket' &&
      current.notice !== null &&
      entry.action.kind !== 'extras' &&
      entry.action.attendeeId === current.attendee.attendeeId
    ) {
      if ('error' in entry) {
        current = { kind: 'sent', outcome };
      } else if (entry.action.kind === 'undo' && current.notice === DOOR_TEXT.undoQueued) {
        current = { ...current, status: 'ready', notice: null, attendee: { ...current.attendee, checkinTime: null } };
      } else if (entry.action.kind !== 'undo' && current.notice === DOOR_TEXT.checkinQueued) {
        current = { ...current, status: 'justCheckedIn', notice: null };
      }
    }
  }
  return current;
}

import type { TAnswers, TAnyDoorAttendee, TVoucherAtDoor } from '@clubtix/contract';
import { i18n } from '../../i18n/i18n';
import {
  cardAfterSettled,
  type DoorCard,
  type Outcome,
  type ShownCard,
  type TicketStatus,
  type VoucherStatus,
} from './door-card';
import type { LocalAdmission } from './offline/door-sync';
import { OFFLINE_TEXT, type OfflineVerdict } from './offline/offline-check';
import { offlineOutcome } from './offline/offline-outcome';
import type { QueuedAction, Settled } from './offline/pending';
import { replayProblem } from './queue-replay';
import { attendeeName, DOOR_TEXT, formatDoorTime, voucherLabel, type DoorProblem, type DoorTone } from './scan-outcome';
import { VOUCHER_TEXT } from './voucher-outcome';

/**
 * Every state of the scanner page in one place: the card of the last scan or action, the short
 * history and what is being done. use-door.ts makes the calls and says what happened as a door
 * event; this reducer alone decides what the card and the history then show.
 */

export interface HistoryEntry {
  id: string;
  at: string;
  who: string;
  result: string;
  tone: DoorTone;
}

export const HISTORY_LENGTH = 10;

export type DoorBusy = 'scan' | 'checkin' | 'undo' | 'redeem' | 'unredeem' | null;

export interface DoorState {
  card: ShownCard | null;
  /** Newest first, at most HISTORY_LENGTH. */
  history: HistoryEntry[];
  busy: DoorBusy;
}

export const INITIAL_DOOR_STATE: DoorState = { card: null, history: [], busy: null };

/** A ticket on the card, with its registration's answers. */
type TicketShown = { attendee: TAnyDoorAttendee; registrationAnswers: TAnswers };

export type DoorEvent =
  | { type: 'busy'; busy: Exclude<DoorBusy, null> }
  /** An action ended; `only` leaves a later action's busy state alone. */
  | { type: 'idle'; only?: Exclude<DoorBusy, null> }
  /** The server's answer to a scanned ticket (checked in by it with "Check in on scan"). */
  | ({ type: 'ticketScanned'; justCheckedIn: boolean } & TicketShown)
  /** An attendee picked from the search: shown as if scanned, nothing logged. */
  | { type: 'attendeePicked'; attendee: TAnyDoorAttendee }
  | ({ type: 'checkedIn' } & TicketShown)
  /** Checked in before (found when checking in): the card shows when. */
  | ({ type: 'foundCheckedIn'; problem: DoorProblem } & TicketShown)
  /** `quiet`: someone else had undone it meanwhile, so nothing happened here to log. */
  | ({ type: 'checkinUndone'; quiet?: boolean } & TicketShown)
  | ({ type: 'ticketNotice'; status: TicketStatus; notice: string } & TicketShown)
  /** Kept on this device until the server can be reached: on a card of its own, or as the ticket's notice. */
  | { type: 'queued'; action: QueuedAction; title: string; ticket?: TicketShown & { status: TicketStatus } }
  /** Scanned offline with "Check in on scan" off: nothing kept unless staff ask (checkInLater). */
  | { type: 'unread'; text: string; attendeeId: string; label: string }
  | { type: 'problem'; who: string; problem: DoorProblem }
  | { type: 'voucherShown'; purchase: TVoucherAtDoor; payload: string; status: VoucherStatus }
  /** Why an un-redeem did not happen, under the voucher shown. */
  | { type: 'voucherNotice'; notice: string }
  /** Queued actions sent once the connection came back. */
  | { type: 'settled'; settled: Settled<Outcome>[] }
  /** A verdict of the list kept on the device; `admission` once the attendee was let in here. */
  | { type: 'offlineVerdict'; verdict: OfflineVerdict; admission: LocalAdmission | null }
  | { type: 'offlineUndone'; card: Extract<ShownCard, { kind: 'offline' }> & { admission: LocalAdmission } }
  | { type: 'cleared' };

/** What the reducer needs from outside, so that it stays pure: a fresh id, the time now and the event's time zone. */
export interface DoorStamp {
  id: string;
  at: string;
  timeZone: string;
}

export type StampedDoorEvent = DoorEvent & { stamp: DoorStamp };

const ticketCard = (shown: TicketShown, status: TicketStatus, notice: string | null = null): DoorCard => ({
  kind: 'ticket',
  attendee: shown.attendee,
  registrationAnswers: shown.registrationAnswers,
  status,
  notice,
});

function logged(state: DoorState, stamp: DoorStamp, outcomes: Outcome[]): HistoryEntry[] {
  const entries = outcomes.map((outcome, index) => ({
    id: outcomes.length === 1 ? stamp.id : `${stamp.id}-${index}`,
    at: stamp.at,
    ...outcome,
  }));
  // Said in turn, so the last one is the newest.
  return [...entries.reverse(), ...state.history].slice(0, HISTORY_LENGTH);
}

/** The card becomes `card` and, with an outcome, the history says it. */
function show(state: DoorState, stamp: DoorStamp, card: ShownCard | null, ...outcomes: Outcome[]): DoorState {
  return { ...state, card, history: outcomes.length ? logged(state, stamp, outcomes) : state.history };
}

function voucherOutcome(purchase: TVoucherAtDoor, status: VoucherStatus, stamp: DoorStamp): Outcome {
  const who = voucherLabel(purchase);
  if (status === 'redeemed' && purchase.redeemedAt) {
    return {
      who,
      result: DOOR_TEXT.alreadyRedeemed(formatDoorTime(purchase.redeemedAt, stamp.timeZone, new Date(stamp.at))),
      tone: 'orange',
    };
  }
  if (status === 'unredeemed') return { who, result: VOUCHER_TEXT.redemptionUndone, tone: 'orange' };
  return { who, result: status === 'ready' ? DOOR_TEXT.readyToRedeem : DOOR_TEXT.extraRedeemed, tone: 'green' };
}

export function reduceDoor(state: DoorState, event: StampedDoorEvent): DoorState {
  const { stamp } = event;
  switch (event.type) {
    case 'busy':
      return { ...state, busy: event.busy };
    case 'idle':
      return event.only && state.busy !== event.only ? state : { ...state, busy: null };
    case 'ticketScanned': {
      const { attendee } = event;
      const who = attendeeName(attendee);
      if (event.justCheckedIn) return show(state, stamp, ticketCard(event, 'justCheckedIn'), checkedIn(who));
      if (attendee.checkinTime) {
        const result = DOOR_TEXT.alreadyCheckedIn(
          formatDoorTime(attendee.checkinTime, stamp.timeZone, new Date(stamp.at)),
        );
        return show(state, stamp, ticketCard(event, 'checkedIn'), { who, result, tone: 'orange' });
      }
      return show(state, stamp, ticketCard(event, 'ready'), { who, result: DOOR_TEXT.ready, tone: 'green' });
    }
    case 'attendeePicked': {
      const { attendee } = event;
      return show(
        state,
        stamp,
        ticketCard({ attendee, registrationAnswers: {} }, attendee.checkinTime ? 'checkedIn' : 'ready'),
      );
    }
    case 'checkedIn':
      return show(state, stamp, ticketCard(event, 'justCheckedIn'), checkedIn(attendeeName(event.attendee)));
    case 'foundCheckedIn': {
      const { problem } = event;
      const attendee = { ...event.attendee, checkinTime: problem.at };
      const card = ticketCard({ attendee, registrationAnswers: event.registrationAnswers }, 'checkedIn');
      return show(state, stamp, card, { who: attendeeName(event.attendee), result: problem.title, tone: problem.tone });
    }
    case 'checkinUndone': {
      const attendee = { ...event.attendee, checkinId: null, checkinTime: null };
      const card = ticketCard({ attendee, registrationAnswers: event.registrationAnswers }, 'ready');
      if (event.quiet) return show(state, stamp, card);
      return show(state, stamp, card, {
        who: attendeeName(event.attendee),
        result: DOOR_TEXT.checkinUndone,
        tone: 'orange',
      });
    }
    case 'ticketNotice':
      return show(state, stamp, ticketCard(event, event.status, event.notice));
    case 'queued': {
      const { action, title, ticket } = event;
      const card: DoorCard = ticket ? ticketCard(ticket, ticket.status, title) : { kind: 'queued', title, action };
      return show(state, stamp, card, { who: action.label, result: title, tone: 'orange' });
    }
    case 'unread': {
      const { text, attendeeId, label } = event;
      return show(
        state,
        stamp,
        { kind: 'unread', text, attendeeId, label },
        {
          who: label,
          result: DOOR_TEXT.notRead,
          tone: 'red',
        },
      );
    }
    case 'problem': {
      const { problem } = event;
      return show(
        state,
        stamp,
        { kind: 'problem', problem },
        { who: event.who, result: problem.title, tone: problem.tone },
      );
    }
    case 'voucherShown': {
      const card: DoorCard = { kind: 'extras', purchase: event.purchase, payload: event.payload, status: event.status };
      return show(state, stamp, card, voucherOutcome(event.purchase, event.status, stamp));
    }
    case 'voucherNotice':
      return state.card?.kind === 'extras' ? { ...state, card: { ...state.card, notice: event.notice } } : state;
    case 'settled': {
      const problemOf = (entry: { action: QueuedAction; error: unknown }) => replayProblem(entry, stamp.timeZone);
      const outcomes = event.settled.map((entry) => {
        const outcome = 'outcome' in entry ? entry.outcome : problemOf(entry);
        return { ...outcome, result: i18n.t('checkin:door.sentLater', { result: outcome.result }) };
      });
      // A card still saying "No connection" about one of them now says what the server answered.
      const card = state.card?.kind === 'offline' ? state.card : cardAfterSettled(state.card, event.settled, problemOf);
      return show(state, stamp, card, ...outcomes);
    }
    case 'offlineVerdict': {
      const { verdict, admission } = event;
      if (admission) {
        return show(
          state,
          stamp,
          { kind: 'offline', verdict, admission },
          {
            who: admission.name,
            result: OFFLINE_TEXT.admitted,
            tone: 'green',
          },
        );
      }
      const outcome = offlineOutcome(verdict, stamp.timeZone, new Date(stamp.at));
      return show(
        state,
        stamp,
        { kind: 'offline', verdict, admission: null },
        {
          who: outcome.who,
          result: outcome.title,
          tone: outcome.tone,
        },
      );
    }
    case 'offlineUndone': {
      const { card } = event;
      return show(
        state,
        stamp,
        { ...card, admission: null },
        {
          who: card.admission.name,
          result: DOOR_TEXT.checkinUndone,
          tone: 'orange',
        },
      );
    }
    case 'cleared':
      return { ...state, card: null };
  }
}

function checkedIn(who: string): Outcome {
  return { who, result: DOOR_TEXT.checkedIn, tone: 'green' };
}

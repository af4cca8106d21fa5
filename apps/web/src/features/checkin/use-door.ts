import {
  formatShortCode,
  normaliseShortCode,
  parseScannedQr,
  type TAnswers,
  type TAnyDoorAttendee,
  type TEvent,
  type TVoucherAtDoor,
} from '@clubtix/contract';
import { useCallback, useEffect, useReducer, useRef } from 'react';
import { isApiError } from '../../api/api-error';
import { i18n } from '../../i18n/i18n';
import { redeemExtras, saveCheckin, scanTicket, undoCheckin, unredeemExtras, useRefreshDoorData } from './api';
import type { DoorCard, Outcome } from './door-card';
import { INITIAL_DOOR_STATE, reduceDoor, type DoorEvent } from './door-state';
import type { QueuedAction, Settled } from './offline/pending';
import type { OfflineDoor } from './offline/use-offline-door';
import { replayAction } from './queue-replay';
import {
  attendeeName,
  DOOR_SUBJECT,
  DOOR_TEXT,
  extrasProblem,
  isConnectionFailure,
  ticketProblem,
  voucherLabel,
} from './scan-outcome';
import { useOfflineScan } from './use-offline-scan';
import { unredeemFailure, withoutRedemption } from './voucher-outcome';

export type ScanSource = 'camera' | 'keyboard' | 'photo' | 'search';

const newId = () => globalThis.crypto.randomUUID();

/**
 * The scanner page's effects: the calls of the door actions. What the page then shows (the card of
 * the last scan, the short history, what is busy) is door-state.ts's reducer; the components only
 * render it. With no connection, what the server must answer later waits on the device with the
 * offline admissions and is sent with them (`offline`, offline/send-pending.ts); with a prepared list,
 * a scan is answered from it (use-offline-scan.ts).
 */
export function useDoor(event: Pick<TEvent, 'id' | 'timezone'>, autoCheckIn: boolean, offline: OfflineDoor) {
  const [state, dispatchStamped] = useReducer(reduceDoor, INITIAL_DOOR_STATE);
  // Only the newest scan may show its answer: a slow reply must not replace a later ticket.
  const latest = useRef(0);
  const refresh = useRefreshDoorData(event.id);
  const zone = event.timezone;

  const dispatch = useCallback(
    (door: DoorEvent) =>
      dispatchStamped({ ...door, stamp: { id: newId(), at: new Date().toISOString(), timeZone: zone } }),
    [zone],
  );

  const perform = (action: QueuedAction) => replayAction(action, zone);
  const offlineScan = useOfflineScan({
    offline,
    autoCheckIn,
    dispatch,
    isLatest: (scanNumber) => scanNumber === latest.current,
  });

  const onSettled = (settled: Settled<Outcome>[]) => {
    dispatch({ type: 'settled', settled });
    refresh();
  };
  // Given anew each render, so a replay formats with the current event's zone and dispatch.
  const { replayWith } = offline;
  useEffect(() => replayWith({ perform, onSettled }));

  const queued = (action: QueuedAction, title: string, ticket?: Extract<DoorEvent, { type: 'queued' }>['ticket']) => {
    // Kept in the device's store; should that fail (storage refused), the card still says what happened.
    offline.enqueue(action).catch(() => undefined);
    dispatch({ type: 'queued', action, title, ticket });
  };

  const base = () => ({ id: newId(), eventId: event.id, queuedAt: new Date().toISOString() });

  /**
   * A door action on a tap, in one sequence: busy, the call, its answer shown and the counts
   * refreshed; with no connection, `queue` keeps it for later (when it may wait); any other refusal
   * goes to `failed`.
   */
  const act = async <T>(
    busy: Extract<DoorEvent, { type: 'busy' }>['busy'],
    steps: { call: () => Promise<T>; done: (answer: T) => void; queue?: () => void; failed: (error: unknown) => void },
  ) => {
    dispatch({ type: 'busy', busy });
    try {
      steps.done(await steps.call());
      refresh();
    } catch (error) {
      if (steps.queue && isConnectionFailure(error)) steps.queue();
      else steps.failed(error);
    } finally {
      dispatch({ type: 'idle' });
    }
  };

  const checkIn = (attendee: TAnyDoorAttendee, registrationAnswers: TAnswers) =>
    act('checkin', {
      call: () => saveCheckin(event.id, attendee.registrationId, attendee.attendeeId),
      done: (checkin) =>
        dispatch({
          type: 'checkedIn',
          attendee: { ...attendee, checkinId: checkin.id, checkinTime: checkin.createdAt },
          registrationAnswers,
        }),
      queue: () => {
        const action = { ...base(), kind: 'checkin' as const, label: attendeeName(attendee), ...pickIds(attendee) };
        queued(action, DOOR_TEXT.checkinQueued, { attendee, registrationAnswers, status: 'ready' });
      },
      failed: (error) => {
        const problem = ticketProblem(error, zone);
        if (problem.at) dispatch({ type: 'foundCheckedIn', attendee, registrationAnswers, problem });
        else dispatch({ type: 'problem', who: attendeeName(attendee), problem });
      },
    });

  const undo = (attendee: TAnyDoorAttendee, registrationAnswers: TAnswers) =>
    act('undo', {
      call: () => undoCheckin(event.id, attendee.attendeeId),
      done: () => dispatch({ type: 'checkinUndone', attendee, registrationAnswers }),
      queue: () => {
        const action = {
          ...base(),
          kind: 'undo' as const,
          label: attendeeName(attendee),
          attendeeId: attendee.attendeeId,
        };
        queued(action, DOOR_TEXT.undoQueued, { attendee, registrationAnswers, status: 'checkedIn' });
      },
      failed: (error) => {
        if (isApiError(error) && error.status === 404) {
          // Someone else undid it meanwhile: the attendee is not checked in, which is what was wanted.
          dispatch({ type: 'checkinUndone', attendee, registrationAnswers, quiet: true });
          return;
        }
        const notice = isApiError(error) ? error.msg : i18n.t('checkin:door.undoFailed');
        dispatch({ type: 'ticketNotice', attendee, registrationAnswers, status: 'checkedIn', notice });
      },
    });

  /** A problem found before asking the server, such as a photo without a QR code. */
  const showProblem = (who: string, title: string) => {
    latest.current++;
    dispatch({ type: 'problem', who, problem: { title, detail: null, tone: 'red', at: null } });
  };

  /**
   * A ticket's QR text, or its short code as typed (the server reads it, docs/product.md section 20).
   * `key` stands for the attendee among the actions kept offline: its id, or the code (one per ticket at an event).
   */
  const scan = async (text: string, ticket: { key: string; label: string }, scanNumber: number) => {
    try {
      // With "Check in on scan" the same call checks the attendee in: one round trip at the door.
      const { registration, attendee, justCheckedIn } = await scanTicket(event.id, text, autoCheckIn);
      if (scanNumber !== latest.current) return;
      dispatch({
        type: 'ticketScanned',
        attendee,
        registrationAnswers: registration.answers,
        justCheckedIn: justCheckedIn === true,
      });
      if (justCheckedIn) refresh();
    } catch (error) {
      if (scanNumber !== latest.current) return;
      if (isConnectionFailure(error)) {
        // With a list prepared, the ticket is checked against it: no need to wait for the server.
        if (await offlineScan.scanOffline(text, scanNumber)) return;
        const { key: attendeeId, label } = ticket;
        if (!autoCheckIn) {
          // Replayed, a scan checks in: without "Check in on scan" that is staff's call, not the queue's.
          dispatch({ type: 'unread', text, attendeeId, label });
          return;
        }
        queued({ ...base(), kind: 'scan', label, text, attendeeId }, DOOR_TEXT.scanQueued);
        return;
      }
      dispatch({ type: 'problem', who: DOOR_SUBJECT.ticket, problem: ticketProblem(error, zone) });
    }
  };

  // Without "Check in on scan" a voucher is only looked up and redeemed on a tap (redeemVoucher).
  const redeem = async (text: string, scanNumber: number) => {
    try {
      const purchase = await redeemExtras(event.id, text, autoCheckIn);
      if (scanNumber !== latest.current) return;
      const status = autoCheckIn ? 'justRedeemed' : purchase.redeemedAt ? 'redeemed' : 'ready';
      dispatch({ type: 'voucherShown', purchase, payload: text, status });
      if (autoCheckIn) refresh();
    } catch (error) {
      if (scanNumber !== latest.current) return;
      if (isConnectionFailure(error)) {
        if (!autoCheckIn) {
          showProblem(DOOR_SUBJECT.voucher, DOOR_TEXT.voucherNotRead);
          return;
        }
        queued({ ...base(), kind: 'extras', label: DOOR_SUBJECT.voucher, text }, DOOR_TEXT.scanQueued);
        return;
      }
      const problem = extrasProblem(error, zone);
      // Redeemed before: look it up to say what and whose it is, not only when.
      const seen = problem.at ? await redeemExtras(event.id, text, false).catch(() => null) : null;
      if (scanNumber !== latest.current) return;
      if (seen?.redeemedAt) dispatch({ type: 'voucherShown', purchase: seen, payload: text, status: 'redeemed' });
      else dispatch({ type: 'problem', who: DOOR_SUBJECT.voucher, problem });
    }
  };

  /** The tap on "Redeem" of a voucher shown ready: its scanned text sent again (no answer carries its secret). */
  const redeemVoucher = (purchase: TVoucherAtDoor, text: string) =>
    act('redeem', {
      call: () => redeemExtras(event.id, text),
      done: (redeemed) => dispatch({ type: 'voucherShown', purchase: redeemed, payload: text, status: 'justRedeemed' }),
      queue: () => queued({ ...base(), kind: 'extras', label: voucherLabel(purchase), text }, DOOR_TEXT.redeemQueued),
      failed: (error) => {
        const problem = extrasProblem(error, zone);
        if (problem.at)
          dispatch({
            type: 'voucherShown',
            purchase: { ...purchase, redeemedAt: problem.at },
            payload: text,
            status: 'redeemed',
          });
        else dispatch({ type: 'problem', who: voucherLabel(purchase), problem });
      },
    });

  /** "Un-redeem" on a redeemed voucher, once confirmed: it may then be redeemed again. */
  const unredeemVoucher = (purchase: TVoucherAtDoor, text: string) =>
    act('unredeem', {
      call: () => unredeemExtras(event.id, purchase.id),
      done: (unredeemed) =>
        dispatch({ type: 'voucherShown', purchase: unredeemed, payload: text, status: 'unredeemed' }),
      // Not queued offline: an un-redeem is a correction staff make while looking at the voucher.
      failed: (error) => {
        const failure = unredeemFailure(error);
        if (failure.isUnredeemed)
          dispatch({
            type: 'voucherShown',
            purchase: withoutRedemption(purchase),
            payload: text,
            status: 'unredeemed',
          });
        else dispatch({ type: 'voucherNotice', notice: failure.notice });
      },
    });

  /** A code from the camera, a USB scanner, a photo or typed in: a ticket or an extras voucher. */
  const handleCode = async (text: string) => {
    const scanNumber = ++latest.current;
    const qr = parseScannedQr(text);
    const shortCode = qr ? null : normaliseShortCode(text);
    // A typed short code is sent as typed: the server reads it in any case, with or without the dash.
    const ticket =
      qr?.kind === 'ticket'
        ? { key: qr.attendeeId, label: i18n.t('checkin:door.ticketLabel', { code: `…${qr.attendeeId.slice(-6)}` }) }
        : qr?.kind === 'pass'
          ? // A season pass is a ticket at each event of its series: the server finds its place here.
            {
              key: `pass:${qr.passPurchaseId}`,
              label: i18n.t('checkin:door.ticketLabel', { code: `…${qr.passPurchaseId.slice(-6)}` }),
            }
          : shortCode
            ? {
                key: `code:${shortCode}`,
                label: i18n.t('checkin:door.ticketLabel', { code: formatShortCode(shortCode) }),
              }
            : null;
    if (!qr && !ticket) {
      showProblem(DOOR_SUBJECT.code, DOOR_TEXT.notOurCode);
      return;
    }
    dispatch({ type: 'busy', busy: 'scan' });
    try {
      // The browser knows it is offline: a prepared list answers at once instead of a failing call.
      if (ticket && offlineScan.isOfflineFirst() && (await offlineScan.scanOffline(text, scanNumber))) return;
      if (ticket) await scan(text, ticket, scanNumber);
      else await redeem(text, scanNumber);
    } finally {
      if (scanNumber === latest.current) dispatch({ type: 'idle', only: 'scan' });
    }
  };

  /** "Check in when back online" on a ticket scanned offline: kept and checked in once sent. */
  const checkInLater = (unread: Extract<DoorCard, { kind: 'unread' }>) => {
    const { label, text, attendeeId } = unread;
    queued({ ...base(), kind: 'scan', label, text, attendeeId }, DOOR_TEXT.checkinQueued);
  };

  /** An attendee picked from the search: shown as if scanned, without its registration's answers. */
  const showAttendee = (attendee: TAnyDoorAttendee) => {
    latest.current++;
    dispatch({ type: 'attendeePicked', attendee });
  };

  return {
    card: state.card,
    history: state.history,
    busy: state.busy,
    handleCode,
    showAttendee,
    showProblem,
    checkIn,
    checkInLater,
    undo,
    redeemVoucher,
    unredeemVoucher,
    admitOffline: offlineScan.admitOffline,
    undoOffline: offlineScan.undoOffline,
    clear: () => dispatch({ type: 'cleared' }),
  };
}

function pickIds(attendee: TAnyDoorAttendee) {
  return { registrationId: attendee.registrationId, attendeeId: attendee.attendeeId };
}

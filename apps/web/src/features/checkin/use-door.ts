import {
  extrasQrText,
  formatShortCode,
  normaliseShortCode,
  parseScannedQr,
  type TAnswers,
  type TAttendee,
  type TEvent,
  type TExtrasPurchase,
} from '@clubtix/contract';
import { useCallback, useRef, useState } from 'react';
import { isApiError } from '../../api/api-error';
import { i18n } from '../../i18n/i18n';
import { redeemExtras, saveCheckin, scanTicket, undoCheckin, unredeemExtras, useRefreshDoorData } from './api';
import { cardAfterSettled, type DoorCard, type Outcome, type ShownCard, type VoucherStatus } from './door-card';
import type { OfflineDoor } from './offline/use-offline-door';
import type { QueuedAction, Settled } from './offline-queue';
import { replayAction, replayProblem } from './queue-replay';
import {
  attendeeName,
  DOOR_SUBJECT,
  DOOR_TEXT,
  extrasProblem,
  formatDoorTime,
  isConnectionFailure,
  ticketProblem,
  voucherLabel,
  type DoorTone,
} from './scan-outcome';
import { useOfflineQueue } from './use-offline-queue';
import { useOfflineScan } from './use-offline-scan';
import { unredeemFailure, VOUCHER_TEXT, withoutRedemption } from './voucher-outcome';

export interface HistoryEntry {
  id: string;
  at: string;
  who: string;
  result: string;
  tone: DoorTone;
}

export const HISTORY_LENGTH = 10;

export type DoorBusy = 'scan' | 'checkin' | 'undo' | 'redeem' | 'unredeem' | null;

export type ScanSource = 'camera' | 'keyboard' | 'photo' | 'search';

const newId = () => globalThis.crypto.randomUUID();

/**
 * The scanner page's state: the card of the last scan, the short history, the door actions and
 * their offline queue. Everything the page shows comes from here; the components only render it.
 * With a prepared list (`offline`), a scan with no connection is answered from it (use-offline-scan.ts);
 * without one the queue keeps what the server must answer later.
 */
export function useDoor(event: Pick<TEvent, 'id' | 'timezone'>, autoCheckIn: boolean, offline: OfflineDoor) {
  const [card, setCard] = useState<ShownCard | null>(null);
  const [history, setHistory] = useState<HistoryEntry[]>([]);
  const [busy, setBusy] = useState<DoorBusy>(null);
  // Only the newest scan may show its answer: a slow reply must not replace a later ticket.
  const latest = useRef(0);
  const refresh = useRefreshDoorData(event.id);
  const zone = event.timezone;

  const log = useCallback((outcome: Outcome) => {
    const entry = { id: newId(), at: new Date().toISOString(), ...outcome };
    setHistory((entries) => [entry, ...entries].slice(0, HISTORY_LENGTH));
  }, []);

  const alreadyIn = (at: string) => DOOR_TEXT.alreadyCheckedIn(formatDoorTime(at, zone));
  const perform = (action: QueuedAction) => replayAction(action, zone);
  const problemOutcome = (entry: { action: QueuedAction; error: unknown }) => replayProblem(entry, zone);
  const offlineScan = useOfflineScan({
    offline,
    autoCheckIn,
    timeZone: zone,
    setCard,
    log,
    isLatest: (scanNumber) => scanNumber === latest.current,
  });

  const onSettled = (settled: Settled<Outcome>[]) => {
    for (const entry of settled) {
      const outcome = 'outcome' in entry ? entry.outcome : problemOutcome(entry);
      log({ ...outcome, result: i18n.t('checkin:door.sentLater', { result: outcome.result }) });
    }
    // A card still saying "No connection" about one of them now says what the server answered.
    setCard((current) => (current?.kind === 'offline' ? current : cardAfterSettled(current, settled, problemOutcome)));
    refresh();
  };

  const queue = useOfflineQueue({ eventId: event.id, perform, onSettled });

  const queued = (action: QueuedAction, title: string) => {
    queue.add(action);
    log({ who: action.label, result: title, tone: 'orange' });
  };

  const base = () => ({ id: newId(), eventId: event.id, queuedAt: new Date().toISOString() });

  const checkIn = async (attendee: TAttendee, registrationAnswers: TAnswers) => {
    const who = attendeeName(attendee);
    const show = (patch: Partial<Extract<DoorCard, { kind: 'ticket' }>>) =>
      setCard({ kind: 'ticket', attendee, registrationAnswers, status: 'ready', notice: null, ...patch });
    setBusy('checkin');
    try {
      const checkin = await saveCheckin(event.id, attendee.registrationId, attendee.attendeeId);
      show({
        attendee: { ...attendee, checkinId: checkin.id, checkinTime: checkin.createdAt },
        status: 'justCheckedIn',
      });
      log({ who, result: DOOR_TEXT.checkedIn, tone: 'green' });
      refresh();
    } catch (error) {
      if (isConnectionFailure(error)) {
        const action = { ...base(), kind: 'checkin' as const, label: who, ...pickIds(attendee) };
        queued(action, DOOR_TEXT.checkinQueued);
        show({ notice: DOOR_TEXT.checkinQueued });
        return;
      }
      const problem = ticketProblem(error, zone);
      if (problem.at) {
        show({ attendee: { ...attendee, checkinTime: problem.at }, status: 'checkedIn' });
      } else {
        setCard({ kind: 'problem', problem });
      }
      log({ who, result: problem.title, tone: problem.tone });
    } finally {
      setBusy(null);
    }
  };

  const undo = async (attendee: TAttendee, registrationAnswers: TAnswers) => {
    const who = attendeeName(attendee);
    const show = (patch: Partial<Extract<DoorCard, { kind: 'ticket' }>>) =>
      setCard({ kind: 'ticket', attendee, registrationAnswers, status: 'checkedIn', notice: null, ...patch });
    setBusy('undo');
    try {
      await undoCheckin(event.id, attendee.attendeeId);
      show({ attendee: { ...attendee, checkinId: null, checkinTime: null }, status: 'ready' });
      log({ who, result: DOOR_TEXT.checkinUndone, tone: 'orange' });
      refresh();
    } catch (error) {
      if (isConnectionFailure(error)) {
        queued({ ...base(), kind: 'undo', label: who, attendeeId: attendee.attendeeId }, DOOR_TEXT.undoQueued);
        show({ notice: DOOR_TEXT.undoQueued });
      } else if (isApiError(error) && error.status === 404) {
        // Someone else undid it meanwhile: the attendee is not checked in, which is what was wanted.
        show({ attendee: { ...attendee, checkinId: null, checkinTime: null }, status: 'ready' });
      } else {
        show({ notice: isApiError(error) ? error.msg : i18n.t('checkin:door.undoFailed') });
      }
    } finally {
      setBusy(null);
    }
  };

  /** A problem found before asking the server, such as a photo without a QR code. */
  const showProblem = (who: string, title: string) => {
    latest.current++;
    setCard({ kind: 'problem', problem: { title, detail: null, tone: 'red', at: null } });
    log({ who, result: title, tone: 'red' });
  };

  /**
   * A ticket's QR text, or its short code as typed (the server reads it, docs/product.md section 20).
   * `key` stands for the attendee in the offline queue: its id, or the code (one per ticket at an event).
   */
  const scan = async (text: string, ticket: { key: string; label: string }, scanNumber: number) => {
    try {
      // With "Check in on scan" the same call checks the attendee in: one round trip at the door.
      const { registration, attendee, justCheckedIn } = await scanTicket(event.id, text, autoCheckIn);
      if (scanNumber !== latest.current) return;
      const registrationAnswers = registration.answers;
      if (justCheckedIn) {
        setCard({ kind: 'ticket', attendee, registrationAnswers, status: 'justCheckedIn', notice: null });
        log({ who: attendeeName(attendee), result: DOOR_TEXT.checkedIn, tone: 'green' });
        refresh();
      } else if (attendee.checkinTime) {
        setCard({ kind: 'ticket', attendee, registrationAnswers, status: 'checkedIn', notice: null });
        log({ who: attendeeName(attendee), result: alreadyIn(attendee.checkinTime), tone: 'orange' });
      } else {
        setCard({ kind: 'ticket', attendee, registrationAnswers, status: 'ready', notice: null });
        log({ who: attendeeName(attendee), result: DOOR_TEXT.ready, tone: 'green' });
      }
    } catch (error) {
      if (scanNumber !== latest.current) return;
      if (isConnectionFailure(error)) {
        // With a list prepared, the ticket is checked against it: no need to wait for the server.
        if (await offlineScan.scanOffline(text, scanNumber)) return;
        const { key: attendeeId, label } = ticket;
        if (!autoCheckIn) {
          // Replayed, a scan checks in: without "Check in on scan" that is staff's call, not the queue's.
          setCard({ kind: 'unread', text, attendeeId, label });
          log({ who: label, result: DOOR_TEXT.notRead, tone: 'red' });
          return;
        }
        const action = { ...base(), kind: 'scan' as const, label, text, attendeeId };
        queued(action, DOOR_TEXT.scanQueued);
        setCard({ kind: 'queued', title: DOOR_TEXT.scanQueued, action });
        return;
      }
      const problem = ticketProblem(error, zone);
      setCard({ kind: 'problem', problem });
      log({ who: DOOR_SUBJECT.ticket, result: problem.title, tone: problem.tone });
    }
  };

  /** A voucher on the card and in the history: what and whose, and when if redeemed before. */
  const showVoucher = (purchase: TExtrasPurchase, status: VoucherStatus) => {
    setCard({ kind: 'extras', purchase, status });
    const who = voucherLabel(purchase);
    if (status === 'redeemed' && purchase.redeemedAt) {
      log({ who, result: DOOR_TEXT.alreadyRedeemed(formatDoorTime(purchase.redeemedAt, zone)), tone: 'orange' });
    } else if (status === 'unredeemed') {
      log({ who, result: VOUCHER_TEXT.redemptionUndone, tone: 'orange' });
    } else {
      const result = status === 'ready' ? DOOR_TEXT.readyToRedeem : DOOR_TEXT.extraRedeemed;
      log({ who, result, tone: 'green' });
    }
  };

  // Without "Check in on scan" a voucher is only looked up and redeemed on a tap (redeemVoucher).
  const redeem = async (text: string, scanNumber: number) => {
    try {
      const purchase = await redeemExtras(event.id, text, autoCheckIn);
      if (scanNumber !== latest.current) return;
      showVoucher(purchase, autoCheckIn ? 'justRedeemed' : purchase.redeemedAt ? 'redeemed' : 'ready');
      if (autoCheckIn) refresh();
    } catch (error) {
      if (scanNumber !== latest.current) return;
      if (isConnectionFailure(error)) {
        if (!autoCheckIn) {
          showProblem(DOOR_SUBJECT.voucher, DOOR_TEXT.voucherNotRead);
          return;
        }
        const action = { ...base(), kind: 'extras' as const, label: DOOR_SUBJECT.voucher, text };
        queued(action, DOOR_TEXT.scanQueued);
        setCard({ kind: 'queued', title: DOOR_TEXT.scanQueued, action });
        return;
      }
      const problem = extrasProblem(error, zone);
      // Redeemed before: look it up to say what and whose it is, not only when.
      const seen = problem.at ? await redeemExtras(event.id, text, false).catch(() => null) : null;
      if (scanNumber !== latest.current) return;
      if (seen?.redeemedAt) {
        showVoucher(seen, 'redeemed');
        return;
      }
      setCard({ kind: 'problem', problem });
      log({ who: DOOR_SUBJECT.voucher, result: problem.title, tone: problem.tone });
    }
  };

  /** The tap on "Redeem" of a voucher shown ready. */
  const redeemVoucher = async (purchase: TExtrasPurchase) => {
    const text = extrasQrText(purchase.id, purchase.qrUuid);
    setBusy('redeem');
    try {
      showVoucher(await redeemExtras(event.id, text), 'justRedeemed');
      refresh();
    } catch (error) {
      if (isConnectionFailure(error)) {
        const action = { ...base(), kind: 'extras' as const, label: voucherLabel(purchase), text };
        queued(action, DOOR_TEXT.redeemQueued);
        setCard({ kind: 'queued', title: DOOR_TEXT.redeemQueued, action });
        return;
      }
      const problem = extrasProblem(error, zone);
      if (problem.at) showVoucher({ ...purchase, redeemedAt: problem.at }, 'redeemed');
      else {
        setCard({ kind: 'problem', problem });
        log({ who: voucherLabel(purchase), result: problem.title, tone: problem.tone });
      }
    } finally {
      setBusy(null);
    }
  };

  /** "Un-redeem" on a redeemed voucher, once confirmed: it may then be redeemed again. */
  const unredeemVoucher = async (purchase: TExtrasPurchase) => {
    setBusy('unredeem');
    try {
      showVoucher(await unredeemExtras(event.id, purchase.id), 'unredeemed');
      refresh();
    } catch (error) {
      // Not queued offline: an un-redeem is a correction staff make while looking at the voucher.
      const failure = unredeemFailure(error);
      if (failure.isUnredeemed) showVoucher(withoutRedemption(purchase), 'unredeemed');
      else setCard((shown) => (shown?.kind === 'extras' ? { ...shown, notice: failure.notice } : shown));
    } finally {
      setBusy(null);
    }
  };

  /** A code from the camera, a USB scanner, a photo or typed in: a ticket or an extras voucher. */
  const handleCode = async (text: string) => {
    const scanNumber = ++latest.current;
    const qr = parseScannedQr(text);
    const shortCode = qr ? null : normaliseShortCode(text);
    // A typed short code is sent as typed: the server reads it in any case, with or without the dash.
    const ticket =
      qr?.kind === 'ticket'
        ? { key: qr.attendeeId, label: i18n.t('checkin:door.ticketLabel', { code: `…${qr.attendeeId.slice(-6)}` }) }
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
    setBusy('scan');
    try {
      // The browser knows it is offline: a prepared list answers at once instead of a failing call.
      if (ticket && offlineScan.isOfflineFirst() && (await offlineScan.scanOffline(text, scanNumber))) return;
      if (ticket) await scan(text, ticket, scanNumber);
      else await redeem(text, scanNumber);
    } finally {
      if (scanNumber === latest.current) setBusy((current) => (current === 'scan' ? null : current));
    }
  };

  /** "Check in when back online" on a ticket scanned offline: kept and checked in once sent. */
  const checkInLater = (unread: Extract<DoorCard, { kind: 'unread' }>) => {
    const action = {
      ...base(),
      kind: 'scan' as const,
      label: unread.label,
      text: unread.text,
      attendeeId: unread.attendeeId,
    };
    queued(action, DOOR_TEXT.checkinQueued);
    setCard({ kind: 'queued', title: DOOR_TEXT.checkinQueued, action });
  };

  /** An attendee picked from the search: shown as if scanned, without its registration's answers. */
  const showAttendee = (attendee: TAttendee) => {
    latest.current++;
    setCard({
      kind: 'ticket',
      attendee,
      registrationAnswers: {},
      status: attendee.checkinTime ? 'checkedIn' : 'ready',
      notice: null,
    });
  };

  return {
    card,
    history,
    busy,
    queue,
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
    clear: () => setCard(null),
  };
}

function pickIds(attendee: TAttendee) {
  return { registrationId: attendee.registrationId, attendeeId: attendee.attendeeId };
}

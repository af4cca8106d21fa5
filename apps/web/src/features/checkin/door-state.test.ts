import type { TDoorListAttendee } from '@clubtix/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n, startI18n } from '../../i18n/i18n';
import {
  HISTORY_LENGTH,
  INITIAL_DOOR_STATE,
  reduceDoor,
  type DoorEvent,
  type DoorState,
  type StampedDoorEvent,
} from './door-state';
import { ADA as ada } from './door-fixtures';
import { OFFLINE_TEXT } from './offline/offline-check';
import type { QueuedAction } from './offline/pending';
import { DOOR_SUBJECT, DOOR_TEXT } from './scan-outcome';

// The door's words in English, as the tests read them.
beforeAll(async () => {
  await startI18n('en');
  await i18n.loadNamespaces('checkin');
});

// 21:30 on 30 June 2026 in London (BST, UTC+1).
const at = '2026-06-30T20:30:00.000Z';
let ids = 0;
const stamped = (event: DoorEvent): StampedDoorEvent => ({
  ...event,
  stamp: { id: `e${++ids}`, at, timeZone: 'Europe/London' },
});
/** The state after these events, from an empty door. */
const after = (...events: DoorEvent[]): DoorState => events.map(stamped).reduce(reduceDoor, INITIAL_DOOR_STATE);
const said = (state: DoorState) => state.history.map(({ who, result, tone }) => ({ who, result, tone }));

const answers = { diet: 'none' };
const base = { eventId: 'e1', queuedAt: at };
const scanAction: QueuedAction = { ...base, id: 'q1', kind: 'scan', label: 'Ticket …a1', text: 'qr', attendeeId: 'a1' };

describe('reduceDoor: tickets', () => {
  it('shows a scanned ticket checked in now, checked in before (on the event clock), or ready', () => {
    const now = after({ type: 'ticketScanned', attendee: ada, registrationAnswers: answers, justCheckedIn: true });
    expect(now.card).toEqual({
      kind: 'ticket',
      attendee: ada,
      registrationAnswers: answers,
      status: 'justCheckedIn',
      notice: null,
    });
    expect(said(now)).toEqual([{ who: 'Ada Lovelace', result: DOOR_TEXT.checkedIn, tone: 'green' }]);

    const inside = { ...ada, checkinTime: '2026-06-30T18:05:00.000Z' };
    const before = after({ type: 'ticketScanned', attendee: inside, registrationAnswers: {}, justCheckedIn: false });
    expect(before.card).toMatchObject({ kind: 'ticket', status: 'checkedIn' });
    expect(said(before)).toEqual([{ who: 'Ada Lovelace', result: 'Already checked in at 19:05', tone: 'orange' }]);

    const ready = after({ type: 'ticketScanned', attendee: ada, registrationAnswers: {}, justCheckedIn: false });
    expect(ready.card).toMatchObject({ kind: 'ticket', status: 'ready' });
    expect(said(ready)).toEqual([{ who: 'Ada Lovelace', result: DOOR_TEXT.ready, tone: 'green' }]);
  });

  it('keeps the newest HISTORY_LENGTH lines, newest first, each with its own id', () => {
    const names = Array.from({ length: HISTORY_LENGTH + 2 }, (_, i) => `Guest ${i}`);
    const state = after(
      ...names.map((firstName): DoorEvent => ({
        type: 'ticketScanned',
        attendee: { ...ada, firstName, lastName: '' },
        registrationAnswers: {},
        justCheckedIn: true,
      })),
    );
    expect(state.history.map((entry) => entry.who)).toEqual(names.slice(2).reverse());
    expect(new Set(state.history.map((entry) => entry.id)).size).toBe(HISTORY_LENGTH);
  });

  it('shows an attendee picked from the search without a line in the history', () => {
    const state = after({ type: 'attendeePicked', attendee: { ...ada, checkinTime: at } });
    expect(state.card).toMatchObject({ kind: 'ticket', status: 'checkedIn', registrationAnswers: {} });
    expect(state.history).toEqual([]);
  });

  it('a check-in found done before shows when; an undo done elsewhere shows ready and says nothing', () => {
    const problem = {
      title: 'Already checked in at 19:05',
      detail: null,
      tone: 'orange' as const,
      at: '2026-06-30T18:05:00.000Z',
    };
    const found = after({ type: 'foundCheckedIn', attendee: ada, registrationAnswers: answers, problem });
    expect(found.card).toMatchObject({ kind: 'ticket', status: 'checkedIn', attendee: { checkinTime: problem.at } });
    expect(said(found)).toEqual([{ who: 'Ada Lovelace', result: problem.title, tone: 'orange' }]);

    const inside = { ...ada, checkinId: 'c1', checkinTime: at };
    const quiet = after({ type: 'checkinUndone', attendee: inside, registrationAnswers: answers, quiet: true });
    expect(quiet.card).toMatchObject({
      kind: 'ticket',
      status: 'ready',
      attendee: { checkinId: null, checkinTime: null },
    });
    expect(quiet.history).toEqual([]);
    const undone = after({ type: 'checkinUndone', attendee: inside, registrationAnswers: answers });
    expect(said(undone)).toEqual([{ who: 'Ada Lovelace', result: DOOR_TEXT.checkinUndone, tone: 'orange' }]);
  });

  it('a problem shows its card and its line', () => {
    const problem = { title: DOOR_TEXT.wrongEvent, detail: null, tone: 'red' as const, at: null };
    const state = after({ type: 'problem', who: DOOR_SUBJECT.ticket, problem });
    expect(state.card).toEqual({ kind: 'problem', problem });
    expect(said(state)).toEqual([{ who: DOOR_SUBJECT.ticket, result: DOOR_TEXT.wrongEvent, tone: 'red' }]);
  });
});

describe('reduceDoor: with no connection', () => {
  it('a queued action shows on a card of its own, or as the notice of the ticket on screen', () => {
    const own = after({ type: 'queued', action: scanAction, title: DOOR_TEXT.scanQueued });
    expect(own.card).toEqual({ kind: 'queued', title: DOOR_TEXT.scanQueued, action: scanAction });
    expect(said(own)).toEqual([{ who: 'Ticket …a1', result: DOOR_TEXT.scanQueued, tone: 'orange' }]);

    const ticket = { attendee: ada, registrationAnswers: answers, status: 'ready' as const };
    const notice = after({ type: 'queued', action: scanAction, title: DOOR_TEXT.checkinQueued, ticket });
    expect(notice.card).toMatchObject({ kind: 'ticket', status: 'ready', notice: DOOR_TEXT.checkinQueued });
  });

  it('once sent, each answer is logged in turn and the waiting card says what the server answered', () => {
    const waiting = after({ type: 'queued', action: scanAction, title: DOOR_TEXT.scanQueued });
    const checkedIn = { who: 'Ada Lovelace', result: DOOR_TEXT.checkedIn, tone: 'green' as const };
    const other = { ...scanAction, id: 'q2', attendeeId: 'a2', label: 'Ticket …a2' };
    const sent = reduceDoor(
      waiting,
      stamped({
        type: 'settled',
        settled: [
          { action: scanAction, outcome: checkedIn },
          { action: other, outcome: { ...checkedIn, who: 'Grace Hopper' } },
        ],
      }),
    );
    expect(sent.card).toEqual({ kind: 'sent', outcome: checkedIn });
    expect(said(sent).map((line) => line.who)).toEqual(['Grace Hopper', 'Ada Lovelace', 'Ticket …a1']);
    expect(sent.history[0]!.result).toBe(i18n.t('checkin:door.sentLater', { result: DOOR_TEXT.checkedIn }));
  });

  it('a ticket not read offline is kept only on staff request', () => {
    const state = after({ type: 'unread', text: 'qr', attendeeId: 'a1', label: 'Ticket …a1' });
    expect(state.card).toEqual({ kind: 'unread', text: 'qr', attendeeId: 'a1', label: 'Ticket …a1' });
    expect(said(state)).toEqual([{ who: 'Ticket …a1', result: DOOR_TEXT.notRead, tone: 'red' }]);
  });

  it('an offline admission is shown and logged, and its undo too; an offline card stays when queued actions settle', () => {
    const listed: TDoorListAttendee = {
      attendeeId: 'a1',
      registrationId: 'r1',
      codeHash: 'c',
      qrHash: 'q',
      firstName: 'Ada',
      lastName: 'Lovelace',
      ticketName: 'Adult',
      checkedInAt: null,
      checkedInDeviceId: null,
    };
    const verdict = { kind: 'valid' as const, attendee: listed, via: 'qr' as const };
    const admission = {
      kind: 'admit' as const,
      id: 'l1',
      eventId: 'e1',
      attendeeId: 'a1',
      at,
      name: 'Ada Lovelace',
      ticketName: 'Adult',
      syncedAt: null,
    };
    const admitted = after({ type: 'offlineVerdict', verdict, admission });
    expect(admitted.card).toEqual({ kind: 'offline', verdict, admission });
    expect(said(admitted)).toEqual([{ who: 'Ada Lovelace', result: OFFLINE_TEXT.admitted, tone: 'green' }]);

    const undone = reduceDoor(
      admitted,
      stamped({ type: 'offlineUndone', card: { kind: 'offline', verdict, admission } }),
    );
    expect(undone.card).toEqual({ kind: 'offline', verdict, admission: null });
    expect(said(undone)[0]).toEqual({ who: 'Ada Lovelace', result: DOOR_TEXT.checkinUndone, tone: 'orange' });

    const settled = reduceDoor(undone, stamped({ type: 'settled', settled: [] }));
    expect(settled.card).toBe(undone.card);
  });
});

describe('reduceDoor: vouchers, busy and clear', () => {
  it('an un-redeem refused shows its notice on the voucher only', () => {
    const nothing = after({ type: 'voucherNotice', notice: 'No' });
    expect(nothing).toEqual(INITIAL_DOOR_STATE);
  });

  it('a scan ends its own busy state only; other actions end theirs', () => {
    expect(after({ type: 'busy', busy: 'scan' }).busy).toBe('scan');
    expect(after({ type: 'busy', busy: 'checkin' }, { type: 'idle', only: 'scan' }).busy).toBe('checkin');
    expect(after({ type: 'busy', busy: 'scan' }, { type: 'idle', only: 'scan' }).busy).toBeNull();
    expect(after({ type: 'busy', busy: 'undo' }, { type: 'idle' }).busy).toBeNull();
  });

  it('clear empties the card and keeps the history', () => {
    const state = after({ type: 'unread', text: 'qr', attendeeId: 'a1', label: 'Ticket …a1' }, { type: 'cleared' });
    expect(state.card).toBeNull();
    expect(state.history).toHaveLength(1);
  });
});

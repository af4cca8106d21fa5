import { beforeAll, describe, expect, it } from 'vitest';
import { cardAfterSettled, type DoorCard, type Outcome } from './door-card';
import type { QueuedAction } from './offline/pending';
import { ADA as attendee } from './door-fixtures';
import { DOOR_TEXT } from './scan-outcome';
import { i18n, startI18n } from '../../i18n/i18n';

// The door's words in English, as the tests read them.
beforeAll(async () => {
  await startI18n('en');
  await i18n.loadNamespaces('checkin');
});

const base = { eventId: 'e1', queuedAt: '2026-06-30T20:00:00.000Z' };
const scanOf = (attendeeId: string, id = `scan-${attendeeId}`): QueuedAction => ({
  ...base,
  id,
  kind: 'scan',
  label: `Ticket …${attendeeId}`,
  text: `{"a":"${attendeeId}"}`,
  attendeeId,
});
const voucher: QueuedAction = { ...base, id: 'x1', kind: 'extras', label: 'Extras voucher', text: 'voucher-1' };

const ticketCard = (notice: string): DoorCard => ({
  kind: 'ticket',
  attendee,
  registrationAnswers: {},
  status: 'ready',
  notice,
});

const checkedIn: Outcome = { who: 'Ada Lovelace', result: DOOR_TEXT.checkedIn, tone: 'green' };
const problem = (): Outcome => ({ who: 'Ticket …a1', result: DOOR_TEXT.wrongEvent, tone: 'red' });

describe('cardAfterSettled', () => {
  it('replaces "No connection" on a queued scan with the answer once it was sent', () => {
    const card: DoorCard = { kind: 'queued', title: DOOR_TEXT.scanQueued, action: scanOf('a1') };
    expect(cardAfterSettled(card, [{ action: scanOf('a1'), outcome: checkedIn }], problem)).toEqual({
      kind: 'sent',
      outcome: checkedIn,
    });
  });

  it('matches the ticket, not the action: a scan merged into an earlier one for it still settles the card', () => {
    const card: DoorCard = { kind: 'queued', title: DOOR_TEXT.scanQueued, action: scanOf('a1', 'later-scan') };
    const settled = cardAfterSettled(card, [{ action: scanOf('a1', 'first-scan'), outcome: checkedIn }], problem);
    expect(settled).toEqual({ kind: 'sent', outcome: checkedIn });
  });

  it('shows a refusal as the answer', () => {
    const card: DoorCard = { kind: 'queued', title: DOOR_TEXT.scanQueued, action: scanOf('a1') };
    const settled = cardAfterSettled(card, [{ action: scanOf('a1'), error: new Error('wrong event') }], problem);
    expect(settled).toEqual({ kind: 'sent', outcome: problem() });
  });

  it('leaves a card about another ticket or a voucher alone', () => {
    const card: DoorCard = { kind: 'queued', title: DOOR_TEXT.scanQueued, action: voucher };
    expect(cardAfterSettled(card, [{ action: scanOf('a1'), outcome: checkedIn }], problem)).toBe(card);
    const ticket: DoorCard = { kind: 'queued', title: DOOR_TEXT.scanQueued, action: scanOf('a2') };
    expect(cardAfterSettled(ticket, [{ action: scanOf('a1'), outcome: checkedIn }], problem)).toBe(ticket);
    expect(cardAfterSettled(null, [{ action: scanOf('a1'), outcome: checkedIn }], problem)).toBeNull();
  });

  it('turns a ticket whose check-in waited into a checked-in one, and a waiting undo into ready', () => {
    const checkin: QueuedAction = {
      ...base,
      id: 'c1',
      kind: 'checkin',
      label: 'Ada',
      registrationId: 'r1',
      attendeeId: 'a1',
    };
    expect(
      cardAfterSettled(ticketCard(DOOR_TEXT.checkinQueued), [{ action: checkin, outcome: checkedIn }], problem),
    ).toMatchObject({
      kind: 'ticket',
      status: 'justCheckedIn',
      notice: null,
    });
    const undo: QueuedAction = { ...base, id: 'u1', kind: 'undo', label: 'Ada', attendeeId: 'a1' };
    const undone = { who: 'Ada', result: 'Check-in undone', tone: 'orange' } as const;
    expect(
      cardAfterSettled(ticketCard(DOOR_TEXT.undoQueued), [{ action: undo, outcome: undone }], problem),
    ).toMatchObject({
      kind: 'ticket',
      status: 'ready',
      notice: null,
    });
  });
});

import {
  alreadyRedeemedText,
  cancellationConflictErrors,
  checkinConflictErrors,
  SCAN_MESSAGES,
  type TFormQuestion,
} from '@clubtix/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../api/api-error';
import {
  answerLines,
  attendeeName,
  DOOR_TEXT,
  extrasProblem,
  formatDoorTime,
  isConnectionFailure,
  ticketProblem,
  voucherLabel,
} from './scan-outcome';
import { i18n, startI18n } from '../../i18n/i18n';

// The door's words in English, as the tests read them.
beforeAll(async () => {
  await startI18n('en');
  await i18n.loadNamespaces('checkin');
});

// 21:30 on 30 June 2026 in London (BST, UTC+1).
const now = new Date('2026-06-30T20:30:00.000Z');
const zone = 'Europe/London';

describe('formatDoorTime', () => {
  it('shows only the time for earlier the same day on the event clock', () => {
    expect(formatDoorTime('2026-06-30T18:05:00.000Z', zone, now)).toBe('19:05');
  });

  it('shows the date too for another day', () => {
    expect(formatDoorTime('2026-06-29T18:05:00.000Z', zone, now)).toBe('29/06/2026 19:05');
  });

  it('decides the day on the event clock, not in UTC', () => {
    // 23:30 UTC on the 29th is already 00:30 on the 30th in London.
    expect(formatDoorTime('2026-06-29T23:30:00.000Z', zone, now)).toBe('00:30');
  });
});

describe('isConnectionFailure', () => {
  it('is true for an unreachable server and for our own time limit, false for answers', () => {
    expect(isConnectionFailure(new ApiError(0, 'UNAVAILABLE', 'no'))).toBe(true);
    expect(isConnectionFailure(new DOMException('slow', 'TimeoutError'))).toBe(true);
    expect(isConnectionFailure(new ApiError(503, 'UNAVAILABLE', 'busy'))).toBe(false);
    expect(isConnectionFailure(new DOMException('gone', 'AbortError'))).toBe(false);
    expect(isConnectionFailure(new Error('x'))).toBe(false);
  });
});

describe('ticketProblem', () => {
  it('reads the first check-in out of a 409 and shows its time in orange', () => {
    const errors = checkinConflictErrors({
      id: 'c1',
      createdAt: '2026-06-30T18:05:00.000Z',
      registrationId: 'r1',
      attendeeId: 'a1',
    });
    const error = new ApiError(409, 'ALREADY_CHECKED_IN', 'Already checked in at 19:05', errors);
    expect(ticketProblem(error, zone, now)).toEqual({
      title: DOOR_TEXT.alreadyCheckedIn('19:05'),
      detail: null,
      tone: 'orange',
      at: '2026-06-30T18:05:00.000Z',
    });
  });

  it('names the other event of a ticket for another event', () => {
    const error = new ApiError(404, 'NOT_FOUND', SCAN_MESSAGES.ticketForAnotherEvent, [
      { path: 'eventId', message: 'This ticket is for Summer Tour' },
    ]);
    expect(ticketProblem(error, zone, now)).toMatchObject({
      title: 'Wrong event',
      detail: 'This ticket is for Summer Tour',
      tone: 'red',
    });
  });

  it('says a cancelled ticket is cancelled, refunded and when, never "could not read this code"', () => {
    const errors = cancellationConflictErrors({ at: '2026-06-30T17:45:00.000Z', refunded: true });
    const refunded = new ApiError(409, 'CANCELLED', 'This ticket was cancelled and refunded', errors);
    expect(ticketProblem(refunded, zone, now)).toEqual({
      title: 'Cancelled: refunded',
      detail: 'Refunded at 18:45. Do not admit.',
      tone: 'red',
      at: '2026-06-30T17:45:00.000Z',
    });
    const free = new ApiError(409, 'CANCELLED', 'This ticket was cancelled', [
      { path: 'cancelled.refunded', message: 'false' },
    ]);
    expect(ticketProblem(free, zone, now)).toEqual({ title: 'Cancelled', detail: null, tone: 'red', at: null });
    for (const error of [refunded, free]) expect(ticketProblem(error, zone, now).title).not.toBe(DOOR_TEXT.failed);
  });

  it('says ticket not found for other 404s and not ours for a 400', () => {
    const notFound = new ApiError(404, 'NOT_FOUND', SCAN_MESSAGES.ticketNotFound);
    expect(ticketProblem(notFound, zone, now)).toMatchObject({ title: 'Ticket not found', tone: 'red' });
    const bad = new ApiError(400, 'BAD_INPUT', SCAN_MESSAGES.notATicket);
    expect(ticketProblem(bad, zone, now)).toMatchObject({ title: 'Not a ClubTix code', tone: 'red' });
  });
});

describe('a voucher at the door', () => {
  it('says what and whose, and when once redeemed', () => {
    const purchase = { quantity: 2, extras: { name: 'Parking' }, email: 'jane@example.com', holderName: null };
    expect(voucherLabel(purchase as Parameters<typeof voucherLabel>[0])).toBe('2 × Parking, jane@example.com');
    expect(alreadyRedeemedText('21:30', { quantity: 2, extrasName: 'Parking', whose: 'jane@example.com' })).toBe(
      'Already redeemed at 21:30: 2 × Parking, jane@example.com',
    );
  });

  it('says whose by name to door staff (told no e-mail), and what alone when no name is known', () => {
    const staffView = { id: 'v1', eventId: 'e1', quantity: 2, extras: { id: 'x1', name: 'Parking' }, redeemedAt: null };
    expect(voucherLabel({ ...staffView, holderName: 'Jane Doe' })).toBe('2 × Parking, Jane Doe');
    expect(voucherLabel({ ...staffView, holderName: null })).toBe('2 × Parking');
    expect(alreadyRedeemedText('21:30', { quantity: 2, extrasName: 'Parking', whose: null })).toBe(
      'Already redeemed at 21:30: 2 × Parking',
    );
  });
});

describe('extrasProblem', () => {
  it('shows when a voucher was redeemed', () => {
    const error = new ApiError(409, 'CONFLICT', 'Already redeemed at 19:05', [
      { path: 'extrasPurchase.id', message: 'p1' },
      { path: 'extrasPurchase.redeemedAt', message: '2026-06-30T18:05:00.000Z' },
    ]);
    expect(extrasProblem(error, zone, now)).toMatchObject({ title: 'Already redeemed at 19:05', tone: 'orange' });
  });

  it('tells a voucher for another event from one not found', () => {
    const other = new ApiError(404, 'NOT_FOUND', SCAN_MESSAGES.extrasForAnotherEvent);
    expect(extrasProblem(other, zone, now)).toMatchObject({ title: 'Wrong event', tone: 'red' });
    const missing = new ApiError(404, 'NOT_FOUND', SCAN_MESSAGES.extrasNotFound);
    expect(extrasProblem(missing, zone, now)).toMatchObject({ title: 'Extra not found', tone: 'red' });
  });
});

describe('answerLines', () => {
  const question = (id: string, label: string, position: number, showAtCheckin = true): TFormQuestion => ({
    id,
    eventId: 'e1',
    type: 0,
    label,
    required: false,
    options: [],
    position,
    perAttendee: true,
    showAtCheckin,
  });
  const questions = [question('q1', 'T-shirt size', 0), question('q2', 'Diet', 1)];

  it('lists answers in form order, joins multiple choices and skips empty ones', () => {
    expect(answerLines(questions, { q2: ['Vegan', 'No nuts'], q1: 'M' }, { q1: '  ' })).toEqual([
      { question: 'T-shirt size', answer: 'M' },
      { question: 'Diet', answer: 'Vegan, No nuts' },
    ]);
  });

  it("shows the registration-wide answers before the attendee's own", () => {
    expect(answerLines(questions, { q2: 'Vegan' }, { q1: 'S' })).toEqual([
      { question: 'Diet', answer: 'Vegan' },
      { question: 'T-shirt size', answer: 'S' },
    ]);
  });

  it('shows only the answers to questions marked to show at check-in', () => {
    const marked = [
      question('q1', 'T-shirt size', 0, false),
      question('q2', 'Diet', 1),
      question('q3', 'Phone', 2, false),
    ];
    expect(answerLines(marked, { q1: 'M', q2: 'Vegan', q3: '0123' })).toEqual([{ question: 'Diet', answer: 'Vegan' }]);
  });

  it('shows nothing when no question is marked', () => {
    const unmarked = questions.map((entry) => ({ ...entry, showAtCheckin: false }));
    expect(answerLines(unmarked, { q1: 'M', q2: 'Vegan' })).toEqual([]);
  });

  it('leaves out answers to questions removed from the form, which carry no mark', () => {
    expect(answerLines(questions, { gone: 'Yes', q1: 'L' })).toEqual([{ question: 'T-shirt size', answer: 'L' }]);
  });
});

describe('attendeeName', () => {
  it('prefers the name, then the e-mail', () => {
    expect(attendeeName({ firstName: 'Ada', lastName: 'Lovelace', email: 'a@x.org' })).toBe('Ada Lovelace');
    expect(attendeeName({ firstName: null, lastName: null, email: 'a@x.org' })).toBe('a@x.org');
    expect(attendeeName({ firstName: null, lastName: null, email: null })).toBe('Unnamed attendee');
  });
});

describe('the door in another language (docs/product.md section 22)', () => {
  it('says its states in the language shown, with the time in them', async () => {
    await i18n.changeLanguage('th');
    try {
      expect(DOOR_TEXT.ready).toBe('พร้อมเช็คอิน');
      expect(DOOR_TEXT.alreadyCheckedIn('19:05')).toBe('เช็คอินไปแล้วเมื่อ 19:05');
      await i18n.changeLanguage('de');
      expect(DOOR_TEXT.cancelledRefunded).toBe('Storniert: erstattet');
      expect(DOOR_TEXT.refundedAt('18:45')).toBe('Erstattet am 18:45. Nicht einlassen.');
    } finally {
      await i18n.changeLanguage('en');
    }
    expect(DOOR_TEXT.ready).toBe('Ready to check in');
  });
});

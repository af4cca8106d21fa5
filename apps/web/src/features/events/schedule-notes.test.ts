import { describe, expect, it } from 'vitest';
import { SCHEDULE_NOTES, scheduleNotes } from './schedule-notes';

const now = new Date('2026-11-25T12:00:00Z');
const day = (year: number, month: number, dayOfMonth: number) => ({ year, month, day: dayOfMonth });
const base = { timezone: 'Europe/London', startTime: '10:00', endTime: '17:00' };

describe('scheduleNotes', () => {
  it('says nothing of a future event that ends after it starts', () => {
    expect(scheduleNotes({ ...base, startDate: day(2030, 8, 15), endDate: day(2030, 8, 15) }, now)).toEqual([]);
  });
  it('warns of a start in the past, to the minute on the event clock', () => {
    expect(scheduleNotes({ ...base, startDate: day(2026, 11, 25), endDate: day(2026, 11, 26) }, now)).toEqual([
      SCHEDULE_NOTES.startsInPast,
    ]);
    expect(
      scheduleNotes({ ...base, startTime: '12:01', startDate: day(2026, 11, 25), endDate: day(2026, 11, 26) }, now),
    ).toEqual([]);
  });
  it('says an end before the start before saving', () => {
    expect(scheduleNotes({ ...base, startDate: day(2030, 8, 15), endDate: day(2030, 8, 14) }, now)).toEqual([
      SCHEDULE_NOTES.endsBeforeStart,
    ]);
  });
  it('says nothing while a moment cannot be read yet', () => {
    expect(scheduleNotes({ ...base, startDate: null, endDate: day(2020, 1, 1) }, now)).toEqual([]);
    expect(scheduleNotes({ ...base, startTime: '', startDate: day(2020, 1, 1), endDate: null }, now)).toEqual([]);
  });
});

import { beforeAll, describe, expect, it } from 'vitest';
import {
  attendeesText,
  checkedInShare,
  dayBars,
  formatDay,
  MAX_DAYS,
  quarterHourBars,
  toDayString,
} from './statistics-series';
import { i18n, startI18n } from '../../i18n/i18n';

// The door's words in English, as the tests read them.
beforeAll(async () => {
  await startI18n('en');
  await i18n.loadNamespaces('checkin');
});

function quarterHours(counts: Record<number, number>) {
  // A UTC day's 96 quarter hours; the zone is UTC so the labels read as the index says.
  return Array.from({ length: 96 }, (_, index) => ({
    start: new Date(Date.UTC(2026, 5, 30, 0, index * 15)).toISOString(),
    count: counts[index] ?? 0,
  }));
}

describe('days', () => {
  it('writes the day for the API and for people', () => {
    expect(toDayString({ year: 2026, month: 6, day: 3 })).toBe('2026-06-03');
    expect(formatDay('2026-06-03')).toBe('03/06/2026');
  });
});

describe('quarterHourBars', () => {
  it('is empty for a day without check-ins', () => {
    expect(quarterHourBars(quarterHours({}), 'UTC')).toEqual([]);
  });

  it('keeps the busy hours with an hour either side', () => {
    // 19:15 (index 77) and 20:30 (index 82).
    const bars = quarterHourBars(quarterHours({ 77: 3, 82: 5 }), 'UTC');
    expect(bars[0]).toEqual({ time: '18:00', checkins: 0 });
    expect(bars.at(-1)).toEqual({ time: '21:45', checkins: 0 });
    expect(bars).toHaveLength(16);
    expect(bars.find((bar) => bar.time === '19:15')?.checkins).toBe(3);
  });

  it('stops at the edges of the day', () => {
    const bars = quarterHourBars(quarterHours({ 0: 1, 95: 1 }), 'UTC');
    expect(bars).toHaveLength(96);
  });

  it('labels the bars on the event clock', () => {
    const bars = quarterHourBars(quarterHours({ 77: 1 }), 'Europe/London');
    expect(bars.find((bar) => bar.checkins === 1)?.time).toBe('20:15');
  });
});

describe('dayBars', () => {
  it('puts both series on the days of either, oldest first', () => {
    const bars = dayBars({
      checkinsByQuarterHour: [],
      registrationsByDay: [
        { date: '2026-06-01', count: 2 },
        { date: '2026-06-02', count: 0 },
      ],
      checkinsByDay: [{ date: '2026-06-30', count: 4 }],
    });
    expect(bars).toEqual([
      { day: '01/06', registrations: 2, checkins: 0 },
      { day: '02/06', registrations: 0, checkins: 0 },
      { day: '30/06', registrations: 0, checkins: 4 },
    ]);
  });

  it('keeps the most recent days when there are many', () => {
    const registrationsByDay = Array.from({ length: MAX_DAYS + 10 }, (_, index) => ({
      date: new Date(Date.UTC(2026, 0, 1 + index)).toISOString().slice(0, 10),
      count: index,
    }));
    const bars = dayBars({ checkinsByQuarterHour: [], registrationsByDay, checkinsByDay: [] });
    expect(bars).toHaveLength(MAX_DAYS);
    expect(bars[0]?.registrations).toBe(10);
  });
});

describe('checkedInShare', () => {
  it('rounds to a whole percentage and copes with nobody registered', () => {
    expect(checkedInShare(1, 3)).toBe(33);
    expect(checkedInShare(0, 0)).toBe(0);
    expect(checkedInShare(5, 4)).toBe(100);
  });
});

describe('attendeesText', () => {
  it('says how many people the registrations are', () => {
    expect(attendeesText(1)).toBe('1 attendee');
    expect(attendeesText(0)).toBe('0 attendees');
    expect(attendeesText(1200)).toBe('1,200 attendees');
  });
});

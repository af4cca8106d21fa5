import { describe, expect, it } from 'vitest';
import { formatCalendarDate, formatDateTime, fromWallClock, supportedTimeZones, toWallClock } from './zoned-time';

describe('fromWallClock', () => {
  it.each([
    ['Europe/London', 2026, 8, 15, '18:30', '2026-08-15T17:30:00.000Z'], // BST
    ['Europe/London', 2026, 1, 15, '18:30', '2026-01-15T18:30:00.000Z'], // GMT
    ['Asia/Bangkok', 2026, 8, 15, '09:00', '2026-08-15T02:00:00.000Z'],
    ['America/New_York', 2026, 7, 4, '20:00', '2026-07-05T00:00:00.000Z'],
    ['America/New_York', 2026, 12, 31, '23:59', '2027-01-01T04:59:00.000Z'],
    ['UTC', 2026, 2, 28, '00:00', '2026-02-28T00:00:00.000Z'],
    ['Asia/Kolkata', 2026, 3, 1, '10:00', '2026-03-01T04:30:00.000Z'],
  ])('%s %i-%i-%i %s', (zone, year, month, day, time, iso) => {
    expect(fromWallClock({ date: { year, month, day }, time }, zone)).toBe(iso);
  });

  it('moves a time skipped by the clocks going forward to after the change', () => {
    // 29 March 2026, 01:00-02:00 does not exist in London.
    const iso = fromWallClock({ date: { year: 2026, month: 3, day: 29 }, time: '01:30' }, 'Europe/London');
    expect(toWallClock(iso, 'Europe/London').time).toBe('02:30');
  });
});

describe('toWallClock and formatDateTime', () => {
  it('read an instant in the event zone', () => {
    expect(toWallClock('2026-08-15T17:30:00.000Z', 'Europe/London')).toEqual({
      date: { year: 2026, month: 8, day: 15 },
      time: '18:30',
    });
    expect(formatDateTime('2026-07-05T00:00:00Z', 'America/New_York')).toBe('04/07/2026 20:00');
    expect(formatDateTime('2026-07-05T00:00:00Z', 'Asia/Bangkok')).toBe('05/07/2026 07:00');
  });

  it('round-trips with fromWallClock', () => {
    const wall = { date: { year: 2026, month: 10, day: 25 }, time: '00:15' };
    expect(toWallClock(fromWallClock(wall, 'Australia/Sydney'), 'Australia/Sydney')).toEqual(wall);
  });
});

describe('supportedTimeZones', () => {
  it('lists IANA zones including UTC', () => {
    const zones = supportedTimeZones();
    expect(zones).toContain('Europe/London');
    expect(zones).toContain('UTC');
  });
});

describe('dates in the language shown (docs/product.md section 22)', () => {
  const iso = '2026-11-26T12:05:00.000Z';

  it('keeps dd/mm/yyyy in English and writes each other language its own way, in the Gregorian year', () => {
    expect(formatDateTime(iso, 'Asia/Bangkok', 'en')).toBe('26/11/2026 19:05');
    expect(formatDateTime(iso, 'Asia/Bangkok', 'de')).toBe('26.11.2026 19:05');
    expect(formatDateTime(iso, 'Asia/Bangkok', 'fr')).toBe('26/11/2026 19:05');
    expect(formatDateTime(iso, 'Asia/Bangkok', 'es')).toBe('26/11/2026 19:05');
    expect(formatDateTime(iso, 'Asia/Bangkok', 'th')).toBe('26/11/2026 19:05');
  });

  it('writes a calendar day alone the same way', () => {
    expect(formatCalendarDate({ year: 2026, month: 3, day: 5 }, 'en')).toBe('05/03/2026');
    expect(formatCalendarDate({ year: 2026, month: 3, day: 5 }, 'de')).toBe('05.03.2026');
  });
});

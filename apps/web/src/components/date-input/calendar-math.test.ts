import { describe, expect, it } from 'vitest';
import { addMonths, clampDay, GRID_DAYS, monthGrid, weekday, yearRange } from './calendar-math';
import { formatDate } from '../../lib/date-parsing';

describe('monthGrid', () => {
  it('always has 42 days, Monday first, holding the whole month', () => {
    for (let month = 1; month <= 12; month++) {
      const grid = monthGrid({ year: 2026, month });
      expect(grid).toHaveLength(GRID_DAYS);
      expect(weekday(grid[0]!)).toBe(1);
      expect(grid.filter((day) => day.month === month).length).toBeGreaterThanOrEqual(28);
    }
  });

  it('starts on the Monday on or before the 1st', () => {
    // 1 August 2026 is a Saturday.
    const grid = monthGrid({ year: 2026, month: 8 });
    expect(formatDate(grid[0]!)).toBe('27/07/2026');
    expect(formatDate(grid[5]!)).toBe('01/08/2026');
    expect(formatDate(grid[41]!)).toBe('06/09/2026');
  });

  it('starts on the 1st itself when it is the week start, and honours a Sunday start', () => {
    // 1 June 2026 is a Monday; 1 February 2026 is a Sunday.
    expect(formatDate(monthGrid({ year: 2026, month: 6 })[0]!)).toBe('01/06/2026');
    expect(formatDate(monthGrid({ year: 2026, month: 2 }, 0)[0]!)).toBe('01/02/2026');
    expect(formatDate(monthGrid({ year: 2026, month: 2 }, 1)[0]!)).toBe('26/01/2026');
  });
});

describe('yearRange', () => {
  it('spans 100 years back to 52 ahead', () => {
    const years = yearRange(2026);
    expect(years[0]).toBe(1926);
    expect(years[years.length - 1]).toBe(2078);
    expect(years).toHaveLength(153);
  });

  it('takes the minimum and maximum instead when set', () => {
    expect(yearRange(2026, { year: 2020, month: 5, day: 1 })[0]).toBe(2020);
    const bounded = yearRange(2026, { year: 2024, month: 1, day: 1 }, { year: 2027, month: 1, day: 1 });
    expect(bounded).toEqual([2024, 2025, 2026, 2027]);
  });
});

describe('month arithmetic', () => {
  it('crosses years both ways', () => {
    expect(addMonths({ year: 2026, month: 12 }, 1)).toEqual({ year: 2027, month: 1 });
    expect(addMonths({ year: 2026, month: 1 }, -1)).toEqual({ year: 2025, month: 12 });
    expect(addMonths({ year: 2026, month: 5 }, -17)).toEqual({ year: 2024, month: 12 });
  });

  it('keeps the day inside a shorter month', () => {
    expect(clampDay({ year: 2026, month: 1, day: 31 }, { year: 2026, month: 2 })).toEqual({
      year: 2026,
      month: 2,
      day: 28,
    });
  });
});

import { MAX_SERIES_DATES } from '@clubtix/contract';
import { describe, expect, it } from 'vitest';
import { addDays, listedStarts, repeatedStarts } from './series-dates';

const day = (year: number, month: number, dayOfMonth: number) => ({ year, month, day: dayOfMonth });
const now = new Date('2026-03-01T12:00:00Z');

describe('addDays', () => {
  it('crosses months, years and leap days', () => {
    expect(addDays(day(2026, 1, 28), 7)).toEqual(day(2026, 2, 4));
    expect(addDays(day(2026, 12, 29), 14)).toEqual(day(2027, 1, 12));
    expect(addDays(day(2028, 2, 22), 7)).toEqual(day(2028, 2, 29));
    expect(addDays(day(2026, 3, 1), -1)).toEqual(day(2026, 2, 28));
  });
});

describe('repeatedStarts', () => {
  it('keeps the wall-clock time across a daylight-saving change (London, 29 March 2026)', () => {
    const { starts } = repeatedStarts(
      { first: day(2026, 3, 19), time: '19:00', until: day(2026, 4, 2), repeat: 'weekly', timeZone: 'Europe/London' },
      now,
    );
    // 19:00 GMT, then 19:00 BST (18:00 UTC) after the clocks go forward.
    expect(starts).toEqual(['2026-03-19T19:00:00.000Z', '2026-03-26T19:00:00.000Z', '2026-04-02T18:00:00.000Z']);
  });

  it('keeps it in autumn and in a zone ahead of UTC (Berlin, 25 October 2026)', () => {
    const { starts } = repeatedStarts(
      {
        first: day(2026, 10, 18),
        time: '20:30',
        until: day(2026, 11, 1),
        repeat: 'fortnightly',
        timeZone: 'Europe/Berlin',
      },
      now,
    );
    expect(starts).toEqual(['2026-10-18T18:30:00.000Z', '2026-11-01T19:30:00.000Z']);
  });

  it('counts the end day in and stops after it', () => {
    const plan = repeatedStarts(
      { first: day(2026, 5, 1), time: '10:00', until: day(2026, 5, 15), repeat: 'weekly', timeZone: 'UTC' },
      now,
    );
    expect(plan.starts).toHaveLength(3);
    const fortnight = repeatedStarts(
      { first: day(2026, 5, 1), time: '10:00', until: day(2026, 5, 14), repeat: 'fortnightly', timeZone: 'UTC' },
      now,
    );
    expect(fortnight.starts).toEqual(['2026-05-01T10:00:00.000Z']);
  });

  it('leaves out the starts already past, and says how many', () => {
    const plan = repeatedStarts(
      { first: day(2026, 2, 15), time: '12:00', until: day(2026, 3, 8), repeat: 'weekly', timeZone: 'UTC' },
      now,
    );
    // 15 and 22 February are gone, 1 March at 12:00 is the very moment (not in the future).
    expect(plan).toEqual({ starts: ['2026-03-08T12:00:00.000Z'], pastCount: 3, isTooMany: false });
  });

  it('gives nothing when the end comes before the first start', () => {
    expect(
      repeatedStarts(
        { first: day(2026, 6, 1), time: '10:00', until: day(2026, 5, 1), repeat: 'weekly', timeZone: 'UTC' },
        now,
      ),
    ).toEqual({ starts: [], pastCount: 0, isTooMany: false });
  });

  it('takes exactly the allowed number and flags one more', () => {
    const first = day(2026, 4, 1);
    const exact = repeatedStarts(
      { first, time: '10:00', until: addDays(first, 7 * (MAX_SERIES_DATES - 1)), repeat: 'weekly', timeZone: 'UTC' },
      now,
    );
    expect(exact.starts).toHaveLength(MAX_SERIES_DATES);
    expect(exact.isTooMany).toBe(false);
    const over = repeatedStarts(
      { first, time: '10:00', until: addDays(first, 7 * MAX_SERIES_DATES), repeat: 'weekly', timeZone: 'UTC' },
      now,
    );
    expect(over.isTooMany).toBe(true);
  });

  it('stops counting a mistyped far end', () => {
    const plan = repeatedStarts(
      { first: day(2026, 4, 1), time: '10:00', until: day(2926, 1, 1), repeat: 'weekly', timeZone: 'UTC' },
      now,
    );
    expect(plan.isTooMany).toBe(true);
    expect(plan.starts.length).toBeLessThanOrEqual(MAX_SERIES_DATES * 10 + 1);
  });
});

describe('listedStarts', () => {
  it('sorts the chosen days, drops repeats and past ones, each at the time on the zone clock', () => {
    const plan = listedStarts(
      {
        days: [day(2026, 7, 10), day(2026, 1, 10), day(2026, 7, 3), day(2026, 7, 10)],
        time: '09:15',
        timeZone: 'Asia/Bangkok',
      },
      now,
    );
    expect(plan).toEqual({
      starts: ['2026-07-03T02:15:00.000Z', '2026-07-10T02:15:00.000Z'],
      pastCount: 1,
      isTooMany: false,
    });
  });
});

import { MAX_SERIES_DATES } from '@clubtix/contract';
import { compareDates, type CalendarDate } from '../../lib/date-parsing';
import { fromWallClock } from '../../lib/zoned-time';

/**
 * The starts "Add dates" sends to /series/addDates, worked out before saving so the admin sees the
 * very list the server will copy the event at. A repeat keeps the wall-clock time in the event's
 * zone, so a Thursday 19:00 stays 19:00 across a daylight-saving change.
 */

export type Repeat = 'weekly' | 'fortnightly';

const DAYS_APART: Record<Repeat, number> = { weekly: 7, fortnightly: 14 };

/**
 * How long a repeat may run before the list is cut: past this the admin is told to pick an earlier
 * end rather than the page counting thousands of weeks typed by mistake (a year 2926).
 */
const REPEAT_LIMIT = MAX_SERIES_DATES * 10;

export interface PlannedStarts {
  /** ISO instants, soonest first, none in the past, each once. */
  starts: string[];
  /** Starts left out because they are not in the future. */
  pastCount: number;
  /** More than MAX_SERIES_DATES starts: the server would refuse them, so nothing is to be sent. */
  isTooMany: boolean;
}

/** The day `days` after a calendar day (negative: before). */
export function addDays(date: CalendarDate, days: number): CalendarDate {
  const moved = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return { year: moved.getUTCFullYear(), month: moved.getUTCMonth() + 1, day: moved.getUTCDate() };
}

/** Future starts only, each once, soonest first, with the count of those left out and the cap's verdict. */
function plan(candidates: string[], now: Date): PlannedStarts {
  const unique = [...new Set(candidates)];
  const future = unique.filter((iso) => Date.parse(iso) > now.getTime()).sort();
  return { starts: future, pastCount: unique.length - future.length, isTooMany: future.length > MAX_SERIES_DATES };
}

/**
 * Every week or fortnight from `first` (a day and an "hh:mm" time on the zone's clock) to `until`
 * inclusive (a day on the same clock).
 */
export function repeatedStarts(
  {
    first,
    time,
    until,
    repeat,
    timeZone,
  }: { first: CalendarDate; time: string; until: CalendarDate; repeat: Repeat; timeZone: string },
  now: Date = new Date(),
): PlannedStarts {
  const candidates: string[] = [];
  for (let index = 0; index <= REPEAT_LIMIT; index++) {
    const day = addDays(first, index * DAYS_APART[repeat]);
    if (compareDates(day, until) > 0) break;
    candidates.push(fromWallClock({ date: day, time }, timeZone));
  }
  return plan(candidates, now);
}

/** Chosen days, each at the same "hh:mm" on the zone's clock. */
export function listedStarts(
  { days, time, timeZone }: { days: readonly CalendarDate[]; time: string; timeZone: string },
  now: Date = new Date(),
): PlannedStarts {
  return plan(
    days.map((date) => fromWallClock({ date, time }, timeZone)),
    now,
  );
}

import type { TCheckinStatistics } from '@clubtix/contract';
import { addDays, everyDay, startOfLocalDay } from '../../core/local-time';

const QUARTER_HOUR_SECONDS = 900;
export interface StatisticsInput {
  /** The day the historical counts end with, yyyy-mm-dd in `timezone`. */
  date: string;
  timezone: string;
  /** `count`: confirmed registrations; `attendees`: theirs. */
  registrationsByDay: { day: string; count: number; attendees: number }[];
  /** `start` in epoch seconds. */
  checkinsByQuarterHour: { start: number; day: string; count: number }[];
}

const sum = (rows: { count: number }[]) => rows.reduce((total, row) => total + row.count, 0);

/** Every day from the first with a count to the last, zeros included. */
const daySeries = (counts: Map<string, number>) =>
  everyDay(counts, 0).map(({ date, value }) => ({ date, count: value }));

function byDay(rows: { day: string; count: number }[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const row of rows) counts.set(row.day, (counts.get(row.day) ?? 0) + row.count);
  return counts;
}

/**
 * docs/product.md section 16: `total*` count everything so far, `historical*` what was made on or before
 * the end of `date` in the event's time zone (yyyy-mm-dd strings compare as days). Registrations are
 * counted as registrations, check-ins per attendee.
 */
export function buildStatistics(input: StatisticsInput): TCheckinStatistics {
  const { date, timezone } = input;
  const dayStart = startOfLocalDay(date, timezone).getTime() / 1000;
  const dayEnd = startOfLocalDay(addDays(date, 1), timezone).getTime() / 1000;
  const checkinsAt = new Map(
    input.checkinsByQuarterHour.filter((row) => row.day === date).map((row) => [row.start, row.count]),
  );
  const checkinsByQuarterHour: { start: string; count: number }[] = [];
  for (let start = dayStart; start < dayEnd; start += QUARTER_HOUR_SECONDS) {
    checkinsByQuarterHour.push({ start: new Date(start * 1000).toISOString(), count: checkinsAt.get(start) ?? 0 });
  }
  return {
    historicalRegistrationCount: sum(input.registrationsByDay.filter((row) => row.day <= date)),
    historicalCheckinCount: sum(input.checkinsByQuarterHour.filter((row) => row.day <= date)),
    totalRegistrationCount: sum(input.registrationsByDay),
    totalCheckinCount: sum(input.checkinsByQuarterHour),
    totalAttendeeCount: input.registrationsByDay.reduce((total, row) => total + row.attendees, 0),
    date,
    timezone,
    series: {
      checkinsByQuarterHour,
      checkinsByDay: daySeries(byDay(input.checkinsByQuarterHour)),
      registrationsByDay: daySeries(byDay(input.registrationsByDay)),
    },
  };
}

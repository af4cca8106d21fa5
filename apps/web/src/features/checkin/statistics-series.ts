import type { TCheckinStatistics } from '@clubtix/contract';
import type { CalendarDate } from '../../lib/date-parsing';
import { i18n } from '../../i18n/i18n';
import { formatCalendarDate, toWallClock } from '../../lib/zoned-time';

/** The chart data of the statistics page, shaped from the API's series. */

const pad = (value: number) => String(value).padStart(2, '0');

/** yyyy-mm-dd, as the statistics call takes its `date`. */
export function toDayString(date: CalendarDate): string {
  return `${date.year}-${pad(date.month)}-${pad(date.day)}`;
}

/** dd/mm/yyyy in English (docs/product.md section 9), the language's own form otherwise, from yyyy-mm-dd. */
export function formatDay(day: string): string {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  return formatCalendarDate({ year, month, day: date });
}

export interface QuarterBar {
  time: string;
  checkins: number;
}

const QUARTERS_PER_HOUR = 4;

/**
 * Check-ins per quarter hour of the day, cut to the hours that had any (plus an hour either side),
 * so the doors' two busy hours fill the chart instead of 96 mostly empty bars. Empty for a day
 * without check-ins.
 */
export function quarterHourBars(
  series: TCheckinStatistics['series']['checkinsByQuarterHour'],
  timeZone: string,
): QuarterBar[] {
  const first = series.findIndex((bucket) => bucket.count > 0);
  if (first === -1) return [];
  const last = series.findLastIndex((bucket) => bucket.count > 0);
  const from = Math.max(0, (Math.floor(first / QUARTERS_PER_HOUR) - 1) * QUARTERS_PER_HOUR);
  const to = Math.min(series.length, (Math.floor(last / QUARTERS_PER_HOUR) + 2) * QUARTERS_PER_HOUR);
  return series.slice(from, to).map((bucket) => ({
    time: toWallClock(bucket.start, timeZone).time,
    checkins: bucket.count,
  }));
}

export interface DayBar {
  /** dd/mm, short enough for a phone's axis. */
  day: string;
  registrations: number;
  checkins: number;
}

/** The longest run of days the chart shows; older days drop off the left. */
export const MAX_DAYS = 60;

/** Registrations (bookings) and check-ins (people) per day on one axis, every day of either series, oldest first. */
export function dayBars(series: TCheckinStatistics['series']): DayBar[] {
  const byDay = new Map<string, { registrations: number; checkins: number }>();
  const at = (day: string) => {
    let entry = byDay.get(day);
    if (!entry) {
      entry = { registrations: 0, checkins: 0 };
      byDay.set(day, entry);
    }
    return entry;
  };
  for (const { date, count } of series.registrationsByDay) at(date).registrations += count;
  for (const { date, count } of series.checkinsByDay) at(date).checkins += count;
  return [...byDay.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .slice(-MAX_DAYS)
    .map(([day, counts]) => ({ day: formatDay(day).slice(0, 5), ...counts }));
}

/** Share of the registered attendees checked in, as a whole percentage; 0 with nobody registered. */
export function checkedInShare(checkins: number, attendees: number): number {
  if (attendees <= 0) return 0;
  return Math.min(100, Math.round((checkins / attendees) * 100));
}

/** Under the registrations, how many people they are: "1 attendee", "12 attendees". */
export function attendeesText(attendees: number): string {
  return i18n.t('checkin:statistics.attendees', { count: attendees });
}

import { daysInMonth, type CalendarDate } from '../../lib/date-parsing';

/** docs/product.md section 9: the picker always shows six weeks, so its height never jumps between months. */
export const GRID_DAYS = 42;
/** docs/product.md sections 5 and 9: the year choice spans 100 years back and 52 ahead unless bounded. */
export const YEARS_BACK = 100;
export const YEARS_AHEAD = 52;

export interface CalendarMonth {
  year: number;
  month: number;
}

/** Day of the week, 0 = Sunday … 6 = Saturday; computed in UTC, where no day is 23 or 25 hours long. */
export function weekday(date: CalendarDate): number {
  return new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay();
}

export function addDays(date: CalendarDate, days: number): CalendarDate {
  const moved = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return { year: moved.getUTCFullYear(), month: moved.getUTCMonth() + 1, day: moved.getUTCDate() };
}

export function addMonths({ year, month }: CalendarMonth, months: number): CalendarMonth {
  const index = year * 12 + (month - 1) + months;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

/**
 * The 42 days shown for a month: from the first day of the week that holds the 1st, so leading
 * and trailing days of the neighbouring months fill the six rows. weekStart: 0 Sunday, 1 Monday.
 */
export function monthGrid({ year, month }: CalendarMonth, weekStart = 1): CalendarDate[] {
  const first = { year, month, day: 1 };
  const lead = (weekday(first) - weekStart + 7) % 7;
  const start = addDays(first, -lead);
  return Array.from({ length: GRID_DAYS }, (_, index) => addDays(start, index));
}

/** Years offered by the year choice, ascending; a minimum or maximum replaces the default bound. */
export function yearRange(nowYear: number, min?: CalendarDate | null, max?: CalendarDate | null): number[] {
  const from = min ? min.year : nowYear - YEARS_BACK;
  const to = max ? max.year : nowYear + YEARS_AHEAD;
  const years: number[] = [];
  for (let year = from; year <= to; year++) years.push(year);
  return years;
}

/** The day to land on when moving to a month whose length differs (31 January + 1 month = 28/29 February). */
export function clampDay(date: CalendarDate, target: CalendarMonth): CalendarDate {
  return { ...target, day: Math.min(date.day, daysInMonth(target.year, target.month)) };
}

/** The first day of the week for a locale, where the browser tells it; Monday otherwise (ISO 8601). */
export function weekStartForLocale(locale: string | undefined): number {
  try {
    const info = new Intl.Locale(locale ?? 'en-GB') as Intl.Locale & {
      getWeekInfo?: () => { firstDay: number };
      weekInfo?: { firstDay: number };
    };
    const firstDay = info.getWeekInfo?.().firstDay ?? info.weekInfo?.firstDay;
    // Intl numbers days 1 (Monday) … 7 (Sunday).
    if (firstDay !== undefined) return firstDay % 7;
  } catch {
    // Unknown locale: use the default below.
  }
  return 1;
}

/**
 * Reading typed dates (docs/product.md section 5). Pure functions, no Date objects for calendar days, so
 * that a day never shifts with the browser's time zone; `now` is always passed in for tests.
 */

/** A calendar day; month is 1-12. */
export interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

export type DatePart = 'day' | 'month' | 'year';
export type DateOrder = readonly [DatePart, DatePart, DatePart];
export type DateInputMode = 'single' | 'range' | 'multiple';

/** docs/product.md section 5: the order used when the locale's cannot be. */
export const FALLBACK_ORDER: DateOrder = ['month', 'day', 'year'];

const PARTS: readonly DatePart[] = ['day', 'month', 'year'];

function isDatePart(type: string): type is DatePart {
  return (PARTS as readonly string[]).includes(type);
}

/**
 * The order in which a locale writes day, month and year, read from how it formats a sample date.
 * An unknown locale, or one whose format lacks a numeric part, gives the fallback mm/dd/yyyy.
 */
export function dateOrderForLocale(locale: string | undefined): DateOrder {
  try {
    const parts = new Intl.DateTimeFormat(locale, {
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      timeZone: 'UTC',
    }).formatToParts(Date.UTC(1999, 11, 7));
    const order = parts.map((part) => part.type).filter(isDatePart);
    if (order.length === 3 && new Set(order).size === 3) return [order[0]!, order[1]!, order[2]!];
  } catch {
    // RangeError for a malformed locale tag: fall through to the fallback.
  }
  return FALLBACK_ORDER;
}

/** What the field shows as its placeholder: "dd/mm/yyyy" for en-GB. */
export function formatPattern(order: DateOrder): string {
  return order.map((part) => (part === 'year' ? 'yyyy' : part === 'month' ? 'mm' : 'dd')).join('/');
}

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/**
 * A year typed with one or two digits is taken in the century that puts it nearest to `nowYear`
 * (in 2026, "75" is 2075 and "77" is 1977). Exactly 50 years either way resolves to the past.
 */
export function resolveShortYear(shortYear: number, nowYear: number): number {
  const century = Math.floor(nowYear / 100) * 100;
  const candidates = [century - 100 + shortYear, century + shortYear, century + 100 + shortYear];
  let best = candidates[0]!;
  for (const candidate of candidates) {
    if (Math.abs(candidate - nowYear) < Math.abs(best - nowYear)) best = candidate;
  }
  return best;
}

// Day and month have at most two digits; the year one to four. docs/product.md section 5 allows slash,
// dash or dot between the parts, each on its own: 15/08-2030 reads as 15/08/2030.
const DATE_TOKEN = /(\d{1,4})[/.-](\d{1,4})[/.-](\d{1,4})/g;
// What may stand between two dates of a range or a list.
const BETWEEN_DATES = /^(\s*|\s*[,;]\s*|\s*[-–—]\s*|\s+to\s+|\s*&\s*|\s+and\s+)$/i;

interface ParseOptions {
  order: DateOrder;
  /** Two-digit years resolve around this moment. */
  now: Date;
}

function toDate(digits: readonly string[], { order, now }: ParseOptions): CalendarDate | null {
  const value: Partial<Record<DatePart, string>> = {};
  order.forEach((part, index) => {
    value[part] = digits[index];
  });
  const dayText = value.day ?? '';
  const monthText = value.month ?? '';
  const yearText = value.year ?? '';
  if (dayText.length > 2 || monthText.length > 2) return null;
  const day = Number(dayText);
  const month = Number(monthText);
  const typedYear = Number(yearText);
  // docs/product.md section 5: no zero day, month or year ("00" included).
  if (day === 0 || month === 0 || typedYear === 0) return null;
  if (month > 12 || day > 31) return null;
  const year = yearText.length <= 2 ? resolveShortYear(typedYear, now.getFullYear()) : typedYear;
  // 31/04 or 29/02 of a common year is a typo, not a date to roll over into the next month.
  if (day > daysInMonth(year, month)) return null;
  return { year, month, day };
}

/** Every date in the text, or null when anything in it is not a date or a separator between dates. */
function parseDateList(text: string, options: ParseOptions): CalendarDate[] | null {
  const dates: CalendarDate[] = [];
  let rest = 0;
  for (const match of text.matchAll(DATE_TOKEN)) {
    const between = text.slice(rest, match.index);
    if (dates.length === 0 ? between.trim() !== '' : !BETWEEN_DATES.test(between)) return null;
    const date = toDate([match[1]!, match[2]!, match[3]!], options);
    if (!date) return null;
    dates.push(date);
    rest = match.index + match[0].length;
  }
  if (text.slice(rest).trim() !== '') return null;
  return dates;
}

export function compareDates(a: CalendarDate, b: CalendarDate): number {
  return a.year - b.year || a.month - b.month || a.day - b.day;
}

export function isSameDate(a: CalendarDate | null | undefined, b: CalendarDate | null | undefined): boolean {
  return Boolean(a && b && compareDates(a, b) === 0);
}

function sortUnique(dates: CalendarDate[]): CalendarDate[] {
  const sorted = [...dates].sort(compareDates);
  return sorted.filter((date, index) => index === 0 || compareDates(date, sorted[index - 1]!) !== 0);
}

export type ParseResult = { ok: true; dates: CalendarDate[] } | { ok: false };

/**
 * Reads the text of a date field. Empty text is a valid empty value. A single date takes one date;
 * a range one or two (a start alone, or start and end, given in either order); multiple any
 * number, kept in order without repeats.
 */
export function parseDateText(text: string, mode: DateInputMode, options: ParseOptions): ParseResult {
  if (text.trim() === '') return { ok: true, dates: [] };
  const dates = parseDateList(text, options);
  if (!dates || dates.length === 0) return { ok: false };
  switch (mode) {
    case 'single':
      return dates.length === 1 ? { ok: true, dates } : { ok: false };
    case 'range':
      return dates.length <= 2 ? { ok: true, dates: [...dates].sort(compareDates) } : { ok: false };
    case 'multiple':
      return { ok: true, dates: sortUnique(dates) };
  }
}

function pad(value: number, length = 2): string {
  return String(value).padStart(length, '0');
}

/** A day as the field shows it, in the field's order: dd/mm/yyyy for en-GB (docs/product.md section 9). */
export function formatDate(date: CalendarDate, order: DateOrder = ['day', 'month', 'year']): string {
  return order.map((part) => (part === 'year' ? pad(date.year, 4) : pad(date[part]))).join('/');
}

/** Several days as one text that parseDateText reads back. */
export function formatDates(dates: readonly CalendarDate[], mode: DateInputMode, order?: DateOrder): string {
  return dates.map((date) => formatDate(date, order)).join(mode === 'range' ? ' – ' : ', ');
}

export function isSameDates(a: readonly CalendarDate[], b: readonly CalendarDate[]): boolean {
  return a.length === b.length && a.every((date, index) => isSameDate(date, b[index]));
}

/**
 * Whether the value a date field is given came from outside (a form reset, a page's own choice)
 * and so replaces what was typed. Only a change of value counts, and not a change to what the field
 * itself has just reported: a page that keeps its last good day when the field reports an
 * unreadable date as none must leave the typed text and its message in place.
 */
export function isOutsideValue(
  value: readonly CalendarDate[],
  lastSeen: readonly CalendarDate[],
  reported: readonly CalendarDate[] | null,
): boolean {
  if (isSameDates(value, lastSeen)) return false;
  return !reported || !isSameDates(value, reported);
}

/** Whether a day lies within optional bounds (both inclusive). */
export function isWithin(date: CalendarDate, min?: CalendarDate | null, max?: CalendarDate | null): boolean {
  if (min && compareDates(date, min) < 0) return false;
  if (max && compareDates(date, max) > 0) return false;
  return true;
}

/** Today in the given time zone (the browser's when none). */
export function todayIn(now: Date, timeZone?: string): CalendarDate {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
  }).formatToParts(now);
  const get = (type: DatePart) => Number(parts.find((part) => part.type === type)?.value);
  return { year: get('year'), month: get('month'), day: get('day') };
}

/**
 * A typed time of day as "hh:mm" (24-hour), or null. Takes "18:30", "18.30", "1830", "18", and
 * 12-hour forms such as "6:30 pm".
 */
export function parseTime(text: string): string | null {
  const match = /^\s*(\d{1,2})(?:[:.h]?(\d{2}))?\s*(am|pm|a\.m\.|p\.m\.)?\s*$/i.exec(text);
  if (!match) return null;
  let hours = Number(match[1]);
  const minutes = match[2] === undefined ? 0 : Number(match[2]);
  const meridiem = match[3]?.toLowerCase().replace(/\./g, '');
  if (meridiem) {
    if (hours < 1 || hours > 12) return null;
    hours = (hours % 12) + (meridiem === 'pm' ? 12 : 0);
  }
  if (hours > 23 || minutes > 59) return null;
  return `${pad(hours)}:${pad(minutes)}`;
}

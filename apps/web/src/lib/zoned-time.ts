import { isLanguage, localeOf, zonedFormat, type TLanguage } from '@clubtix/contract';
import type { CalendarDate } from './date-parsing';
import { appLanguage } from './app-language';

/**
 * Wall-clock times in an event's time zone. Events keep UTC instants (docs/product.md section 12) but
 * are planned and shown in their own zone, whatever zone the admin's browser is in.
 */

export interface WallClock {
  date: CalendarDate;
  /** "hh:mm", 24-hour. */
  time: string;
}

const PARTS: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
  hourCycle: 'h23',
};

function partsAt(instant: number, timeZone: string) {
  const parts = zonedFormat(PARTS, timeZone).formatToParts(instant);
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((part) => part.type === type)?.value ?? 0);
  return {
    year: get('year'),
    month: get('month'),
    day: get('day'),
    hour: get('hour'),
    minute: get('minute'),
    second: get('second'),
  };
}

/** How far the zone's clock is ahead of UTC at an instant, in milliseconds. */
function offsetAt(instant: number, timeZone: string): number {
  const p = partsAt(instant, timeZone);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return asUtc - (instant - (instant % 1000));
}

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

/** The wall clock of an ISO instant in a zone. */
export function toWallClock(iso: string, timeZone: string): WallClock {
  const p = partsAt(Date.parse(iso), timeZone);
  return { date: { year: p.year, month: p.month, day: p.day }, time: `${pad(p.hour)}:${pad(p.minute)}` };
}

/**
 * The UTC instant (ISO 8601) at which a zone's clock shows the given day and time. A time skipped
 * by a daylight-saving change lands just after the change, as wall clocks do.
 */
export function fromWallClock({ date, time }: WallClock, timeZone: string): string {
  const [hours, minutes] = time.split(':').map(Number);
  const asUtc = Date.UTC(date.year, date.month - 1, date.day, hours ?? 0, minutes ?? 0);
  const firstGuess = asUtc - offsetAt(asUtc, timeZone);
  const offset = offsetAt(firstGuess, timeZone);
  return new Date(asUtc - offset).toISOString();
}

/** The language dates are shown in now: the page's (docs/product.md section 22), English when it is none of ours. */
function shownLanguage(): TLanguage {
  const language = appLanguage().toLowerCase().split('-')[0];
  return isLanguage(language) ? language : 'en';
}

const NUMERIC_DAY: Intl.DateTimeFormatOptions = { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' };

/**
 * A calendar day as the language writes it: "dd/mm/yyyy" in English (docs/product.md section 9),
 * "26.11.2026" in German, "26/11/2026" in French, Spanish and Thai (Gregorian, docs/product.md section 22).
 */
export function formatCalendarDate(date: CalendarDate, language: TLanguage = shownLanguage()): string {
  if (language === 'en') return `${pad(date.day)}/${pad(date.month)}/${date.year}`;
  return new Intl.DateTimeFormat(localeOf(language), NUMERIC_DAY).format(Date.UTC(date.year, date.month - 1, date.day));
}

/** "dd/mm/yyyy hh:mm" in the zone (docs/product.md section 9), the day in the language's own form. */
export function formatDateTime(iso: string, timeZone: string, language: TLanguage = shownLanguage()): string {
  const { date, time } = toWallClock(iso, timeZone);
  return `${formatCalendarDate(date, language)} ${time}`;
}

/** The browser's zone, used as the default for a new event. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** Every IANA zone the browser knows, with the browser's own and UTC guaranteed to be there. */
export function supportedTimeZones(): string[] {
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [...new Set([...zones, browserTimeZone(), 'UTC'])].sort();
}

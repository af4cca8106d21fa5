import { zonedFormat } from '@clubtix/contract';

/**
 * Days and clock times in an event's time zone, with the platform's Intl data (no library): the door
 * and the statistics speak the event's local time, the wire speaks UTC.
 */

/** A local clock's year to second, zero-padded, 00 to 23 hours: the parts every function here reads. */
export const PARTS: Intl.DateTimeFormatOptions = {
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
};

interface LocalParts {
  year: string;
  month: string;
  day: string;
  hour: string;
  minute: string;
  second: string;
}

function localParts(instant: Date | number, timeZone: string): LocalParts {
  const parts: Partial<Record<string, string>> = {};
  for (const part of zonedFormat(PARTS, timeZone).formatToParts(instant)) parts[part.type] = part.value;
  return {
    year: parts.year ?? '1970',
    month: parts.month ?? '01',
    day: parts.day ?? '01',
    hour: parts.hour ?? '00',
    minute: parts.minute ?? '00',
    second: parts.second ?? '00',
  };
}

/** The local calendar day of an instant, `yyyy-mm-dd`. */
export function localDay(instant: Date | number, timeZone: string): string {
  const p = localParts(instant, timeZone);
  return `${p.year}-${p.month}-${p.day}`;
}

/** How far the zone's clock is ahead of UTC at an instant, in milliseconds. */
function offsetAt(instant: number, timeZone: string): number {
  const p = localParts(instant, timeZone);
  const asUtc = Date.UTC(+p.year, +p.month - 1, +p.day, +p.hour, +p.minute, +p.second);
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/** The instant a local day begins (local midnight; where a clock change skips midnight, the first instant after). */
export function startOfLocalDay(day: string, timeZone: string): Date {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const wallClock = Date.UTC(year, month - 1, date);
  const guess = wallClock - offsetAt(wallClock, timeZone);
  const instant = wallClock - offsetAt(guess, timeZone);
  return new Date(localDay(instant, timeZone) === day ? instant : guess);
}

/** The calendar day `count` days after `day` (negative: before). */
export function addDays(day: string, count: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date + count)).toISOString().slice(0, 10);
}

/**
 * Every day from the first key of `byDay` to the last, in order, a day without a value given `empty`;
 * a series longer than `maxDays` keeps its most recent days (charts by day: statistics, sales).
 */
export function everyDay<T>(byDay: Map<string, T>, empty: T, maxDays = 1000): { date: string; value: T }[] {
  const days = [...byDay.keys()].sort();
  const first = days[0];
  const last = days.at(-1);
  if (first === undefined || last === undefined) return [];
  const series: { date: string; value: T }[] = [];
  for (let day = last; day >= first && series.length < maxDays; day = addDays(day, -1)) {
    series.push({ date: day, value: byDay.get(day) ?? empty });
  }
  return series.reverse();
}

/** An instant as the event's clock shows it, `dd/mm/yyyy hh:mm` (docs/product.md section 9). */
export function localDateTime(instant: Date, timeZone: string): string {
  const p = localParts(instant, timeZone);
  return `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}`;
}

/**
 * A time as door staff read it: `19:04` when it is today where the event is, `12/03/2025 19:04`
 * otherwise (docs/product.md section 9: dates dd/mm/yyyy, times hh:mm).
 */
export function doorTime(instant: Date, timeZone: string, now: Date = new Date()): string {
  const p = localParts(instant, timeZone);
  const clock = `${p.hour}:${p.minute}`;
  return localDay(now, timeZone) === `${p.year}-${p.month}-${p.day}` ? clock : `${p.day}/${p.month}/${p.year} ${clock}`;
}

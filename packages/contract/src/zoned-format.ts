import { localeOf, type TLanguage } from './languages';

/**
 * When an event happens, as the ticket PDF and the public pages print it: a short weekday, the date
 * dd/mm/yyyy (in each language's order and separator) and the time hh:mm (docs/product.md section 9).
 * One constant, so zonedFormat keeps one format of it per zone and language for all of them.
 */
export const EVENT_MOMENT_STYLE: Intl.DateTimeFormatOptions = {
  weekday: 'short',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  // h23, not hour12: false, which some engines render as "24:00" at midnight.
  hourCycle: 'h23',
};

const made = new WeakMap<Intl.DateTimeFormatOptions, Map<string, Intl.DateTimeFormat>>();

/**
 * A date format of one style in one time zone and language (English: en-GB), made once and kept: making an
 * Intl.DateTimeFormat costs far more than using one, and the server formats a time per ticket mail
 * and per door scan. `style` is a constant its caller keeps, so its formats are found by identity.
 */
export function zonedFormat(
  style: Intl.DateTimeFormatOptions,
  timeZone: string,
  language: TLanguage = 'en',
): Intl.DateTimeFormat {
  let byZone = made.get(style);
  if (!byZone) {
    byZone = new Map();
    made.set(style, byZone);
  }
  const key = `${language}:${timeZone}`;
  let format = byZone.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(localeOf(language), { ...style, timeZone });
    byZone.set(key, format);
  }
  return format;
}

import { localeOf, type TLanguage } from './languages';

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

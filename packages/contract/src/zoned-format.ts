const made = new WeakMap<Intl.DateTimeFormatOptions, Map<string, Intl.DateTimeFormat>>();

/**
 * An en-GB date format of one style in one time zone, made once and kept: making an
 * Intl.DateTimeFormat costs far more than using one, and the server formats a time per ticket mail
 * and per door scan. `style` is a constant its caller keeps, so its formats are found by identity.
 */
export function zonedFormat(style: Intl.DateTimeFormatOptions, timeZone: string): Intl.DateTimeFormat {
  let byZone = made.get(style);
  if (!byZone) {
    byZone = new Map();
    made.set(style, byZone);
  }
  let format = byZone.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', { ...style, timeZone });
    byZone.set(timeZone, format);
  }
  return format;
}

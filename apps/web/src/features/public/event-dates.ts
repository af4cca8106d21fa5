import { EVENT_MOMENT_STYLE, isTimeZone, zonedFormat, type TLanguage } from '@clubtix/contract';
import { currentLanguage } from '../../i18n/i18n';

/**
 * Event times are shown in the event's own time zone, not the visitor's: a visitor reading the
 * page abroad or on a phone set to another zone must see the time printed on the poster.
 * docs/product.md section 9: dates read dd/mm/yyyy and times hh:mm (24-hour) in English; other
 * languages keep that order with their own weekday names and date separator (docs/product.md
 * section 22). Each function takes the language, the one shown now by default.
 */

export interface EventMoment {
  /** Short weekday in the language, e.g. "Sat", "sam.". */
  weekday: string;
  /** dd/mm/yyyy (dd.mm.yyyy in German) */
  date: string;
  /** hh:mm, 00:00 to 23:59 */
  time: string;
}

/** A zone the runtime does not know (older ICU data) falls back to UTC rather than breaking the page. */
function momentFormat(timeZone: string, language: TLanguage): Intl.DateTimeFormat {
  try {
    return zonedFormat(EVENT_MOMENT_STYLE, timeZone, language);
  } catch {
    return zonedFormat(EVENT_MOMENT_STYLE, 'UTC', language);
  }
}

/** The wall-clock date and time of an ISO instant in a time zone; null for an unreadable date. */
export function eventMoment(
  iso: string,
  timeZone: string,
  language: TLanguage = currentLanguage(),
): EventMoment | null {
  const instant = new Date(iso);
  if (Number.isNaN(instant.getTime())) return null;
  // Assembled from parts so the order never depends on the locale's own pattern.
  const parts: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const part of momentFormat(timeZone, language).formatToParts(instant)) parts[part.type] = part.value;
  const separator = language === 'de' ? '.' : '/';
  return {
    weekday: parts.weekday ?? '',
    date: `${parts.day}${separator}${parts.month}${separator}${parts.year}`,
    time: `${parts.hour}:${parts.minute}`,
  };
}

/** "dd/mm/yyyy", or '' for an unreadable date. */
export function formatEventDate(iso: string, timeZone: string, language: TLanguage = currentLanguage()): string {
  return eventMoment(iso, timeZone, language)?.date ?? '';
}

/** "Sat 14/03/2026, 19:00", or '' for an unreadable date. */
export function formatEventDateTime(iso: string, timeZone: string, language: TLanguage = currentLanguage()): string {
  const moment = eventMoment(iso, timeZone, language);
  return moment ? `${moment.weekday} ${moment.date}, ${moment.time}` : '';
}

/**
 * Start and end in one line: "Sat 14/03/2026, 19:00 – 22:30" on one day,
 * "Sat 14/03/2026, 19:00 – Sun 15/03/2026, 02:00" across days.
 */
export function formatEventRange(
  startIso: string,
  endIso: string,
  timeZone: string,
  language: TLanguage = currentLanguage(),
): string {
  const start = eventMoment(startIso, timeZone, language);
  const end = eventMoment(endIso, timeZone, language);
  if (!start) return '';
  const startText = `${start.weekday} ${start.date}, ${start.time}`;
  if (!end || endIso === startIso) return startText;
  if (end.date === start.date) return `${startText} – ${end.time}`;
  return `${startText} – ${end.weekday} ${end.date}, ${end.time}`;
}

const ZONE_NAME: Intl.DateTimeFormatOptions = { timeZoneName: 'short' };

/**
 * The zone as visitors know it: its IANA name plus the abbreviation in force at that instant,
 * "Europe/London (BST)"; just the name when the abbreviation adds nothing ("UTC").
 */
export function formatTimeZone(timeZone: string, atIso: string, language: TLanguage = currentLanguage()): string {
  const zone = isTimeZone(timeZone) ? timeZone : 'UTC';
  const instant = new Date(atIso);
  if (Number.isNaN(instant.getTime())) return zone;
  const short = zonedFormat(ZONE_NAME, zone, language)
    .formatToParts(instant)
    .find((part) => part.type === 'timeZoneName')?.value;
  return short && short !== zone ? `${zone} (${short})` : zone;
}

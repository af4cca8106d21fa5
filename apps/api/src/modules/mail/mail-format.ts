import { isLanguage, DEFAULT_LANGUAGE, zonedFormat, type TLanguage } from '@clubtix/contract';
import type { EventRow } from '../../db/schema';

/**
 * What every mail shares: escaping, one-line headers, moments in the event's zone written the reader's
 * way, and the HTML frame that names the mail's language (docs/product.md section 22,
 * docs/decisions/0048-mails-in-the-buyers-language.md).
 */
export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Headers take one line; a title typed with a line break must not end the subject early. */
export const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

/** A language column as stored (text, 'en' by default): anything ClubTix does not speak reads as English. */
export const mailLanguage = (stored: string | null | undefined): TLanguage =>
  isLanguage(stored) ? stored : DEFAULT_LANGUAGE;

/** The opening of an HTML mail, its `lang` the reader's so screen readers and translators know it. */
export const htmlStart = (language: TLanguage) =>
  `<!doctype html><html lang="${language}"><body style="font-family:Arial,Helvetica,sans-serif;color:#222222;">`;

const WEEKDAY: Intl.DateTimeFormatOptions = { weekday: 'short' };
/** dd/mm/yyyy in English (docs/product.md section 9); each language's own numeric order otherwise (15.08.2030). */
const DAY: Intl.DateTimeFormatOptions = { day: '2-digit', month: '2-digit', year: 'numeric' };
// h23, not hour12: false, which some engines render as "24:00" at midnight.
const TIME: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' };

interface MailMoment {
  weekday: string;
  date: string;
  time: string;
}

function mailMoment(instant: Date, timeZone: string, language: TLanguage): MailMoment {
  // Three formats joined by spaces, so the weekday, date and time never take the locale's commas.
  return {
    weekday: zonedFormat(WEEKDAY, timeZone, language).format(instant),
    date: zonedFormat(DAY, timeZone, language).format(instant),
    time: zonedFormat(TIME, timeZone, language).format(instant),
  };
}

/**
 * A moment as mails write it, "Sat 15/08/2030 19:00": dd/mm/yyyy hh:mm (docs/product.md section 9) after
 * the short weekday the buyer pages show too (docs/decisions/0022); "sam. 15/08/2030 19:00" in French.
 */
export function mailDateTime(instant: Date, timeZone: string, language: TLanguage = DEFAULT_LANGUAGE): string {
  const moment = mailMoment(instant, timeZone, language);
  return `${moment.weekday} ${moment.date} ${moment.time}`;
}

/**
 * When the event happens, in the event's own time zone (named, since buyers may be elsewhere):
 * "Sat 15/08/2030 19:00 – 23:00 (Europe/London)", the end's day repeated only when it is another.
 */
export function eventWhen(
  event: Pick<EventRow, 'startDate' | 'endDate' | 'timezone'>,
  language: TLanguage = DEFAULT_LANGUAGE,
): string {
  const start = mailMoment(event.startDate, event.timezone, language);
  const startText = `${start.weekday} ${start.date} ${start.time}`;
  let range = startText;
  if (event.endDate > event.startDate) {
    const end = mailMoment(event.endDate, event.timezone, language);
    range =
      end.date === start.date ? `${startText} – ${end.time}` : `${startText} – ${end.weekday} ${end.date} ${end.time}`;
  }
  return `${range} (${event.timezone})`;
}

import { PRODUCT_NAME } from '@clubtix/contract';

/** What goes into the .ics file behind "Add to calendar". */
export interface CalendarEntry {
  /** Stable per event, so adding the same event twice updates one entry instead of making two. */
  uid: string;
  title: string;
  /** ISO instants; written in UTC, which every calendar converts to its own zone. */
  start: string;
  end: string;
  location?: string | null;
  url?: string | null;
  description?: string | null;
}

/** RFC 5545 3.3.5 "form #2": 20260314T190000Z. */
export function toIcsUtc(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) throw new RangeError(`Not a date: ${iso}`);
  return date
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '');
}

/** RFC 5545 3.3.11: backslash, semicolon and comma are escaped, line breaks become \n. */
export function escapeIcsText(text: string): string {
  return text
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

const encoder = new TextEncoder();

/**
 * RFC 5545 3.1: lines longer than 75 octets are folded with CRLF and a space. Octets, not
 * characters: a line of accented or Thai text reaches the limit sooner, and a character is never
 * split across two lines.
 */
export function foldIcsLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = encoder.encode(char).length;
    // Continuation lines start with a space, which counts towards their 75.
    const limit = parts.length === 0 ? 75 : 74;
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

/** A one-event iCalendar file; `now` is the DTSTAMP (when the file was made). */
export function buildIcs(entry: CalendarEntry, now: Date): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:-//${PRODUCT_NAME}//Tickets//EN`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${escapeIcsText(entry.uid)}`,
    `DTSTAMP:${toIcsUtc(now.toISOString())}`,
    `DTSTART:${toIcsUtc(entry.start)}`,
    `DTEND:${toIcsUtc(entry.end)}`,
    `SUMMARY:${escapeIcsText(entry.title)}`,
  ];
  if (entry.location) lines.push(`LOCATION:${escapeIcsText(entry.location)}`);
  if (entry.description) lines.push(`DESCRIPTION:${escapeIcsText(entry.description)}`);
  // URL is of value type URI, not TEXT: its commas and semicolons are part of the address.
  if (entry.url) lines.push(`URL:${entry.url}`);
  lines.push('END:VEVENT', 'END:VCALENDAR');
  return lines.map(foldIcsLine).join('\r\n') + '\r\n';
}

/** The venue and its address as one line for LOCATION. */
export function calendarLocation(venue: string | null, address: string | null): string | null {
  const parts = [venue, address]
    .map((part) => (part ?? '').trim().replace(/\s*(\r\n|\r|\n)+\s*/g, ', '))
    .filter((part) => part !== '');
  return parts.length > 0 ? parts.join(', ') : null;
}

/** A link target that downloads the file without a server round trip. */
export function icsDataUrl(ics: string): string {
  return `data:text/calendar;charset=utf-8,${encodeURIComponent(ics)}`;
}

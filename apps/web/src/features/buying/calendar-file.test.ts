import { describe, expect, it } from 'vitest';
import { buildIcs, calendarLocation, escapeIcsText, foldIcsLine, icsDataUrl, toIcsUtc } from './calendar-file';

describe('toIcsUtc', () => {
  it.each([
    ['2026-03-14T19:00:00Z', '20260314T190000Z'],
    ['2026-03-14T19:00:00.999Z', '20260314T190000Z'],
    ['2026-07-01T20:30:00+01:00', '20260701T193000Z'],
    ['2026-12-31T23:30:00-02:00', '20270101T013000Z'],
  ])('%s -> %s', (iso, expected) => {
    expect(toIcsUtc(iso)).toBe(expected);
  });

  it('refuses what is not a date', () => {
    expect(() => toIcsUtc('soon')).toThrow(RangeError);
  });
});

describe('escapeIcsText', () => {
  it.each([
    ['Summer Tour', 'Summer Tour'],
    ['Rock, Paper; Scissors', 'Rock\\, Paper\\; Scissors'],
    ['C:\\path', 'C:\\\\path'],
    ['line one\nline two', 'line one\\nline two'],
    ['crlf\r\nand cr\rend', 'crlf\\nand cr\\nend'],
    ['already \\, escaped', 'already \\\\\\, escaped'],
  ])('%j -> %j', (text, expected) => {
    expect(escapeIcsText(text)).toBe(expected);
  });
});

describe('foldIcsLine', () => {
  const octets = (text: string) => new TextEncoder().encode(text).length;

  it('leaves a short line alone', () => {
    expect(foldIcsLine('SUMMARY:Short')).toBe('SUMMARY:Short');
    expect(foldIcsLine('X'.repeat(75))).toBe('X'.repeat(75));
  });

  it.each([
    ['ascii', `SUMMARY:${'a'.repeat(200)}`],
    ['two-byte characters', `SUMMARY:${'é'.repeat(100)}`],
    ['three-byte Thai', `LOCATION:${'ก'.repeat(60)}`],
    ['four-byte emoji', `DESCRIPTION:${'🎟'.repeat(40)}`],
  ])('folds %s at 75 octets without splitting a character', (_case, line) => {
    const folded = foldIcsLine(line);
    const parts = folded.split('\r\n');
    expect(parts.length).toBeGreaterThan(1);
    parts.forEach((part, index) => {
      expect(octets(part)).toBeLessThanOrEqual(75);
      if (index > 0) expect(part.startsWith(' ')).toBe(true);
    });
    expect(parts.map((part, index) => (index > 0 ? part.slice(1) : part)).join('')).toBe(line);
  });
});

describe('calendarLocation', () => {
  it.each([
    ['Town Hall', '1 High Street\nBristol\n', 'Town Hall, 1 High Street, Bristol'],
    ['Town Hall', null, 'Town Hall'],
    [null, ' 1 High Street ', '1 High Street'],
    [null, null, null],
    ['', '  ', null],
  ])('%j + %j -> %j', (venue, address, expected) => {
    expect(calendarLocation(venue, address)).toBe(expected);
  });
});

describe('buildIcs', () => {
  const now = new Date('2026-03-01T10:00:00Z');

  it('writes one event with UTC times and escaped text, lines ended by CRLF', () => {
    const ics = buildIcs(
      {
        uid: 'event-e1@clubtix',
        title: 'Jazz, Blues; and more',
        start: '2026-03-14T19:00:00+00:00',
        end: '2026-03-14T22:30:00Z',
        location: 'Town Hall, Bristol',
        url: 'https://tickets.example.org/jazz-night',
        description: 'Doors open 18:30\nBring your ticket',
      },
      now,
    );
    expect(ics.split('\r\n')).toEqual([
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//ClubTix//Tickets//EN',
      'CALSCALE:GREGORIAN',
      'METHOD:PUBLISH',
      'BEGIN:VEVENT',
      'UID:event-e1@clubtix',
      'DTSTAMP:20260301T100000Z',
      'DTSTART:20260314T190000Z',
      'DTEND:20260314T223000Z',
      'SUMMARY:Jazz\\, Blues\\; and more',
      'LOCATION:Town Hall\\, Bristol',
      'DESCRIPTION:Doors open 18:30\\nBring your ticket',
      'URL:https://tickets.example.org/jazz-night',
      'END:VEVENT',
      'END:VCALENDAR',
      '',
    ]);
  });

  it('leaves out what the event does not have', () => {
    const ics = buildIcs({ uid: 'u', title: 'T', start: '2026-03-14T19:00:00Z', end: '2026-03-14T20:00:00Z' }, now);
    expect(ics).not.toMatch(/LOCATION|URL|DESCRIPTION/);
  });

  it('folds a long title', () => {
    const ics = buildIcs(
      { uid: 'u', title: 'A'.repeat(100), start: '2026-03-14T19:00:00Z', end: '2026-03-14T20:00:00Z' },
      now,
    );
    expect(ics).toContain(`SUMMARY:${'A'.repeat(67)}\r\n ${'A'.repeat(33)}\r\n`);
  });
});

describe('icsDataUrl', () => {
  it('is a calendar data URL that decodes to the file', () => {
    const url = icsDataUrl('BEGIN:VCALENDAR\r\nX:a,b #1\r\n');
    expect(url.startsWith('data:text/calendar;charset=utf-8,')).toBe(true);
    expect(decodeURIComponent(url.split(',').slice(1).join(','))).toBe('BEGIN:VCALENDAR\r\nX:a,b #1\r\n');
  });
});

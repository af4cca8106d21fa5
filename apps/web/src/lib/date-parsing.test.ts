import { describe, expect, it } from 'vitest';
import {
  dateOrderForLocale,
  FALLBACK_ORDER,
  formatDate,
  formatDates,
  formatPattern,
  isOutsideValue,
  parseDateText,
  parseTime,
  resolveShortYear,
  type CalendarDate,
  type DateInputMode,
  type DateOrder,
} from './date-parsing';

const DMY: DateOrder = ['day', 'month', 'year'];
const MDY: DateOrder = ['month', 'day', 'year'];
const YMD: DateOrder = ['year', 'month', 'day'];
const now = new Date('2026-03-15T12:00:00Z');
const d = (year: number, month: number, day: number): CalendarDate => ({ year, month, day });

describe('dateOrderForLocale', () => {
  it.each([
    ['en-GB', DMY],
    ['en-US', MDY],
    ['de-DE', DMY],
    ['fr-FR', DMY],
    ['ja-JP', YMD],
    ['sv-SE', YMD],
  ])('%s', (locale, order) => {
    expect(dateOrderForLocale(locale)).toEqual(order);
  });

  it('falls back to mm/dd/yyyy for a locale tag it cannot use', () => {
    expect(dateOrderForLocale('not a locale!')).toEqual(FALLBACK_ORDER);
    expect(FALLBACK_ORDER).toEqual(MDY);
    expect(formatPattern(FALLBACK_ORDER)).toBe('mm/dd/yyyy');
  });

  it('names the pattern in the locale order', () => {
    expect(formatPattern(DMY)).toBe('dd/mm/yyyy');
    expect(formatPattern(YMD)).toBe('yyyy/mm/dd');
  });
});

describe('resolveShortYear (nearest century)', () => {
  it.each([
    [26, 2026, 2026],
    [75, 2026, 2075],
    [77, 2026, 1977],
    [76, 2026, 1976], // 50 years either way: the past
    [1, 2026, 2001],
    [99, 2026, 1999],
    [5, 2090, 2105],
    [59, 2010, 2059],
    [60, 2010, 1960], // the tie again
    [61, 2010, 1961],
  ])('%i in %i is %i', (short, nowYear, expected) => {
    expect(resolveShortYear(short, nowYear)).toBe(expected);
  });
});

type Row = [text: string, order: DateOrder, expected: CalendarDate | null];

describe('parseDateText, single date', () => {
  const rows: Row[] = [
    ['15/08/2026', DMY, d(2026, 8, 15)],
    ['15-08-2026', DMY, d(2026, 8, 15)],
    ['15.08.2026', DMY, d(2026, 8, 15)],
    ['5/8/2026', DMY, d(2026, 8, 5)],
    ['  05/08/2026  ', DMY, d(2026, 8, 5)],
    ['08/15/2026', MDY, d(2026, 8, 15)],
    ['15/08/2026', MDY, null], // month 15
    ['2026-08-15', YMD, d(2026, 8, 15)],
    ['15/08/26', DMY, d(2026, 8, 15)],
    ['15/08/80', DMY, d(1980, 8, 15)],
    ['1/1/1', DMY, d(2001, 1, 1)],
    ['31/12/1999', DMY, d(1999, 12, 31)],
    ['29/02/2024', DMY, d(2024, 2, 29)],
    ['29/02/2026', DMY, null], // not a leap year
    ['31/04/2026', DMY, null], // April has 30 days
    ['31/02/2026', DMY, null], // February never has 31
    ['hello', DMY, null],
    ['32/01/2026', DMY, null],
    ['00/01/2026', DMY, null],
    ['01/00/2026', DMY, null],
    ['01/13/2026', DMY, null],
    ['01/01/0000', DMY, null],
    ['01/01/00', DMY, null],
    ['15/08-2030', DMY, d(2030, 8, 15)], // mixed separators: each is a slash, dash or dot
    ['15.08/2030', DMY, d(2030, 8, 15)],
    ['15-08.30', DMY, d(2030, 8, 15)],
    ['08.15/2030', MDY, d(2030, 8, 15)],
    ['2030/08-15', YMD, d(2030, 8, 15)],
    ['15/08_2030', DMY, null], // not a separator
    ['15//08/2030', DMY, null],
    ['15 08 2026', DMY, null],
    ['15/08', DMY, null],
    ['15/08/2026/1', DMY, null],
    ['tomorrow', DMY, null],
    ['150/08/2026', DMY, null],
    ['15/08/2026 x', DMY, null],
    ['15/08/2026, 16/08/2026', DMY, null], // two dates in a single field
  ];
  it.each(rows)('%s (%j)', (text, order, expected) => {
    const result = parseDateText(text, 'single', { order, now });
    expect(result).toEqual(expected ? { ok: true, dates: [expected] } : { ok: false });
  });

  it('reads empty text as no date', () => {
    expect(parseDateText('   ', 'single', { order: DMY, now })).toEqual({ ok: true, dates: [] });
  });
});

describe('parseDateText, range and multiple', () => {
  const rows: [string, DateInputMode, CalendarDate[] | null][] = [
    ['01/08/2026 - 05/08/2026', 'range', [d(2026, 8, 1), d(2026, 8, 5)]],
    ['01/08/2026 – 05/08/2026', 'range', [d(2026, 8, 1), d(2026, 8, 5)]],
    ['01/08/2026 to 05/08/2026', 'range', [d(2026, 8, 1), d(2026, 8, 5)]],
    ['01-08-2026-05-08-2026', 'range', [d(2026, 8, 1), d(2026, 8, 5)]],
    ['01/08-2026 - 05.08/2026', 'range', [d(2026, 8, 1), d(2026, 8, 5)]], // mixed separators
    ['05/08/2026 - 01/08/2026', 'range', [d(2026, 8, 1), d(2026, 8, 5)]], // either order
    ['01/08/2026', 'range', [d(2026, 8, 1)]], // a start alone
    ['01/08/2026 - 02/08/2026 - 03/08/2026', 'range', null],
    ['01/08/2026 - 31/02/2026', 'range', null],
    ['01/08/2026, 03/08/2026, 02/08/2026', 'multiple', [d(2026, 8, 1), d(2026, 8, 2), d(2026, 8, 3)]],
    ['01/08/2026 03/08/2026', 'multiple', [d(2026, 8, 1), d(2026, 8, 3)]],
    ['01/08/2026; 01/08/2026', 'multiple', [d(2026, 8, 1)]], // no repeats
    ['01/08/2026, nope', 'multiple', null],
  ];
  it.each(rows)('%s (%s)', (text, mode, expected) => {
    expect(parseDateText(text, mode, { order: DMY, now })).toEqual(
      expected ? { ok: true, dates: expected } : { ok: false },
    );
  });
});

describe('isOutsideValue: when a given value replaces the typed text', () => {
  const day = d(2026, 8, 15);
  const other = d(2026, 8, 16);

  it('keeps the text and its message when the page keeps its value after an unreadable date', () => {
    // The field reported "no date"; the statistics page stays on its last good day.
    expect(isOutsideValue([day], [day], [])).toBe(false);
  });

  it('keeps the text when the form takes what the field reported', () => {
    expect(isOutsideValue([], [day], [])).toBe(false);
    expect(isOutsideValue([other], [day], [other])).toBe(false);
  });

  it('replaces the text when the value changes from outside', () => {
    expect(isOutsideValue([other], [day], null)).toBe(true);
    expect(isOutsideValue([], [day], null)).toBe(true); // a form reset
    expect(isOutsideValue([other], [day], [])).toBe(true); // not what the field reported
  });
});

describe('formatting', () => {
  it('shows dd/mm/yyyy by default and any order on request', () => {
    expect(formatDate(d(2026, 8, 5))).toBe('05/08/2026');
    expect(formatDate(d(2026, 8, 5), MDY)).toBe('08/05/2026');
    expect(formatDate(d(987, 1, 2))).toBe('02/01/0987');
  });

  it('writes ranges and lists that read back the same', () => {
    const range = [d(2026, 8, 1), d(2026, 8, 5)];
    const text = formatDates(range, 'range');
    expect(text).toBe('01/08/2026 – 05/08/2026');
    expect(parseDateText(text, 'range', { order: DMY, now })).toEqual({ ok: true, dates: range });
    const list = [d(2026, 8, 1), d(2026, 9, 1)];
    expect(parseDateText(formatDates(list, 'multiple'), 'multiple', { order: DMY, now })).toEqual({
      ok: true,
      dates: list,
    });
  });
});

describe('parseTime', () => {
  it.each([
    ['18:30', '18:30'],
    ['9:05', '09:05'],
    ['18.30', '18:30'],
    ['1830', '18:30'],
    ['930', '09:30'],
    ['18', '18:00'],
    ['0', '00:00'],
    ['23:59', '23:59'],
    ['6:30 pm', '18:30'],
    ['12 am', '00:00'],
    ['12:15 PM', '12:15'],
    ['24:00', null],
    ['18:60', null],
    ['13 pm', null],
    ['', null],
    ['noon', null],
    ['18:3', null],
  ])('%s', (text, expected) => {
    expect(parseTime(text)).toBe(expected);
  });
});

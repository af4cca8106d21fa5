import { describe, expect, it } from 'vitest';
import { eventMoment, formatEventDate, formatEventDateTime, formatEventRange, formatTimeZone } from './event-dates';

describe('eventMoment', () => {
  it.each([
    // instant (UTC), zone, weekday, dd/mm/yyyy, hh:mm
    ['2026-03-14T19:00:00.000Z', 'Europe/London', 'Sat', '14/03/2026', '19:00'],
    ['2026-07-14T19:00:00.000Z', 'Europe/London', 'Tue', '14/07/2026', '20:00'],
    ['2026-07-14T19:00:00.000Z', 'Asia/Bangkok', 'Wed', '15/07/2026', '02:00'],
    ['2026-01-01T03:30:00.000Z', 'America/New_York', 'Wed', '31/12/2025', '22:30'],
    ['2026-03-29T00:59:00.000Z', 'Europe/London', 'Sun', '29/03/2026', '00:59'],
    ['2026-03-29T01:00:00.000Z', 'Europe/London', 'Sun', '29/03/2026', '02:00'],
    ['2026-05-01T00:00:00.000Z', 'UTC', 'Fri', '01/05/2026', '00:00'],
    ['2026-05-01T12:05:00+02:00', 'Europe/Paris', 'Fri', '01/05/2026', '12:05'],
    ['2026-05-01T12:00:00.000Z', 'Not/AZone', 'Fri', '01/05/2026', '12:00'],
  ])('%s in %s -> %s %s %s', (iso, zone, weekday, date, time) => {
    expect(eventMoment(iso, zone)).toEqual({ weekday, date, time });
  });

  it('gives null for a date it cannot read', () => {
    expect(eventMoment('not a date', 'UTC')).toBeNull();
    expect(formatEventDate('', 'UTC')).toBe('');
    expect(formatEventDateTime('nope', 'UTC')).toBe('');
  });

  it('shows midnight as 00:00, never 24:00', () => {
    expect(eventMoment('2026-06-01T23:00:00.000Z', 'Europe/London')?.time).toBe('00:00');
  });
});

describe('formatEventRange', () => {
  it.each([
    ['same day', '2026-03-14T19:00:00Z', '2026-03-14T22:30:00Z', 'Europe/London', 'Sat 14/03/2026, 19:00 – 22:30'],
    [
      'across midnight',
      '2026-03-14T19:00:00Z',
      '2026-03-15T02:00:00Z',
      'Europe/London',
      'Sat 14/03/2026, 19:00 – Sun 15/03/2026, 02:00',
    ],
    [
      'same day only in the zone',
      '2026-03-14T18:00:00Z',
      '2026-03-14T20:00:00Z',
      'Asia/Bangkok',
      'Sun 15/03/2026, 01:00 – 03:00',
    ],
    ['no length', '2026-03-14T19:00:00Z', '2026-03-14T19:00:00Z', 'UTC', 'Sat 14/03/2026, 19:00'],
    ['unreadable end', '2026-03-14T19:00:00Z', 'later', 'UTC', 'Sat 14/03/2026, 19:00'],
    ['unreadable start', 'soon', '2026-03-14T19:00:00Z', 'UTC', ''],
  ])('%s', (_case, start, end, zone, expected) => {
    expect(formatEventRange(start, end, zone)).toBe(expected);
  });
});

describe('formatTimeZone', () => {
  it.each([
    ['Europe/London', '2026-01-10T12:00:00Z', 'Europe/London (GMT)'],
    ['Europe/London', '2026-07-10T12:00:00Z', 'Europe/London (BST)'],
    ['Asia/Bangkok', '2026-07-10T12:00:00Z', 'Asia/Bangkok (GMT+7)'],
    ['UTC', '2026-07-10T12:00:00Z', 'UTC'],
    ['Not/AZone', '2026-07-10T12:00:00Z', 'UTC'],
    ['Europe/Paris', 'never', 'Europe/Paris'],
  ])('%s at %s -> %s', (zone, at, expected) => {
    expect(formatTimeZone(zone, at)).toBe(expected);
  });
});

describe('in other languages', () => {
  it('keeps the order with the language’s weekday and separator', () => {
    const start = '2026-03-14T19:00:00Z';
    const end = '2026-03-14T22:30:00Z';
    expect(formatEventRange(start, end, 'Europe/London', 'fr')).toBe('sam. 14/03/2026, 19:00 – 22:30');
    expect(formatEventRange(start, end, 'Europe/London', 'de')).toBe('Sa. 14.03.2026, 19:00 – 22:30');
    expect(formatEventDate(start, 'Europe/London', 'th')).toBe('14/03/2026');
    expect(formatEventDateTime(start, 'Europe/London', 'es')).toMatch(/^sáb 14\/03\/2026, 19:00$/);
  });
});

import { describe, expect, it } from 'vitest';
import { formatRemaining, remainingMs } from './countdown';

describe('formatRemaining', () => {
  it.each([
    [15 * 60_000, '15:00'],
    [14 * 60_000 + 5_000, '14:05'],
    [9_000, '0:09'],
    // A part of a second still left shows as a whole one: 0:00 means lapsed.
    [100, '0:01'],
    [1, '0:01'],
    [0, '0:00'],
    [-5_000, '0:00'],
    [3_600_000, '1:00:00'],
    [3_723_000, '1:02:03'],
    [24 * 3_600_000, '24:00:00'],
    [Number.NaN, '0:00'],
    [Number.POSITIVE_INFINITY, '0:00'],
  ])('%s ms -> %s', (ms, expected) => {
    expect(formatRemaining(ms)).toBe(expected);
  });
});

describe('remainingMs', () => {
  const now = Date.parse('2026-05-01T12:00:00Z');
  it.each([
    ['2026-05-01T12:15:00Z', 15 * 60_000],
    ['2026-05-01T12:15:00.000+01:00', -45 * 60_000],
    ['2026-05-01T11:59:59Z', -1_000],
    [null, null],
    ['', null],
    ['not a date', null],
  ])('%s -> %s', (expiresAt, expected) => {
    expect(remainingMs(expiresAt, now)).toBe(expected);
  });
});

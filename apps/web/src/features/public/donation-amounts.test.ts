import { describe, expect, it } from 'vitest';
import { suggestedDonations, toMinorUnits } from './donation-amounts';

describe('suggestedDonations', () => {
  it.each([
    ['gbp', [500, 1000, 2500, 5000]],
    ['usd', [500, 1000, 2500, 5000]],
    ['eur', [500, 1000, 2500, 5000]],
    ['thb', [10000, 25000, 50000, 100000]],
  ] as const)('%s', (currency, expected) => {
    expect(suggestedDonations(currency)).toEqual(expected);
  });
});

describe('toMinorUnits', () => {
  it.each([
    [10, 1000],
    [12.5, 1250],
    [0.1 + 0.2 + 0.7, 100],
    [19.99, 1999],
    ['7', 700],
    [' 1,000.25 ', 100025],
    [1, 100],
    [100_000, 10_000_000],
    [0, null],
    [0.5, null],
    [-5, null],
    [100_000.01, null],
    [1_000_000, null],
    [10.555, null],
    ['', null],
    ['  ', null],
    ['ten', null],
    [Number.NaN, null],
    [Number.POSITIVE_INFINITY, null],
  ])('%s -> %s', (input, expected) => {
    expect(toMinorUnits(input)).toBe(expected);
  });
});

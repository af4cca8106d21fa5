import { beforeAll, describe, expect, it } from 'vitest';
import { checkMoneyInput, toMajorUnits, toMinorUnits } from './money-input';
import { startI18n } from '../i18n/i18n';

// The common words in English, as the tests read them.
beforeAll(() => startI18n('en'));

describe('toMinorUnits', () => {
  it.each([
    ['12.50', 1250],
    [12.5, 1250],
    ['0.29', 29],
    [0.29, 29],
    ['1,250.05', 125005],
    ['7', 700],
    ['7.', 700],
    [0, 0],
    ['', null],
    ['12.505', null],
    ['-1', null],
    ['abc', null],
    [null, null],
  ])('%j -> %j', (value, expected) => {
    expect(toMinorUnits(value)).toBe(expected);
  });

  it('round-trips with toMajorUnits', () => {
    for (const minor of [0, 1, 29, 1050, 99999]) expect(toMinorUnits(toMajorUnits(minor))).toBe(minor);
  });
});

describe('checkMoneyInput', () => {
  it('names the field', () => {
    expect(checkMoneyInput('Price', '')).toBe('Price is required (0 for free)');
    expect(checkMoneyInput('Price', '1.234')).toMatch(/^Price must be an amount/);
    expect(checkMoneyInput('Price', 12.5)).toBeNull();
  });
});

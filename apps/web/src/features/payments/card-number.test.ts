import { beforeAll, describe, expect, it } from 'vitest';
import { cardDigits, checkCardNumber, formatCardNumber } from './card-number';
import { i18n, startI18n } from '../../i18n/i18n';

beforeAll(async () => {
  await startI18n('en');
  await i18n.loadNamespaces('payments');
});

describe('formatCardNumber', () => {
  it.each([
    ['4242424242424242', '4242 4242 4242 4242'],
    ['4242 4242 4242 4242', '4242 4242 4242 4242'],
    ['4000-0000-0000-0002', '4000 0000 0000 0002'],
    ['4242', '4242'],
    ['42424', '4242 4'],
    ['', ''],
    ['abc', ''],
    ['1234567890123456789999', '1234 5678 9012 3456 789'],
  ])('%j -> %j', (text, expected) => {
    expect(formatCardNumber(text)).toBe(expected);
  });
});

describe('checkCardNumber', () => {
  it.each([
    ['4242 4242 4242 4242', null],
    ['4000-0000-0000-0002', null],
    ['', 'Enter a card number'],
    ['   ', 'Enter a card number'],
    ['4242', 'A card number has 12 to 19 digits'],
    ['4242 4242 4242 424x', 'A card number has 12 to 19 digits'],
  ])('%j -> %j', (text, expected) => {
    expect(checkCardNumber(text)).toBe(expected);
  });

  it('sends the digits only', () => {
    expect(cardDigits('4242 4242-4242 4242')).toBe('4242424242424242');
  });
});

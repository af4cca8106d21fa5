import { describe, expect, it } from 'vitest';
import { formatMoney } from './money';
import { checkPassword, generatePassword, isEmail, slugify, ZEmail, ZPassword } from './rules';

describe('password rules', () => {
  it.each([
    ['', 'Password is required!'],
    ['abc1', 'Password must be 8 or more characters!'],
    ['abcdefgh', 'Password must include at least one number!'],
    ['abcdefg1', true],
  ])('%j -> %j', (input, expected) => {
    expect(checkPassword(input)).toBe(expected);
  });

  it('gives the message through the schema too', () => {
    const result = ZPassword.safeParse('short');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Password must be 8 or more characters!');
  });

  it('generates passwords that pass the rules', () => {
    for (let i = 0; i < 200; i++) {
      const password = generatePassword();
      expect(password).toHaveLength(8);
      expect(checkPassword(password)).toBe(true);
    }
  });
});

describe('e-mail rule', () => {
  it.each([
    ['ann@example.org', true],
    ['admin@localhost', true],
    ['ann @example.org', false],
    ['ann.example.org', false],
    ['@example.org', false],
  ])('%j -> %j', (input, expected) => {
    expect(isEmail(input)).toBe(expected);
  });

  it('trims and lowercases', () => {
    expect(ZEmail.parse('  Ann@Example.ORG ')).toBe('ann@example.org');
  });
});

describe('slug rule', () => {
  it.each([
    ['Summer Tour 2026', 'summer-tour-2026'],
    ['  Hello,  World!  ', 'hello-world'],
    ['--A -- B--', 'a-b'],
    ['Café Night', 'caf-night'],
    ['', ''],
  ])('%j -> %j', (input, expected) => {
    expect(slugify(input)).toBe(expected);
  });
});

describe('money display', () => {
  it.each([
    [1250, 'gbp', '£12.50'],
    [1200, 'gbp', '£12'],
    [5, 'usd', '$0.05'],
    [123456789, 'eur', '€1,234,567.89'],
    [0, 'thb', '฿0'],
  ] as const)('%d %s -> %s', (minor, currency, expected) => {
    expect(formatMoney(minor, currency)).toBe(expected);
  });
});

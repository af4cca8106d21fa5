import { describe, expect, it } from 'vitest';
import { formatShortCode, isShortCode, normaliseShortCode, SHORT_CODE_ALPHABET } from './short-code';

describe('short ticket codes', () => {
  it('has 32 characters without look-alikes', () => {
    expect(SHORT_CODE_ALPHABET).toHaveLength(32);
    expect(new Set(SHORT_CODE_ALPHABET).size).toBe(32);
    for (const lookAlike of ['0', 'O', '1', 'I']) expect(SHORT_CODE_ALPHABET).not.toContain(lookAlike);
  });

  it('is shown as XXXX-XXXX', () => {
    expect(formatShortCode('ABCD2345')).toBe('ABCD-2345');
  });

  it.each(['ABCD2345', 'abcd2345', 'ABCD-2345', 'abcd-2345', 'abcd 2345', ' Abcd - 2345 ', 'AB CD 23 45'])(
    'reads %j as ABCD2345',
    (typed) => {
      expect(normaliseShortCode(typed)).toBe('ABCD2345');
    },
  );

  it.each(['', 'ABCD-234', 'ABCD-23456', 'ABCD-0345', 'ABCD-1345', 'OBCD-2345', 'IBCD-2345', 'ABCD_2345', 'ÄBCD2345'])(
    'refuses %j',
    (typed) => {
      expect(normaliseShortCode(typed)).toBeNull();
    },
  );

  it('refuses long text without reading it', () => {
    expect(normaliseShortCode(`ABCD2345${' '.repeat(100)}`)).toBeNull();
  });

  it('knows a stored code', () => {
    expect(isShortCode('ABCD2345')).toBe(true);
    expect(isShortCode('ABCD-2345')).toBe(false);
    expect(isShortCode('abcd2345')).toBe(false);
  });
});

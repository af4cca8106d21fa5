import { describe, expect, it } from 'vitest';
import { IMPORT_ERRORS_BUDGET_BYTES, IMPORT_ERRORS_MAX_LISTED, IMPORT_MESSAGE_MAX_CHARS } from '@clubtix/contract';
import { ImportErrors, quotedFew, rowMessage } from './import-errors';

describe('an import answer within its budget', () => {
  it("keeps a row's message whole while it fits", () => {
    expect(rowMessage(['First name is required', 'E-mail is required'])).toBe(
      'First name is required; E-mail is required',
    );
  });

  it("cuts a row's message at whole problems and says how many more there are", () => {
    const problems = Array.from(
      { length: 100 },
      (_, i) => `Question ${i} ${'w'.repeat(60)}: choose one of the listed options`,
    );
    const message = rowMessage(problems);
    expect(message.length).toBeLessThanOrEqual(IMPORT_MESSAGE_MAX_CHARS);
    const shown = message.split('; ').length - 1;
    expect(message.endsWith(`; and ${100 - shown} more problems`)).toBe(true);
    expect(message.startsWith(problems[0]!)).toBe(true);
  });

  it('clips one problem longer than a whole message', () => {
    const message = rowMessage(['x'.repeat(5000), 'y']);
    expect(message).toHaveLength(IMPORT_MESSAGE_MAX_CHARS);
    expect(message.endsWith('…')).toBe(true);
  });

  it('lists rows while their JSON fits the budget, then only counts them, in file order', () => {
    const errors = new ImportErrors();
    for (let row = 2; row < 20_002; row++) errors.add({ row, message: 'm'.repeat(IMPORT_MESSAGE_MAX_CHARS) });
    expect(errors.count).toBe(20_000);
    expect(Buffer.byteLength(JSON.stringify(errors.listed))).toBeLessThanOrEqual(IMPORT_ERRORS_BUDGET_BYTES);
    expect(errors.listed.length).toBeGreaterThan(100);
    expect(errors.listed.map((error) => error.row)).toEqual(errors.listed.map((_, i) => i + 2));
    // A short row after the budget is spent is not listed out of order.
    errors.add({ row: 30_000, message: 'short' });
    expect(errors.listed.at(-1)!.row).toBeLessThan(30_000);
  });

  it(`lists at most ${IMPORT_ERRORS_MAX_LISTED} rows, however short`, () => {
    const errors = new ImportErrors();
    for (let row = 2; row < 1002; row++) errors.add({ row, message: 'E-mail is required' });
    expect(errors.listed).toHaveLength(IMPORT_ERRORS_MAX_LISTED);
    expect(errors.notListed).toBe(1000 - IMPORT_ERRORS_MAX_LISTED);
  });

  it('names a few columns of a long list, each clipped', () => {
    expect(quotedFew(['a', 'b'])).toBe('"a", "b"');
    const text = quotedFew(Array.from({ length: 25 }, (_, i) => `${i}${'z'.repeat(200)}`));
    expect(text.endsWith(' and 15 more')).toBe(true);
    expect(text.length).toBeLessThan(11 * 85);
  });
});

describe('rowMessage in the language of the report', () => {
  it('counts what did not fit in that language, and reads English as before', () => {
    const problems = Array.from({ length: 1300 }, (_, index) => `Problem number ${index} of this row`);
    expect(rowMessage(problems)).toMatch(/; and 1,2\d\d more problems$/);
    expect(rowMessage(problems, 'de')).toMatch(/; und 1\.2\d\d weitere Probleme$/);
    expect(rowMessage(['one', 'two'], 'fr')).toBe('one; two');
  });
});

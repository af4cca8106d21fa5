import { describe, expect, it } from 'vitest';
import { confirmWithin } from './components/check-inbox';

describe('confirmWithin', () => {
  it('gives the minutes left, rounded up, and the time on the buyer’s clock', () => {
    const expiresAt = new Date(2031, 2, 10, 18, 42).toISOString();
    expect(confirmWithin(expiresAt, 13 * 60_000 + 5_000)).toBe('14 minutes (until 18:42)');
    expect(confirmWithin(expiresAt, 20_000)).toBe('1 minute (until 18:42)');
  });
});

import { describe, expect, it } from 'vitest';
import { MAX_ATTEMPTS, retryDelayMs } from './retry-schedule';

describe('mail retry schedule', () => {
  it('backs off from 30 seconds to 6 hours between tries', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map(retryDelayMs)).toEqual([
      30_000, 120_000, 600_000, 1_800_000, 3_600_000, 10_800_000, 21_600_000,
    ]);
    expect(retryDelayMs(MAX_ATTEMPTS + 5)).toBe(21_600_000);
  });

  it('keeps trying a refused mail for about a day before it is marked failed', () => {
    let waitedMs = 0;
    for (let attempts = 1; attempts < MAX_ATTEMPTS; attempts++) waitedMs += retryDelayMs(attempts);
    const hours = waitedMs / 3_600_000;
    expect(hours).toBeGreaterThan(20);
    expect(hours).toBeLessThan(26);
  });
});

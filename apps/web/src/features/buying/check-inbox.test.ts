import { beforeAll, describe, expect, it } from 'vitest';
import { i18n, startI18n } from '../../i18n/i18n';
import { confirmWithin } from './components/check-inbox';

beforeAll(async () => {
  await startI18n('en');
  await i18n.loadNamespaces('buying');
});

describe('confirmWithin', () => {
  it('gives the minutes left, rounded up, and the time on the buyer’s clock', () => {
    const expiresAt = new Date(2031, 2, 10, 18, 42).toISOString();
    expect(confirmWithin(expiresAt, 13 * 60_000 + 5_000)).toBe('14 minutes (until 18:42)');
    expect(confirmWithin(expiresAt, 20_000)).toBe('1 minute (until 18:42)');
  });
});

import { beforeAll, describe, expect, it } from 'vitest';
import { formatBytes } from './save-file';
import { startI18n } from '../i18n/i18n';

// The common words in English, as the tests read them.
beforeAll(() => startI18n('en'));

describe('formatBytes', () => {
  it.each([
    [0, '0 B'],
    [1023, '1023 B'],
    [1024, '1 KB'],
    [350_000, '342 KB'],
    [1024 * 1024 * 1.25, '1.3 MB'],
  ])('%d -> %s', (bytes, text) => {
    expect(formatBytes(bytes)).toBe(text);
  });
});

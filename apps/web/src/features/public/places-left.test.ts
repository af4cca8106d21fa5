import { beforeAll, describe, expect, it } from 'vitest';
import { placesLeftText } from './places-left';
import { i18n, startI18n } from '../../i18n/i18n';

beforeAll(async () => {
  await startI18n('en');
  await i18n.loadNamespaces('public');
});

describe('placesLeftText', () => {
  it('says how many places are left, sold out at none, and nothing without a limit', () => {
    expect(placesLeftText(2)).toBe('2 places left');
    expect(placesLeftText(1)).toBe('1 place left');
    expect(placesLeftText(0)).toBe('Sold out');
    expect(placesLeftText(null)).toBeNull();
  });
});

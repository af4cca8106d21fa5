import { beforeAll, describe, expect, it } from 'vitest';
import { emailParts, paidLabel } from './attendee-table';
import { i18n, startI18n } from '../../../i18n/i18n';

// The helpers read the English catalogue (docs/product.md section 22).
beforeAll(async () => {
  await startI18n('en');
  await i18n.loadNamespaces('attendees');
});

describe('the attendee list', () => {
  it("says an amount is the whole order's, which every attendee of it shows", () => {
    expect(paidLabel(3750, 'gbp')).toBe('Order paid £37.50');
    expect(paidLabel(null, 'gbp')).toBe('Nothing paid');
    expect(paidLabel(5000, 'gbp', 2000)).toBe('Order paid £50 · £20 refunded');
    expect(paidLabel(5000, 'gbp', 5000)).toBe('Order paid £50 · refunded');
    expect(paidLabel(5000, 'gbp', 0)).toBe('Order paid £50');
  });

  it('lets an e-mail wrap only after its @ and before its dots, never inside a word', () => {
    expect(emailParts('ada.lovelace@mail.example.org')).toEqual(['ada', '.lovelace@', 'mail', '.example', '.org']);
    expect(emailParts('plain')).toEqual(['plain']);
    expect(emailParts('ada.lovelace@mail.example.org').join('')).toBe('ada.lovelace@mail.example.org');
  });
});

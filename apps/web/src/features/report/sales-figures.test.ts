import { beforeAll, describe, expect, it } from 'vitest';
import { changeLanguage, i18n, startI18n } from '../../i18n/i18n';
import { refundedShare, salesDayBars, soldOfCapacity, totalsText } from './sales-figures';

describe('sales figures', () => {
  beforeAll(async () => {
    await startI18n('en');
    await i18n.loadNamespaces('report');
  });

  it('makes a bar per day in major units, dated dd/mm', () => {
    expect(salesDayBars([{ date: '2026-05-01', tickets: 3, gross: 12_345 }])).toEqual([
      { day: '01/05', gross: 123.45, tickets: 3 },
    ]);
  });

  it('says one sold in the singular in French and Spanish', async () => {
    for (const [language, one, many] of [
      ['fr', '1 vendu', '2 vendus'],
      ['es', '1 vendida', '2 vendidas'],
    ] as const) {
      await changeLanguage(language);
      try {
        expect(i18n.t('report:club.sold', { sold: 1 })).toBe(one);
        expect(i18n.t('report:club.sold', { sold: 2 })).toBe(many);
      } finally {
        await changeLanguage('en');
      }
    }
  });

  it('says sold of capacity, nothing without a cap', () => {
    expect(soldOfCapacity(1234, 2000)).toBe('1,234 of 2,000 places');
    expect(soldOfCapacity(12, null)).toBeUndefined();
  });

  it('gives the refunded share of gross, zero when nothing was taken', () => {
    expect(refundedShare({ gross: 2000, refunded: 500 })).toBe(25);
    expect(refundedShare({ gross: 0, refunded: 0 })).toBe(0);
  });

  it('writes takings per currency, or nothing sold', () => {
    expect(totalsText([])).toBe('Nothing sold yet');
    expect(
      totalsText([
        { currency: 'gbp', gross: 130_000, refunded: 5000, net: 125_000 },
        { currency: 'eur', gross: 1050, refunded: 0, net: 1050 },
      ]),
    ).toBe('£1,250 net (£1,300 taken, £50 refunded) · €10.50 net (€10.50 taken, €0 refunded)');
  });

  it('follows the language shown (docs/product.md section 22)', async () => {
    await changeLanguage('de');
    try {
      expect(soldOfCapacity(1234, 2000)).toBe('1.234 von 2.000 Plätzen');
      expect(salesDayBars([{ date: '2026-12-07', tickets: 1, gross: 500 }])[0]!.day).toBe('07.12.');
      expect(totalsText([{ currency: 'eur', gross: 1050, refunded: 0, net: 1050 }])).toMatch(/netto/);
    } finally {
      await changeLanguage('en');
    }
  });
});

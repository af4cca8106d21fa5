import { describe, expect, it } from 'vitest';
import { refundedShare, salesDayBars, soldOfCapacity } from './sales-figures';

describe('sales figures', () => {
  it('makes a bar per day in major units, dated dd/mm', () => {
    expect(salesDayBars([{ date: '2026-05-01', tickets: 3, gross: 12_345 }])).toEqual([
      { day: '01/05', gross: 123.45, tickets: 3 },
    ]);
  });

  it('says sold of capacity, nothing without a cap', () => {
    expect(soldOfCapacity(1234, 2000)).toBe('1,234 of 2,000 places');
    expect(soldOfCapacity(12, null)).toBeUndefined();
  });

  it('gives the refunded share of gross, zero when nothing was taken', () => {
    expect(refundedShare({ gross: 2000, refunded: 500 })).toBe(25);
    expect(refundedShare({ gross: 0, refunded: 0 })).toBe(0);
  });
});

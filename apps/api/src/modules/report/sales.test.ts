import { describe, expect, it } from 'vitest';
import type { PaidOrderLine } from './report.repo';
import { buildSales, ticketLineShares } from './sales';

const line = (fields: Partial<PaidOrderLine>): PaidOrderLine => ({
  orderId: 'o1',
  orderAmount: 0,
  discountAmount: 0,
  refundedAmount: 0,
  day: '2026-05-01',
  standing: true,
  kind: 'ticket',
  ticketId: 't1',
  discounted: true,
  quantity: 1,
  amount: 1000,
  ...fields,
});

describe('ticketLineShares', () => {
  it('takes the discount from the named ticket lines only, never from extras, to the minor unit', () => {
    const lines = [
      line({ ticketId: 'a', amount: 1000, discountAmount: 100 }),
      line({ ticketId: 'b', amount: 2000, discountAmount: 100 }),
      line({ ticketId: 'c', amount: 5000, discountAmount: 100, discounted: false }),
      line({ kind: 'extras', ticketId: null, amount: 700, discountAmount: 100 }),
    ];
    const shares = [...ticketLineShares(lines).values()];
    // 100 over 1000 and 2000: 33.3 and 66.7, the spare unit to the larger remainder.
    expect(shares).toEqual([1000 - 33, 2000 - 67, 5000, 700]);
  });

  it('spreads over every ticket line when the code names none of them', () => {
    const lines = [
      line({ ticketId: 'a', amount: 999, discountAmount: 10, discounted: false }),
      line({ ticketId: 'b', amount: 999, discountAmount: 10, discounted: false }),
      line({ ticketId: 'c', amount: 999, discountAmount: 10, discounted: false }),
    ];
    const shares = [...ticketLineShares(lines).values()];
    expect(shares.reduce((sum, share) => sum + share, 0)).toBe(3 * 999 - 10);
    expect(shares.sort()).toEqual([995, 996, 996]);
  });
});

describe('buildSales', () => {
  it('lists every day from the first sale to the last, days without sales at zero', () => {
    const report = buildSales({
      event: { id: 'e', currency: 'EUR', timezone: 'Europe/Paris' },
      ticketNames: [{ id: 't1', name: 'Adult' }],
      orderLines: [line({ day: '2026-04-29', quantity: 2, amount: 2000 }), line({ orderId: 'o2', day: '2026-05-02' })],
      extrasAlone: [],
      sponsorships: [{ day: '2026-05-01', quantity: 1, amount: 500, refundedAmount: 100, donation: true }],
    });
    expect(report.byDay).toEqual([
      { date: '2026-04-29', tickets: 2, gross: 2000 },
      { date: '2026-04-30', tickets: 0, gross: 0 },
      { date: '2026-05-01', tickets: 0, gross: 500 },
      { date: '2026-05-02', tickets: 1, gross: 1000 },
    ]);
    expect(report).toMatchObject({ gross: 3500, refunded: 100, net: 3400, donations: 500, ticketsSold: 3 });
  });
});

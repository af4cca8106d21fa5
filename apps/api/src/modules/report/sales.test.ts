import { describe, expect, it } from 'vitest';
import type { PaidOrderLine } from './report.repo';
import { buildSales, refundShares, ticketLineShares } from './sales';

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

  it("gives each row its refund, the rows' gross, refunded and net adding up to the totals", () => {
    const report = buildSales({
      event: { id: 'e', currency: 'EUR', timezone: 'Europe/Paris' },
      ticketNames: [
        { id: 'a', name: 'Adult' },
        { id: 'c', name: 'Child' },
      ],
      orderLines: [
        // A code's 300 off the Adult line, then 1001 refunded of the order's 2700 + 700.
        line({ orderId: 'o1', ticketId: 'a', amount: 3000, discountAmount: 300, refundedAmount: 1001 }),
        line({ orderId: 'o1', kind: 'extras', ticketId: null, amount: 700, discountAmount: 300, refundedAmount: 1001 }),
        // Refunded in full and released: its Child ticket and its extra are no longer sold.
        line({ orderId: 'o2', ticketId: 'c', amount: 999, refundedAmount: 1699, standing: false }),
        line({ orderId: 'o2', kind: 'extras', ticketId: null, amount: 700, refundedAmount: 1699, standing: false }),
      ],
      extrasAlone: [
        { day: '2026-05-01', quantity: 2, amount: 1400, refundedAmount: 1400 },
        { day: '2026-05-01', quantity: 1, amount: 700, refundedAmount: 0 },
      ],
      sponsorships: [{ day: '2026-05-01', quantity: 1, amount: 500, refundedAmount: 100, donation: true }],
    });
    const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
    const rows = [...report.byTicket, report.extras];
    expect(sum(rows.map((row) => row.gross)) + report.donations).toBe(report.gross);
    expect(sum(rows.map((row) => row.refunded)) + 100).toBe(report.refunded);
    expect(sum(rows.map((row) => row.net)) + 400).toBe(report.net);
    for (const row of rows) expect(row.net).toBe(row.gross - row.refunded);
    expect(report.byTicket).toEqual([
      { ticketId: 'a', name: 'Adult', sold: 1, gross: 2700, refunded: 795, net: 1905 },
      { ticketId: 'c', name: 'Child', sold: 0, gross: 999, refunded: 999, net: 0 },
    ]);
    expect(report.extras).toEqual({ sold: 2, gross: 3500, refunded: 206 + 700 + 1400, net: 1194 });
    expect(report).toMatchObject({ gross: 7699, refunded: 1001 + 1699 + 1400 + 100, ticketsSold: 1 });
  });
});

describe('refundShares', () => {
  it("spreads a refund by the lines' shares to the minor unit", () => {
    const [a, b, c] = [line({ amount: 1 }), line({ amount: 2 }), line({ amount: 3 })];
    const shares = new Map([
      [a, 1000],
      [b, 1000],
      [c, 1000],
    ]);
    expect([...refundShares(shares, 100).values()].sort()).toEqual([33, 33, 34]);
    expect([...refundShares(shares, 0).values()]).toEqual([0, 0, 0]);
  });
});

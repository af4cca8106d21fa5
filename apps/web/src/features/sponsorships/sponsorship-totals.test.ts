import type { TSponsorship } from '@clubtix/contract';
import { describe, expect, it } from 'vitest';
import { filterSponsorships, sponsorshipTotals } from './sponsorship-totals';

let next = 0;
function sponsorship(overrides: Partial<TSponsorship>): TSponsorship {
  next++;
  return {
    id: `s${next}`,
    eventId: 'e1',
    packageId: null,
    packageName: null,
    name: `Giver ${next}`,
    email: `g${next}@x.org`,
    message: null,
    amount: 1000,
    currency: 'gbp',
    paymentStatus: 'paid',
    createdAt: `2026-06-0${next % 9}T10:00:00.000Z`,
    paidAt: null,
    ...overrides,
  };
}

describe('sponsorshipTotals', () => {
  it('counts only paid ones, split into donations and sponsorships', () => {
    const list = [
      sponsorship({ amount: 500 }),
      sponsorship({ amount: 25_000, packageId: 'p1', packageName: 'Gold' }),
      sponsorship({ amount: 9_999, paymentStatus: 'pending' }),
      sponsorship({ amount: 7_000, paymentStatus: 'failed', packageId: 'p1' }),
      sponsorship({ amount: 3_000, paymentStatus: 'refund_required' }),
    ];
    expect(sponsorshipTotals(list)).toEqual({
      paidCount: 2,
      donationCount: 1,
      sponsorshipCount: 1,
      byCurrency: [{ currency: 'gbp', total: 25_500, donations: 500, sponsorships: 25_000 }],
    });
  });

  it('keeps currencies apart and is empty with nothing paid', () => {
    const totals = sponsorshipTotals([sponsorship({ amount: 100 }), sponsorship({ amount: 200, currency: 'eur' })]);
    expect(totals.byCurrency.map((line) => [line.currency, line.total])).toEqual([
      ['gbp', 100],
      ['eur', 200],
    ]);
    expect(sponsorshipTotals([sponsorship({ paymentStatus: 'pending' })]).byCurrency).toEqual([]);
  });
});

describe('filterSponsorships', () => {
  it('shows paid ones by default filter and everything with all, newest first', () => {
    const older = sponsorship({ createdAt: '2026-06-01T10:00:00.000Z', paidAt: '2026-06-01T10:01:00.000Z' });
    const pending = sponsorship({ createdAt: '2026-06-03T10:00:00.000Z', paymentStatus: 'pending' });
    const newer = sponsorship({ createdAt: '2026-06-02T10:00:00.000Z', paidAt: '2026-06-02T10:01:00.000Z' });
    expect(filterSponsorships([older, pending, newer], 'paid')).toEqual([newer, older]);
    expect(filterSponsorships([older, pending, newer], 'all')).toEqual([pending, newer, older]);
  });
});

import type { TSponsorshipTotals } from '@clubtix/contract';
import { describe, expect, it } from 'vitest';
import { sponsorshipsInView, toSponsorshipsQuery, totalLines } from './sponsorship-totals';

const totals: TSponsorshipTotals = {
  count: 7,
  paidCount: 3,
  donationCount: 2,
  sponsorshipCount: 1,
  byCurrency: [{ currency: 'gbp', total: 76_250, donations: 1_250, sponsorships: 75_000 }],
};

describe('the sponsorships view', () => {
  it('asks the server for the paid ones only, unless all are asked for, a page at a time', () => {
    expect(toSponsorshipsQuery('e1', { filter: 'paid', page: 2 })).toEqual({
      eventId: 'e1',
      paymentStatus: 'paid',
      page: 2,
      pageSize: 20,
    });
    expect(toSponsorshipsQuery('e1', { filter: 'all', page: 1 })).toEqual({ eventId: 'e1', page: 1, pageSize: 20 });
  });

  it('counts the view from the totals', () => {
    expect(sponsorshipsInView(totals, 'paid')).toBe(3);
    expect(sponsorshipsInView(totals, 'all')).toBe(7);
  });

  it("shows zeros in the event's currency while nothing is paid", () => {
    expect(totalLines(totals, 'usd')).toEqual(totals.byCurrency);
    expect(totalLines({ ...totals, paidCount: 0, byCurrency: [] }, 'usd')).toEqual([
      { currency: 'usd', total: 0, donations: 0, sponsorships: 0 },
    ]);
  });
});

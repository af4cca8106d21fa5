import type { TCurrency, TSponsorship } from '@clubtix/contract';

/** Sums of SPEC.md section 4: only paid donations and sponsorships count. */

export interface CurrencyTotal {
  currency: TCurrency;
  total: number;
  donations: number;
  sponsorships: number;
}

export interface SponsorshipTotals {
  paidCount: number;
  donationCount: number;
  sponsorshipCount: number;
  /** One line per currency; an event has one, but a changed event currency must not add up apples and pears. */
  byCurrency: CurrencyTotal[];
}

export const isDonation = (sponsorship: Pick<TSponsorship, 'packageId'>) => sponsorship.packageId === null;

export function sponsorshipTotals(list: readonly TSponsorship[]): SponsorshipTotals {
  const paid = list.filter((item) => item.paymentStatus === 'paid');
  const byCurrency = new Map<TCurrency, CurrencyTotal>();
  for (const item of paid) {
    const line = byCurrency.get(item.currency) ?? { currency: item.currency, total: 0, donations: 0, sponsorships: 0 };
    line.total += item.amount;
    if (isDonation(item)) line.donations += item.amount;
    else line.sponsorships += item.amount;
    byCurrency.set(item.currency, line);
  }
  return {
    paidCount: paid.length,
    donationCount: paid.filter(isDonation).length,
    sponsorshipCount: paid.filter((item) => !isDonation(item)).length,
    byCurrency: [...byCurrency.values()],
  };
}

export type SponsorshipFilter = 'paid' | 'all';

/** Newest first, paid ones only unless all are asked for. */
export function filterSponsorships(list: readonly TSponsorship[], filter: SponsorshipFilter): TSponsorship[] {
  return list
    .filter((item) => filter === 'all' || item.paymentStatus === 'paid')
    .toSorted((a, b) => (b.paidAt ?? b.createdAt).localeCompare(a.paidAt ?? a.createdAt));
}

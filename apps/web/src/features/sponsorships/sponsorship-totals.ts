import type { endpoints, QueryOf, TCurrency, TSponsorship, TSponsorshipTotals } from '@clubtix/contract';

/**
 * What the sponsorships page asks for and shows. The server pages the list and sums the totals
 * (only paid ones count, docs/product.md section 4), so a big event's donations are never read whole.
 */

export const isDonation = (sponsorship: Pick<TSponsorship, 'packageId'>) => sponsorship.packageId === null;

export type SponsorshipFilter = 'paid' | 'all';

export const SPONSORSHIPS_PAGE_SIZE = 20;

export interface SponsorshipsView {
  filter: SponsorshipFilter;
  page: number;
}

/** getSponsorshipsByEventId's query for a view: paid ones only unless all are asked for, newest first. */
export function toSponsorshipsQuery(
  eventId: string,
  view: SponsorshipsView,
): QueryOf<typeof endpoints.sponsorship.getSponsorshipsByEventId> {
  return {
    eventId,
    ...(view.filter === 'paid' ? { paymentStatus: 'paid' as const } : {}),
    page: view.page,
    pageSize: SPONSORSHIPS_PAGE_SIZE,
  };
}

/** How many a view has, from the event's totals. */
export const sponsorshipsInView = (totals: TSponsorshipTotals, filter: SponsorshipFilter) =>
  filter === 'paid' ? totals.paidCount : totals.count;

/** The totals' lines; with nothing paid yet, one line of zeros in the event's currency rather than none. */
export function totalLines(totals: TSponsorshipTotals, currency: TCurrency): TSponsorshipTotals['byCurrency'] {
  return totals.byCurrency.length > 0 ? totals.byCurrency : [{ currency, total: 0, donations: 0, sponsorships: 0 }];
}

import { endpoints, type TRefundSponsorshipRequest } from '@clubtix/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../api/client';
import { toSponsorshipsQuery, type SponsorshipsView } from './sponsorship-totals';

/** Query keys of an event's donations and sponsorships as its admins see them. */
export const sponsorshipKeys = {
  all: ['sponsorships'] as const,
  byEvent: (eventId: string) => [...sponsorshipKeys.all, 'event', eventId] as const,
  page: (eventId: string, view: SponsorshipsView) => [...sponsorshipKeys.byEvent(eventId), 'page', view] as const,
  totals: (eventId: string) => [...sponsorshipKeys.byEvent(eventId), 'totals'] as const,
};

/** One page of the event's donations and sponsorships, paged and filtered by the server. */
export function useEventSponsorships(eventId: string, view: SponsorshipsView) {
  return useQuery({
    queryKey: sponsorshipKeys.page(eventId, view),
    queryFn: ({ signal }) =>
      callApi(endpoints.sponsorship.getSponsorshipsByEventId, { query: toSponsorshipsQuery(eventId, view), signal }),
    placeholderData: keepPreviousData,
  });
}

/** How many the event has, and what the paid ones came to. */
export function useSponsorshipTotals(eventId: string) {
  return useQuery({
    queryKey: sponsorshipKeys.totals(eventId),
    queryFn: ({ signal }) =>
      callApi(endpoints.sponsorship.getSponsorshipTotalsByEventId, { query: { eventId }, signal }),
  });
}

/** Refunds a donation or sponsorship; the event's list and totals are read again. */
export function useRefundSponsorship(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TRefundSponsorshipRequest) => callApi(endpoints.sponsorship.refund, { body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sponsorshipKeys.byEvent(eventId) }),
  });
}

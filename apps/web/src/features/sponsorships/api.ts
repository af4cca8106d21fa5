import { endpoints } from '@clubtix/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../api/client';

/** Query keys of an event's donations and sponsorships as its admins see them. */
export const sponsorshipKeys = {
  all: ['sponsorships'] as const,
  byEvent: (eventId: string) => [...sponsorshipKeys.all, 'event', eventId] as const,
};

export function useEventSponsorships(eventId: string) {
  return useQuery({
    queryKey: sponsorshipKeys.byEvent(eventId),
    queryFn: ({ signal }) => callApi(endpoints.sponsorship.getSponsorshipsByEventId, { query: { eventId }, signal }),
  });
}

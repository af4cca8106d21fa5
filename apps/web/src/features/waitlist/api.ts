import { endpoints } from '@clubtix/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../api/client';

/** Query keys of an event's waiting lists. */
export const waitlistKeys = {
  all: ['waitlist'] as const,
  byEvent: (eventId: string) => [...waitlistKeys.all, 'event', eventId] as const,
};

/** Offers are sent and lapse on the server's clock: read the list again every half minute. */
const REFRESH_MS = 30_000;

export function useEventWaitlist(eventId: string) {
  return useQuery({
    queryKey: waitlistKeys.byEvent(eventId),
    queryFn: ({ signal }) => callApi(endpoints.waitlist.getByEventId, { query: { eventId }, signal }),
    refetchInterval: REFRESH_MS,
  });
}

export function useRemoveWaitlistEntry(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (entryId: string) => callApi(endpoints.waitlist.remove, { body: { entryId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: waitlistKeys.byEvent(eventId) }),
  });
}

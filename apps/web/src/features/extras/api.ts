import { endpoints, type TSaveExtrasRequest } from '@clubtix/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../api/client';

/** Query keys of the extras an admin manages (inactive ones included). */
export const extrasKeys = {
  all: ['extras', 'managed'] as const,
  byEvent: (eventId: string) => [...extrasKeys.all, 'event', eventId] as const,
};

export function useEventExtras(eventId: string) {
  return useQuery({
    queryKey: extrasKeys.byEvent(eventId),
    queryFn: ({ signal }) => callApi(endpoints.extras.getExtras, { query: { eventId }, signal }),
  });
}

export function useSaveExtras(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TSaveExtrasRequest) => callApi(endpoints.extras.saveExtras, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: extrasKeys.byEvent(eventId) }),
  });
}

export function useRemoveExtras(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (extrasId: string) => callApi(endpoints.extras.removeExtras, { query: { extrasId, eventId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: extrasKeys.byEvent(eventId) }),
  });
}

import { endpoints, type TSendMessageRequest } from '@clubtix/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../api/client';

export const messageKeys = {
  all: ['messages'] as const,
  byEvent: (eventId: string) => [...messageKeys.all, 'event', eventId] as const,
};

/** Delivery moves as the outbox sends: read the log again every 10 seconds while the page is open. */
const REFRESH_MS = 10_000;

export function useMessageLog(eventId: string) {
  return useQuery({
    queryKey: messageKeys.byEvent(eventId),
    queryFn: ({ signal }) => callApi(endpoints.message.getByEventId, { query: { eventId }, signal }),
    refetchInterval: REFRESH_MS,
  });
}

/** Counts the audience (nothing sent): the confirmation says how many before anything goes. */
export function countAudience(body: TSendMessageRequest) {
  return callApi(endpoints.message.send, { body: { ...body, dryRun: true }, suppressToast: true });
}

export function useSendMessage(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TSendMessageRequest) => callApi(endpoints.message.send, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: messageKeys.byEvent(eventId) }),
  });
}

import { endpoints, type TSendMessageRequest } from '@clubtix/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../api/client';

export const messageKeys = {
  all: ['messages'] as const,
  byEvent: (eventId: string) => [...messageKeys.all, 'event', eventId] as const,
};

/** Delivery moves as the outbox sends: read the log again this often while any mail is waiting. */
const REFRESH_MS = 2_000;

export function useMessageLog(eventId: string) {
  return useQuery({
    queryKey: messageKeys.byEvent(eventId),
    queryFn: ({ signal }) => callApi(endpoints.message.getByEventId, { query: { eventId }, signal }),
    // "0 sent, 3 waiting" turns into "3 sent" without a reload; once nothing waits, no more reads.
    refetchInterval: (query) =>
      query.state.data?.messages.some((message) => message.pending > 0) ? REFRESH_MS : false,
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

import { endpoints, type TSaveFormRequest } from '@clubtix/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../api/client';

/** Query keys of the registration forms an admin edits. */
export const formKeys = {
  all: ['formQuestions', 'managed'] as const,
  byEvent: (eventId: string) => [...formKeys.all, 'event', eventId] as const,
};

/** An event's questions in order, read as its manager so a draft event's form loads too. */
export function useFormQuestions(eventId: string | null) {
  return useQuery({
    queryKey: formKeys.byEvent(eventId ?? ''),
    queryFn: ({ signal }) =>
      callApi(endpoints.form.getFormQuestions, { query: { eventId: eventId ?? '' }, asManager: true, signal }),
    enabled: Boolean(eventId),
  });
}

/** Replaces the whole form; the saved questions (with their ids) become the cached form. */
export function useSaveForm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TSaveFormRequest) => callApi(endpoints.form.save, { body }),
    onSuccess: (questions, body) => queryClient.setQueryData(formKeys.byEvent(body.eventId), questions),
  });
}

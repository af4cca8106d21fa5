import { endpoints, type TSaveTicketRequest } from '@clubtix/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../api/client';

/** Query keys of the ticket types an admin manages (inactive ones included). */
export const ticketKeys = {
  all: ['tickets', 'managed'] as const,
  byEvent: (eventId: string) => [...ticketKeys.all, 'event', eventId] as const,
};

export function useEventTickets(eventId: string) {
  return useQuery({
    queryKey: ticketKeys.byEvent(eventId),
    queryFn: ({ signal }) =>
      callApi(endpoints.ticket.getTicketsByEventId, { query: { eventId }, asManager: true, signal }),
  });
}

export function useSaveTicket(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TSaveTicketRequest) => callApi(endpoints.ticket.save, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ticketKeys.byEvent(eventId) }),
  });
}

export function useRemoveTicket(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ticketId: string) => callApi(endpoints.ticket.removeTicket, { body: { ticketId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ticketKeys.byEvent(eventId) }),
  });
}

import { endpoints, type TBoxOfficeSellRequest } from '@clubtix/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../api/client';
import { ticketKeys } from '../tickets/api';

/** Sells at the door (docs/product.md section 20); the event's lists and counts change with it. */
export function useSellAtDoor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TBoxOfficeSellRequest) => callApi(endpoints.boxoffice.sell, { body, suppressToast: true }),
    onSuccess: () => queryClient.invalidateQueries(),
    // A refused sale (409: sold meanwhile elsewhere) leaves the "left" counts on screen out of date.
    onError: (_error, body) => queryClient.invalidateQueries({ queryKey: ticketKeys.byEvent(body.eventId) }),
  });
}

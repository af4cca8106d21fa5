import { endpoints, type TBoxOfficeSellRequest } from '@clubtix/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../api/client';

/** Sells at the door (docs/product.md section 20); the event's lists and counts change with it. */
export function useSellAtDoor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TBoxOfficeSellRequest) => callApi(endpoints.boxoffice.sell, { body, suppressToast: true }),
    onSuccess: () => queryClient.invalidateQueries(),
  });
}

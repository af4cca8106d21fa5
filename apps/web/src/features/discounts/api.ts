import { endpoints, type TSaveDiscountRequest } from '@clubtix/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../api/client';

/** Query keys of an event's discount and access codes. */
export const discountKeys = {
  all: ['discounts'] as const,
  byEvent: (eventId: string) => [...discountKeys.all, 'event', eventId] as const,
};

export function useEventDiscounts(eventId: string) {
  return useQuery({
    queryKey: discountKeys.byEvent(eventId),
    queryFn: ({ signal }) => callApi(endpoints.discount.getDiscountsByEventId, { query: { eventId }, signal }),
  });
}

export function useSaveDiscount(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TSaveDiscountRequest) => callApi(endpoints.discount.save, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: discountKeys.byEvent(eventId) }),
  });
}

export function useDeleteDiscount(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (discountId: string) => callApi(endpoints.discount.deleteDiscount, { body: { discountId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: discountKeys.byEvent(eventId) }),
  });
}

import { endpoints } from '@clubtix/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi } from '../../api/client';
import { attendeeKeys } from './api';
import { toExtrasPurchasesQuery, type ExtrasView } from './sales-views';

/** Query keys of the attendee page's extras and orders views, under the event's attendee keys. */
export const salesKeys = {
  extras: (eventId: string, view: ExtrasView) => [...attendeeKeys.event(eventId), 'extras', view] as const,
  orders: (eventId: string) => [...attendeeKeys.event(eventId), 'orders'] as const,
  order: (orderId: string) => [...attendeeKeys.all, 'order', orderId] as const,
};

export function useExtrasPurchases(eventId: string, view: ExtrasView) {
  return useQuery({
    queryKey: salesKeys.extras(eventId, view),
    queryFn: ({ signal }) =>
      callApi(endpoints.extras.getExtrasPurchasesByEventId, { query: toExtrasPurchasesQuery(eventId, view), signal }),
    placeholderData: keepPreviousData,
  });
}

export function useEventOrders(eventId: string) {
  return useQuery({
    queryKey: salesKeys.orders(eventId),
    queryFn: ({ signal }) => callApi(endpoints.order.getOrdersByEventId, { query: { eventId }, signal }),
  });
}

/** One order with its items, read afresh when its details are opened. */
export function useOrderWithItems(orderId: string | null) {
  return useQuery({
    queryKey: salesKeys.order(orderId ?? ''),
    queryFn: ({ signal }) => callApi(endpoints.order.getOrderWithItems, { query: { orderId: orderId! }, signal }),
    enabled: orderId !== null,
  });
}

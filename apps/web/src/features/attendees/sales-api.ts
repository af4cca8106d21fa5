import { endpoints, type TRefundOrderRequest } from '@clubtix/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi, callApiWithMeta } from '../../api/client';
import { showToast } from '../../toasts/toasts';
import { i18n } from '../../i18n/i18n';
import { ticketKeys } from '../tickets/api';
import { waitlistKeys } from '../waitlist/api';
import { attendeeKeys } from './api';
import { toExtrasPurchasesQuery, toOrdersQuery, type ExtrasView, type OrdersView } from './sales-views';

/** Query keys of the attendee page's extras and orders views, under the event's attendee keys. */
export const salesKeys = {
  extras: (eventId: string, view: ExtrasView) => [...attendeeKeys.event(eventId), 'extras', view] as const,
  orders: (eventId: string, view?: OrdersView) => [...attendeeKeys.event(eventId), 'orders', view] as const,
  orderCounts: (eventId: string) => [...attendeeKeys.event(eventId), 'order-counts'] as const,
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

/** One page of the event's orders, paged and filtered by the server. */
export function useEventOrders(eventId: string, view: OrdersView) {
  return useQuery({
    queryKey: salesKeys.orders(eventId, view),
    queryFn: ({ signal }) =>
      callApi(endpoints.order.getOrdersByEventId, { query: toOrdersQuery(eventId, view), signal }),
    placeholderData: keepPreviousData,
  });
}

/** How many orders the event has: in all, paid, and to refund. */
export function useOrderCounts(eventId: string) {
  return useQuery({
    queryKey: salesKeys.orderCounts(eventId),
    queryFn: ({ signal }) => callApi(endpoints.order.getOrderCountsByEventId, { query: { eventId }, signal }),
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

/**
 * Refunds an order (docs/product.md section 19). The server's message is the success toast; a
 * refund changes the order, the event's counts and lists, and with releaseTickets what is left of
 * its tickets and the waiting list, so all of them are read again.
 */
export function useRefundOrder(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TRefundOrderRequest) => callApiWithMeta(endpoints.order.refund, { body }),
    onSuccess: async ({ payload, msg }) => {
      if (!msg) showToast('success', i18n.t('attendees:toasts.refunded', { buyer: payload.order.buyerEmail }));
      queryClient.setQueryData(salesKeys.order(payload.order.id), payload.order);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: attendeeKeys.event(eventId) }),
        queryClient.invalidateQueries({ queryKey: salesKeys.order(payload.order.id) }),
        queryClient.invalidateQueries({ queryKey: ticketKeys.byEvent(eventId) }),
        queryClient.invalidateQueries({ queryKey: waitlistKeys.byEvent(eventId) }),
      ]);
    },
  });
}

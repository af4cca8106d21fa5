import { endpoints } from '@clubtix/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../api/client';

export const reportKeys = {
  all: ['report'] as const,
  sales: (eventId: string) => [...reportKeys.all, 'sales', eventId] as const,
};

/** The event's sales (docs/product.md section 21): paid money only, refreshed when the page is opened again. */
export function useEventSales(eventId: string) {
  return useQuery({
    queryKey: reportKeys.sales(eventId),
    queryFn: () => callApi(endpoints.report.getEventSales, { query: { eventId } }),
  });
}

/** The admin dashboard's takings and coming events (docs/product.md section 21). */
export function useClubSales(clubId: string | undefined) {
  return useQuery({
    queryKey: [...reportKeys.all, 'club', clubId ?? ''],
    queryFn: () => callApi(endpoints.report.getClubSales, { query: { clubId: clubId! } }),
    enabled: clubId !== undefined,
  });
}

/** The super user's dashboard: each club's takings. */
export function useAllClubSales() {
  return useQuery({
    queryKey: [...reportKeys.all, 'clubs'],
    queryFn: () => callApi(endpoints.report.getAllClubSales),
  });
}

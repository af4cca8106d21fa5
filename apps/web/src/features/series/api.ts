import {
  endpoints,
  type TAddDatesRequest,
  type TRefundPassRequest,
  type TSavePassRequest,
  type TSaveSeriesRequest,
} from '@clubtix/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../api/client';
import { eventKeys, seriesKeys } from '../../api/query-keys';
import { useClubSeriesChoices } from '../events/api';

/** Query keys of a series' passes as its admin sees them (inactive ones included). */
export const passKeys = {
  all: ['passes', 'managed'] as const,
  bySeries: (seriesId: string) => [...passKeys.all, 'series', seriesId] as const,
  sales: (seriesId: string) => [...passKeys.all, 'sales', seriesId] as const,
};

/** The club's series, by name: the event form's choice and this feature's list are one query. */
export const useClubSeries = useClubSeriesChoices;

export function useSaveSeries() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TSaveSeriesRequest) => callApi(endpoints.series.save, { body, suppressToast: true }),
    onSuccess: (series) => queryClient.invalidateQueries({ queryKey: seriesKeys.byClub(series.clubId) }),
  });
}

/**
 * Copies an event at many starts at once. Quiet: the dialog says a refusal in place (a date the
 * server refused, an event that a pass would overfill) and the success in a toast of its own.
 */
export function useAddDates() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TAddDatesRequest) => callApi(endpoints.series.addDates, { body, suppressToast: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: eventKeys.all }),
  });
}

/** A series' passes, inactive ones too: sent as its manager. */
export function useSeriesPasses(seriesId: string) {
  return useQuery({
    queryKey: passKeys.bySeries(seriesId),
    queryFn: ({ signal }) => callApi(endpoints.pass.getBySeriesId, { query: { seriesId }, asManager: true, signal }),
  });
}

export function useSavePass(seriesId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TSavePassRequest) => callApi(endpoints.pass.save, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: passKeys.bySeries(seriesId) }),
  });
}

/** The passes sold of a series, newest first, for its treasurer. */
export function useSeriesPassSales(seriesId: string) {
  return useQuery({
    queryKey: passKeys.sales(seriesId),
    queryFn: ({ signal }) => callApi(endpoints.pass.getPurchasesBySeriesId, { query: { seriesId }, signal }),
  });
}

/**
 * Refunds a pass. Quiet: the dialog says a refusal in place and the success in a toast of its own;
 * settled either way, the list and the passes left are read again (a refusal may mean it changed).
 */
export function useRefundPass() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TRefundPassRequest) => callApi(endpoints.pass.refund, { body, suppressToast: true }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: passKeys.all }),
  });
}

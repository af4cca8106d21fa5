import { endpoints, type TDuplicateEventRequest, type TEvent, type TSaveEventRequest } from '@clubtix/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { isApiError } from '../../api/api-error';
import { callApi, callApiWithMeta } from '../../api/client';
import { forgetStoredEvent, readCurrentEvent, writeCurrentEvent, writeStoredEvents } from '../../lib/storage';
import { eventKeys, seriesKeys } from '../../api/query-keys';

/** All events of a club, any status, soonest first as the API orders them. */
export function useClubEvents(clubId: string | null | undefined) {
  return useQuery({
    queryKey: eventKeys.byClub(clubId ?? ''),
    queryFn: async ({ signal }) => {
      const events = await callApi(endpoints.event.getAllEvents, {
        query: { clubId: clubId ?? '' },
        asManager: true,
        signal,
      });
      // docs/product.md section 3 keeps the events list in local storage.
      writeStoredEvents(events);
      return events;
    },
    enabled: Boolean(clubId),
  });
}

/** The club's next event (or latest past one), null when it has none. */
export function useFirstEvent() {
  return useQuery({
    queryKey: eventKeys.first(),
    queryFn: ({ signal }) => callApi(endpoints.event.getFirstEvent, { signal }),
  });
}

/** `quiet`: the caller says the outcome itself (the publish panel), so the client raises no toast. */
export function useSaveEvent({ quiet = false }: { quiet?: boolean } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TSaveEventRequest) => callApi(endpoints.event.save, { body, suppressToast: quiet }),
    onSuccess: async (event) => {
      writeCurrentEvent(event);
      queryClient.setQueryData(eventKeys.detail(event.id), event);
      // The dashboard shows the cached list at once when it comes back: make that list current
      // now, rather than flash the old status until the refetch below answers.
      queryClient.setQueryData<TEvent[]>(eventKeys.byClub(event.clubId), (events) =>
        events?.some((item) => item.id === event.id)
          ? events.map((item) => (item.id === event.id ? event : item))
          : events,
      );
      await queryClient.invalidateQueries({ queryKey: eventKeys.all });
    },
  });
}

/** The id of the event last worked on, if the browser remembers one. */
export function storedCurrentEventId(): string | null {
  return readCurrentEvent(z.object({ id: z.string() }))?.id ?? null;
}

/**
 * Deletes an event that has sold nothing (the API answers 409 otherwise, with the reason). The
 * caller shows the answer in place, so the client raises no toast. Once deleted, the event leaves
 * the cached list and the browser's stored events at once; its own entry is dropped rather than
 * refetched, which would only answer 404 to the page still showing it.
 */
export function useRemoveEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (event: Pick<TEvent, 'id' | 'clubId'>) =>
      callApiWithMeta(endpoints.event.removeEvent, { query: { eventId: event.id }, suppressToast: true }),
    onSuccess: async (_result, event) => {
      forgetStoredEvent(event.id);
      queryClient.setQueryData<TEvent[]>(eventKeys.byClub(event.clubId), (events) =>
        events?.filter((item) => item.id !== event.id),
      );
      queryClient.removeQueries({ queryKey: eventKeys.detail(event.id), exact: true });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: eventKeys.byClub(event.clubId) }),
        queryClient.invalidateQueries({ queryKey: eventKeys.first() }),
      ]);
    },
  });
}

/**
 * The event's ticket types as its admin sees them, for the publish checklist. The key is the
 * tickets feature's (`ticketKeys.byEvent`), so saving a ticket type refreshes the checklist too;
 * it is spelt out here rather than imported, as the tickets feature imports this one.
 */
export function useEventTicketTypes(eventId: string) {
  return useQuery({
    queryKey: ['tickets', 'managed', 'event', eventId],
    queryFn: ({ signal }) =>
      callApi(endpoints.ticket.getTicketsByEventId, { query: { eventId }, asManager: true, signal }),
  });
}

/** Query key of an event's cancellation and its refunds' progress. */
export const cancellationKey = (eventId: string) => [...eventKeys.detail(eventId), 'cancellation'] as const;

/** While refunds go on, progress is read again this often. */
const CANCELLATION_POLL_MS = 2_000;

/**
 * How far an event's cancellation has gone (docs/product.md section 19), read again while refunds
 * go on. An event cancelled before cancellations were recorded (by its status alone) has none: 404,
 * quietly, as null.
 */
export function useCancellation(eventId: string, enabled = true) {
  return useQuery({
    queryKey: cancellationKey(eventId),
    queryFn: async ({ signal }) => {
      try {
        return await callApi(endpoints.event.getCancellation, { query: { eventId }, signal, suppressToast: true });
      } catch (error) {
        if (isApiError(error) && error.status === 404) return null;
        throw error;
      }
    },
    enabled,
    refetchInterval: (query) => (query.state.data && !query.state.data.finished ? CANCELLATION_POLL_MS : false),
  });
}

/** Cancels an event, refunding every paid order with refundAll; the event is read again (cancelled). */
export function useCancelEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { eventId: string; refundAll: boolean }) =>
      callApiWithMeta(endpoints.event.cancelEvent, { body }),
    onSuccess: async ({ payload }) => {
      queryClient.setQueryData(cancellationKey(payload.eventId), payload);
      await queryClient.invalidateQueries({ queryKey: eventKeys.all });
    },
  });
}

/**
 * Copies an event as a draft at a new start (DECISIONS 18). Quiet: the dialog puts a refusal (a
 * start in the past) on its field, and says the success itself.
 */
export function useDuplicateEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TDuplicateEventRequest) => callApi(endpoints.event.duplicate, { body, suppressToast: true }),
    onSuccess: async (event) => {
      queryClient.setQueryData(eventKeys.detail(event.id), event);
      await queryClient.invalidateQueries({ queryKey: eventKeys.byClub(event.clubId) });
    },
  });
}

/**
 * The club's series, for the event form's Series choice. The series feature lists the same query
 * (the key is shared): it imports this feature, so this one cannot import it back.
 */
export function useClubSeriesChoices(clubId: string | null | undefined) {
  return useQuery({
    queryKey: seriesKeys.byClub(clubId ?? ''),
    queryFn: ({ signal }) => callApi(endpoints.series.getByClubId, { query: { clubId: clubId ?? '' }, signal }),
    enabled: Boolean(clubId),
  });
}

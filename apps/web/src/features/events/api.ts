import { endpoints, ROLE_STAFF, type TEvent, type TSaveEventRequest } from '@clubtix/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { ApiError, isApiError } from '../../api/api-error';
import { callApi, callApiWithMeta } from '../../api/client';
import { getSession } from '../../session/session';
import { managesClub } from '../../session/session';
import { forgetStoredEvent, readCurrentEvent, writeCurrentEvent, writeStoredEvents } from '../../lib/storage';
import { i18n } from '../../i18n/i18n';

/**
 * Query keys of the events feature. Every read here is an admin's (`asManager`), so it sees drafts
 * and cancelled events of its own club; public pages keep their own keys and calls.
 */
export const eventKeys = {
  all: ['events', 'managed'] as const,
  byClub: (clubId: string) => [...eventKeys.all, 'club', clubId] as const,
  detail: (eventId: string) => [...eventKeys.all, 'detail', eventId] as const,
  first: () => [...eventKeys.all, 'first'] as const,
};

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

/**
 * Door staff read their event through the staff call that checks they work it: getEvent would
 * answer them any published event of their club, which they may not open (404,
 * docs/decisions/0032-door-staff.md). The page shows that not-found itself, so no toast.
 */
function readManagedEvent(eventId: string, signal: AbortSignal) {
  const { user } = getSession();
  if (user?.role === ROLE_STAFF && user.clubId) {
    return callApi(endpoints.event.getEventByEventIdnClubId, {
      query: { eventId, clubId: user.clubId },
      suppressToast: true,
      signal,
    });
  }
  return callApi(endpoints.event.getEvent, { query: { eventId }, asManager: true, signal });
}

/**
 * One event of the admin's club, any status; remembered as the current event (docs/product.md section 3).
 * getEvent also answers any published event to anyone (it is a public read), so another club's
 * event is refused here as the API refuses its drafts: 404 (docs/product.md section 13).
 */
export function useManagedEvent(eventId: string | null | undefined) {
  return useQuery({
    queryKey: eventKeys.detail(eventId ?? ''),
    queryFn: async ({ signal }) => {
      const event = await readManagedEvent(eventId ?? '', signal);
      if (!managesClub(event.clubId)) throw new ApiError(404, 'NOT_FOUND', i18n.t('events:notFound'));
      writeCurrentEvent(event);
      return event;
    },
    enabled: Boolean(eventId),
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

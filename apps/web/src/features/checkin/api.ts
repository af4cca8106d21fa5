import { endpoints } from '@clubtix/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { callApi } from '../../api/client';

/** Query keys of the door: statistics per day and attendee searches, both per event. */
export const checkinKeys = {
  all: ['checkin'] as const,
  event: (eventId: string) => [...checkinKeys.all, 'event', eventId] as const,
  statistics: (eventId: string, date: string) => [...checkinKeys.event(eventId), 'statistics', date] as const,
  search: (eventId: string, keyword: string) => [...checkinKeys.event(eventId), 'search', keyword] as const,
};

/**
 * A door call that takes longer than this counts as "no connection": on bad Wi-Fi a request can
 * hang for minutes, and the person at the door should not wait for it. The action is queued and
 * sent again; a check-in that did land meanwhile then answers "already checked in", which is fine.
 */
export const DOOR_TIMEOUT_MS = 8000;

// The door shows every outcome on its own card, so the client's toasts would only repeat it.
const doorOptions = () => ({ suppressToast: true, signal: AbortSignal.timeout(DOOR_TIMEOUT_MS) });

/** Reads a scanned ticket; with `checkin`, also checks it in when it is not yet (one round trip). */
export function scanTicket(eventId: string, payload: string, checkin = false) {
  return callApi(endpoints.checkin.scanByRegistrationId, {
    body: { eventId, payload, ...(checkin ? { checkin } : {}) },
    ...doorOptions(),
  });
}

export function saveCheckin(eventId: string, registrationId: string, attendeeId: string) {
  return callApi(endpoints.checkin.save, { body: { eventId, registrationId, attendeeId }, ...doorOptions() });
}

export function undoCheckin(eventId: string, attendeeId: string) {
  return callApi(endpoints.checkin.delete, { body: { eventId, attendeeId }, ...doorOptions() });
}

/** Redeems a scanned voucher; with redeem false only looks it up (what, whose, whether redeemed). */
export function redeemExtras(eventId: string, payload: string, redeem = true) {
  return callApi(endpoints.checkin.scanByExtrasPurchaseId, { body: { eventId, payload, redeem }, ...doorOptions() });
}

/** Undoes a voucher's redemption (redeemed by mistake); a 409 says it was not redeemed. */
export function unredeemExtras(eventId: string, extrasPurchaseId: string) {
  return callApi(endpoints.checkin.unredeemExtrasPurchase, { body: { eventId, extrasPurchaseId }, ...doorOptions() });
}

/** After a door action the counts and the search results are out of date. */
export function useRefreshDoorData(eventId: string) {
  const queryClient = useQueryClient();
  return useCallback(
    () => void queryClient.invalidateQueries({ queryKey: checkinKeys.event(eventId) }),
    [queryClient, eventId],
  );
}

/** How often the statistics page reads the counts again while it is open. */
export const STATISTICS_REFRESH_MS = 10_000;

/** Registrations and check-ins of an event, historical up to the end of `date` (yyyy-mm-dd). */
export function useCheckinStatistics(eventId: string, date: string) {
  return useQuery({
    queryKey: checkinKeys.statistics(eventId, date),
    queryFn: ({ signal }) => callApi(endpoints.checkin.getStatistics, { query: { eventId, date }, signal }),
    refetchInterval: STATISTICS_REFRESH_MS,
    // The numbers stay on screen while another day loads, instead of flashing a loader.
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export const SEARCH_MIN_LENGTH = 2;
const SEARCH_PAGE_SIZE = 10;

/** Attendees of the event whose name or e-mail matches, for the door's search field. */
export function useAttendeeSearch(eventId: string, keyword: string) {
  const trimmed = keyword.trim();
  return useQuery({
    queryKey: checkinKeys.search(eventId, trimmed),
    queryFn: ({ signal }) =>
      callApi(endpoints.attendees.getAttendees, {
        // The search shows its own failure in place (components/attendee-search.tsx): no toast too.
        suppressToast: true,
        query: { eventId, searchKeyword: trimmed, pageSize: SEARCH_PAGE_SIZE },
        signal,
      }),
    enabled: trimmed.length >= SEARCH_MIN_LENGTH,
    placeholderData: keepPreviousData,
    staleTime: 5_000,
  });
}

import {
  attendeeReportFilename,
  endpoints,
  type TAttendeeListItem,
  type TUpdateAttendeeRequest,
  type ZImportFields,
} from '@clubtix/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { isApiError } from '../../api/api-error';
import { callApi, callApiWithMeta } from '../../api/client';
import { showToast } from '../../toasts/toasts';
import { i18n } from '../../i18n/i18n';
import { downloadFile, uploadWithProgress, type TransferProgress } from '../../api/transfers';
import { saveFile } from '../../lib/save-file';
import { checkinKeys } from '../checkin/api';
import { attendeeName } from '../checkin/scan-outcome';
import { ticketKeys } from '../tickets/api';
import {
  adminPageOf,
  deletedBy,
  toAttendeeQuery,
  withCheckin,
  withoutAttendees,
  type AttendeeListView,
  type AttendeePage,
} from './attendee-list';

/** Query keys of an event's attendee list, one entry per view (search, filter, sort, page). */
export const attendeeKeys = {
  all: ['attendees'] as const,
  event: (eventId: string) => [...attendeeKeys.all, 'event', eventId] as const,
  list: (eventId: string, view: AttendeeListView) => [...attendeeKeys.event(eventId), 'list', view] as const,
};

export function useAttendeePage(eventId: string, view: AttendeeListView) {
  return useQuery({
    queryKey: attendeeKeys.list(eventId, view),
    queryFn: ({ signal }) =>
      callApi(endpoints.attendees.getAttendees, { query: toAttendeeQuery(eventId, view), signal }).then(adminPageOf),
    // The rows stay on screen while the next page or search loads, instead of flashing a loader;
    // never another event's rows, when the same page moves from one event to the next.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[2] === eventId ? keepPreviousData(previous) : undefined,
  });
}

/**
 * Changes every cached view of the event at once, so the row updates wherever it shows, then
 * reads them again: another page's rows move up after a deletion, and a filtered view may lose
 * or gain the attendee. The door's counts and searches are out of date too.
 */
function useListUpdate(eventId: string) {
  const queryClient = useQueryClient();
  return async (update: (page: AttendeePage) => AttendeePage) => {
    queryClient.setQueriesData<AttendeePage>({ queryKey: attendeeKeys.event(eventId) }, (page) =>
      page ? update(page) : page,
    );
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: attendeeKeys.event(eventId) }),
      queryClient.invalidateQueries({ queryKey: checkinKeys.event(eventId) }),
    ]);
  };
}

export function useCheckInAttendee(eventId: string) {
  const update = useListUpdate(eventId);
  return useMutation({
    mutationFn: (attendee: TAttendeeListItem) =>
      callApi(endpoints.checkin.save, {
        body: { eventId, registrationId: attendee.registrationId, attendeeId: attendee.attendeeId },
      }),
    onSuccess: (checkin, attendee) => {
      // The save answers without a message; with the Pending filter on, the row is about to leave.
      showToast('success', i18n.t('attendees:toasts.checkedIn', { name: attendeeName(attendee) }));
      return update((page) => withCheckin(page, attendee.attendeeId, checkin));
    },
    // A 409 means someone at the door was quicker: the toast says when, the refetch shows it.
    onError: () => update((page) => page),
  });
}

export function useUndoCheckin(eventId: string) {
  const update = useListUpdate(eventId);
  return useMutation({
    mutationFn: (attendee: TAttendeeListItem) =>
      callApi(endpoints.checkin.delete, { body: { eventId, attendeeId: attendee.attendeeId } }),
    onSuccess: (_checkin, attendee) => update((page) => withCheckin(page, attendee.attendeeId, null)),
  });
}

/**
 * Mails the ticket again. The toast names the address ("Ticket sent to …"), which the server's
 * shorter message does not, so that one is suppressed and the errors are shown here instead.
 */
export function useSendTicket(eventId: string) {
  return useMutation({
    mutationFn: (attendee: TAttendeeListItem) =>
      callApi(endpoints.registration.sendTicket, {
        query: { eventId, attendeeId: attendee.attendeeId },
        suppressToast: true,
      }),
    onSuccess: ({ sent, to }) => {
      if (sent) showToast('success', i18n.t('attendees:toasts.ticketSent', { to }));
      else showToast('info', i18n.t('attendees:toasts.ticketKept', { to }));
    },
    onError: (error) => {
      if (!isApiError(error)) return;
      // A mail limit (docs/product.md section 18) is not a fault: its message says which limit, and when it ends.
      if (error.code === 'RATE_LIMITED') showToast('warning', error.msg, i18n.t('attendees:toasts.mailLimit'));
      else showToast('error', error.msg, i18n.t('attendees:toasts.ticketNotSent'));
    },
  });
}

/**
 * Saves an attendee's corrections (or a transfer: a new e-mail gets the ticket mail); the row is
 * replaced in every cached view, then the lists and the door read again.
 */
export function useUpdateAttendee(eventId: string) {
  const update = useListUpdate(eventId);
  return useMutation({
    mutationFn: (body: TUpdateAttendeeRequest) => callApi(endpoints.registration.updateAttendee, { body }),
    onSuccess: (saved) =>
      update((page) => ({
        ...page,
        attendees: page.attendees.map((row) => (row.attendeeId === saved.attendeeId ? { ...row, ...saved } : row)),
      })),
  });
}

export function useDeleteAttendee(eventId: string) {
  const update = useListUpdate(eventId);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (attendee: TAttendeeListItem) =>
      callApiWithMeta(endpoints.attendees.deleteAttendee, { query: { eventId, attendeeId: attendee.attendeeId } }),
    onSuccess: async ({ payload, msg }, attendee) => {
      // The toast is given here, not by the row: the row is gone by the time the call returns. The
      // server's message says when a paid order was kept for refund; the orders view, under the
      // event's keys, is read again with the list.
      if (!msg)
        showToast(
          'success',
          payload.registrationDeleted
            ? i18n.t('attendees:toasts.attendeeAndRegistrationDeleted')
            : i18n.t('attendees:toasts.attendeeDeleted'),
        );
      // docs/product.md section 4: when the registration went with its last attendee, all of it leaves the list.
      await update((page) => withoutAttendees(page, deletedBy(attendee, payload.registrationDeleted)));
      await queryClient.invalidateQueries({ queryKey: ticketKeys.byEvent(eventId) });
    },
  });
}

export function useRemoveRegistration(eventId: string) {
  const update = useListUpdate(eventId);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (registrationId: string) =>
      callApiWithMeta(endpoints.attendees.removeRegistration, { query: { eventId, registrationId } }),
    onSuccess: async ({ msg }, registrationId) => {
      if (!msg) showToast('success', i18n.t('attendees:toasts.registrationDeleted'));
      await update((page) => withoutAttendees(page, (attendee) => attendee.registrationId === registrationId));
      // Its seats are free again: the ticket types' sold counts changed.
      await queryClient.invalidateQueries({ queryKey: ticketKeys.byEvent(eventId) });
    },
  });
}

/**
 * Cancelling frees a registration's seats and keeps it and its attendees; a paid order of it is marked
 * for refund, as deleting it does. The list shows confirmed registrations only, so its attendees leave
 * it just the same.
 */
export function useCancelRegistration(eventId: string) {
  const update = useListUpdate(eventId);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (registrationId: string) =>
      callApi(endpoints.registration.updateStatus, { body: { registrationId, status: 'cancelled' } }),
    onSuccess: async (_registration, registrationId) => {
      await update((page) => withoutAttendees(page, (attendee) => attendee.registrationId === registrationId));
      await queryClient.invalidateQueries({ queryKey: ticketKeys.byEvent(eventId) });
    },
  });
}

/** Streams the event's .xlsx and saves it as docs/product.md section 7 names it, on the event's clock. */
export async function exportAttendees(
  event: { id: string; timezone: string },
  onProgress: TransferProgress,
  signal: AbortSignal,
) {
  const eventId = event.id;
  const startedAt = new Date();
  const blob = await downloadFile(endpoints.attendees.downloadAttendees, {
    query: { eventId },
    onProgress,
    signal,
  });
  saveFile(blob, attendeeReportFilename(eventId, startedAt, event.timezone));
}

export interface ImportRequest {
  eventId: string;
  ticketId: string;
  file: File;
  /** Check only: the server answers what an import would do and imports nothing. */
  dryRun: boolean;
}

/**
 * Uploads an import file. The page shows every outcome inline (the count, each bad row, or why the
 * file was refused), so the client's toasts would only repeat it.
 */
export function useImportAttendees(onProgress: TransferProgress) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ eventId, ticketId, file, dryRun }: ImportRequest) => {
      const fields = { eventId, ticketId, dryRun: dryRun ? 'true' : 'false' } satisfies z.input<typeof ZImportFields>;
      return uploadWithProgress(
        endpoints.attendees.bulkImportAttendee,
        { ...fields, file },
        { onProgress, suppressToast: true },
      );
    },
    onSuccess: async (result, { eventId, dryRun }) => {
      if (dryRun || result.imported === 0) return;
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: attendeeKeys.event(eventId) }),
        queryClient.invalidateQueries({ queryKey: checkinKeys.event(eventId) }),
        queryClient.invalidateQueries({ queryKey: ticketKeys.byEvent(eventId) }),
      ]);
    },
  });
}

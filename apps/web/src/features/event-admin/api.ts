import { endpoints, ROLE_STAFF } from '@clubtix/contract';
import { useQuery } from '@tanstack/react-query';
import { ApiError } from '../../api/api-error';
import { callApi } from '../../api/client';
import { eventKeys } from '../../api/query-keys';
import { i18n } from '../../i18n/i18n';
import { writeCurrentEvent } from '../../lib/storage';
import { getSession, managesClub } from '../../session/session';

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

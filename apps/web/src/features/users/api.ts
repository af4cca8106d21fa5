import { endpoints, type TSaveAppUserRequest } from '@clubtix/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../api/client';
import { clubKeys } from '../../api/query-keys';

/** Query keys of the app users (club admins) feature. */
export const appUserKeys = {
  all: ['appUsers'] as const,
  byClub: (clubId: string) => [...appUserKeys.all, 'club', clubId] as const,
};

/** A club's admins. */
export function useAppUsers(clubId: string | null | undefined) {
  return useQuery({
    queryKey: appUserKeys.byClub(clubId ?? ''),
    queryFn: async ({ signal }) =>
      (await callApi(endpoints.appUser.getAppUsers, { query: { clubId: clubId ?? '' }, signal })).appUsers,
    enabled: Boolean(clubId),
  });
}

/** Creates or updates an admin; the club lists show admins too, so they refresh as well. */
/** `quiet`: no toasts, the caller shows the outcome itself (the credentials box, an inline error). */
export function useSaveAppUser({ quiet = false }: { quiet?: boolean } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TSaveAppUserRequest) => callApi(endpoints.appUser.save, { body, suppressToast: quiet }),
    onSuccess: (_user, body) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: appUserKeys.byClub(body.clubId) }),
        queryClient.invalidateQueries({ queryKey: clubKeys.list() }),
      ]),
  });
}

/** Mails an invited member a new invitation link; the server's answer is the toast. */
export function useSendInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callApi(endpoints.appUser.sendInvitation, { body: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: appUserKeys.all }),
  });
}

/**
 * Removes an admin. The server's answer is the client's toast ("Admin removed", or why not); the
 * lists refresh either way, so an admin someone else has already removed drops out of them too.
 */
export function useDeleteAppUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callApi(endpoints.appUser.deleteAppUser, { query: { id } }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: appUserKeys.all }),
        queryClient.invalidateQueries({ queryKey: clubKeys.list() }),
      ]),
  });
}

import { endpoints, type TSaveClubRequest } from '@clubtix/contract';
import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../api/api-error';
import { callApi } from '../../api/client';
import { managesClub } from '../../session/session';
import { i18n } from '../../i18n/i18n';

/** Query keys of the clubs feature; everything under `all` is refreshed after a change. */
import { clubKeys } from '../../api/query-keys';

/** The admin's own club with its admins (getAllClubs answers an admin its own club only). */
export function useAllClubs() {
  return useQuery({
    queryKey: clubKeys.list(),
    queryFn: ({ signal }) => callApi(endpoints.club.getAllClubs, { query: {}, signal }),
  });
}

/** Clubs on one page of the sudo dashboard; a full page means there may be more. */
export const CLUBS_PAGE_SIZE = 50;

/** Every club with its admins (or those whose name contains `search`), for sudo, by name, a page at a time. */
export function useClubPages(search: string) {
  return useInfiniteQuery({
    queryKey: clubKeys.pages(search),
    queryFn: ({ pageParam, signal }) =>
      callApi(endpoints.club.getAllClubs, {
        query: { page: pageParam, pageSize: CLUBS_PAGE_SIZE, ...(search ? { search } : {}) },
        signal,
      }),
    initialPageParam: 1,
    // The clubs found so far stay while a new search loads.
    placeholderData: keepPreviousData,
    getNextPageParam: (last, _all, page) => (last.length === CLUBS_PAGE_SIZE ? page + 1 : undefined),
  });
}

/**
 * A club the user manages, read by its id through getAllClubs' clubId (sudo's list is paged, so a club
 * is not looked up in it).
 * Another club answers 404 here, as the API answers on save (docs/product.md section 13).
 */
export function useManagedClub(clubId: string | null | undefined) {
  return useQuery({
    queryKey: clubKeys.detail(clubId ?? ''),
    queryFn: async ({ signal }) => {
      if (!managesClub(clubId ?? '')) throw new ApiError(404, 'NOT_FOUND', i18n.t('clubs:notFound'));
      // The admins' read, which carries the club's contact address (the public getClub does not).
      const [club] = await callApi(endpoints.club.getAllClubs, { query: { clubId: clubId ?? '' }, signal });
      if (!club) throw new ApiError(404, 'NOT_FOUND', i18n.t('clubs:notFound'));
      return club;
    },
    enabled: Boolean(clubId),
  });
}

export function useSaveClub() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TSaveClubRequest) => callApi(endpoints.club.save, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: clubKeys.all }),
  });
}

export function useRemoveClub() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (clubId: string) => callApi(endpoints.club.removeClub, { query: { clubId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: clubKeys.all }),
  });
}

import { endpoints, type TSaveClubRequest } from '@clubtix/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../api/client';

/** Query keys of the clubs feature; everything under `all` is refreshed after a change. */
export const clubKeys = {
  all: ['clubs'] as const,
  list: () => [...clubKeys.all, 'list'] as const,
  detail: (clubId: string) => [...clubKeys.all, 'detail', clubId] as const,
};

/** Clubs with their admins: every club for sudo, its own for an admin. */
export function useAllClubs() {
  return useQuery({
    queryKey: clubKeys.list(),
    queryFn: ({ signal }) => callApi(endpoints.club.getAllClubs, { signal }),
  });
}

/** One club's public fields. */
export function useClub(clubId: string | null | undefined) {
  return useQuery({
    queryKey: clubKeys.detail(clubId ?? ''),
    queryFn: ({ signal }) => callApi(endpoints.club.getClub, { query: { clubId: clubId ?? '' }, signal }),
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

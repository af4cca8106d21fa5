import { endpoints, type TSavePackageRequest } from '@clubtix/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../api/client';

/** Query keys of the sponsorship packages an admin manages (inactive ones included). */
export const packageKeys = {
  all: ['sponsorshipPackages', 'managed'] as const,
  byEvent: (eventId: string) => [...packageKeys.all, 'event', eventId] as const,
};

export function useEventPackages(eventId: string) {
  return useQuery({
    queryKey: packageKeys.byEvent(eventId),
    queryFn: ({ signal }) =>
      callApi(endpoints.sponsorshipPackage.getPackagesByEventId, { query: { eventId }, asManager: true, signal }),
  });
}

export function useSavePackage(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TSavePackageRequest) => callApi(endpoints.sponsorshipPackage.save, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: packageKeys.byEvent(eventId) }),
  });
}

export function useUpdatePackageStatus(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { packageId: string; isActive: boolean }) =>
      callApi(endpoints.sponsorshipPackage.updateStatus, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: packageKeys.byEvent(eventId) }),
  });
}

export function useDeletePackage(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (packageId: string) => callApi(endpoints.sponsorshipPackage.deletePackage, { body: { packageId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: packageKeys.byEvent(eventId) }),
  });
}

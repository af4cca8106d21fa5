import {
  endpoints,
  type TConfirmFreeOrderRequest,
  type TCreateOrderRequest,
  type TInitRegistrationRequest,
  type TJoinWaitlistRequest,
  type TSaveRegistrationRequest,
} from '@clubtix/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../api/client';
import { publicKeys } from '../public/api';

/**
 * Query keys of the buying pages. A registration is read with its qrUuid (the buyer's secret), so
 * the key holds only the id: one tab has one secret per registration.
 */
export const buyingKeys = {
  all: ['buying'] as const,
  registration: (registrationId: string) => [...buyingKeys.all, 'registration', registrationId] as const,
  formQuestions: (eventId: string) => [...buyingKeys.all, 'event', eventId, 'form'] as const,
};

// The buying pages show their own loading and failure states in place (as the other public pages
// do): one clear message where the buyer is looking, not a toast as well.
const quiet = { suppressToast: true } as const;

export interface BuyerSecret {
  registrationId: string;
  qrUuid: string;
}

/**
 * The buyer's own registration (attendee slots, status, expiry). `pollMs`: read it again that often,
 * while the buyer confirms a free booking from the mailed link, perhaps on another device.
 */
export function useBuyerRegistration(secret: BuyerSecret | null, { pollMs }: { pollMs?: number } = {}) {
  return useQuery({
    queryKey: buyingKeys.registration(secret?.registrationId ?? ''),
    queryFn: ({ signal }) =>
      callApi(endpoints.registration.getRegistration, {
        ...quiet,
        query: { registrationId: secret?.registrationId ?? '', qrUuid: secret?.qrUuid ?? '' },
        signal,
      }),
    enabled: secret !== null,
    // Status and check-in change on the server (payment, the door): always read it afresh.
    staleTime: 0,
    ...(pollMs ? { refetchInterval: pollMs } : {}),
  });
}

/** The event's registration form as the public answers it. */
export function usePublicFormQuestions(eventId: string) {
  return useQuery({
    queryKey: buyingKeys.formQuestions(eventId),
    queryFn: ({ signal }) => callApi(endpoints.form.getFormQuestions, { ...quiet, query: { eventId }, signal }),
    enabled: eventId !== '',
  });
}

/**
 * Step 1: hold the tickets. Its errors are shown beside the basket (sold out, limits), not as
 * toasts; whatever the answer, the availability shown is refreshed.
 */
export function useInitRegistration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TInitRegistrationRequest) =>
      callApi(endpoints.registration.initRegistration, { ...quiet, body }),
    onSettled: (_data, _error, body) => queryClient.invalidateQueries({ queryKey: publicKeys.tickets(body.eventId) }),
  });
}

/**
 * Whether a code applies to the event now, and what it takes off (docs/product.md section 19). A
 * mutation, not a query: it runs when the buyer applies a code, and its refusal is shown on the
 * code's field.
 */
export function useCheckCode() {
  return useMutation({
    mutationFn: (query: { eventId: string; code: string }) =>
      callApi(endpoints.discount.checkCode, { ...quiet, query }),
  });
}

/** A sold-out ticket type's waiting list: answers the buyer's place in line. */
export function useJoinWaitlist() {
  return useMutation({
    mutationFn: (body: TJoinWaitlistRequest) => callApi(endpoints.waitlist.join, { ...quiet, body }),
  });
}

/**
 * A waiting-list offer's link, opened: its tickets held for this buyer as step 1 holds them. Again
 * (a reload) answers the same hold; a lapsed offer, or one gone to the next person, is refused.
 */
export function useClaimOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (offer: string) => callApi(endpoints.waitlist.claim, { ...quiet, body: { offer } }),
    onSuccess: ({ registration }) =>
      queryClient.invalidateQueries({ queryKey: publicKeys.tickets(registration.eventId) }),
  });
}

/** Step 2: attendees and answers; the server's message is toasted and its field errors go on the fields. */
export function useSaveRegistration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TSaveRegistrationRequest) => callApi(endpoints.registration.save, { body }),
    onSuccess: (registration) =>
      queryClient.setQueryData(buyingKeys.registration(registration.registrationId), registration),
  });
}

/**
 * Step 3: the order priced by the server. A free one comes back paid, or, on an event that asks for
 * it, with `emailConfirmation`: a link was mailed to the buyer, and the booking waits for it.
 */
export function useCreateOrder() {
  return useMutation({
    mutationFn: (body: TCreateOrderRequest) => callApi(endpoints.order.createOrder, { ...quiet, body }),
  });
}

/** The link mailed for a free booking, opened: confirms it and answers the booking with its tickets. */
export function useConfirmFreeOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TConfirmFreeOrderRequest) => callApi(endpoints.order.confirmFreeOrder, { ...quiet, body }),
    onSuccess: (registration) =>
      queryClient.setQueryData(buyingKeys.registration(registration.registrationId), registration),
  });
}

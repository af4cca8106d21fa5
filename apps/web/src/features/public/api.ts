import {
  endpoints,
  MAX_PAGE_SIZE,
  type TCreateSponsorshipRequest,
  type TPassPurchaseRequest,
  type TPurchaseExtrasRequest,
} from '@clubtix/contract';
import { queryOptions, useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query';
import { isApiError } from '../../api/api-error';
import { callApi } from '../../api/client';

/**
 * Query keys of the public pages. They are kept apart from the admin features' keys on purpose:
 * these queries never send the token and hold what the public sees, so a signed-in admin's cached
 * drafts or inactive tickets can never show up on a public page, nor the reverse.
 */
export const publicKeys = {
  all: ['public'] as const,
  eventBySlug: (slug: string) => [...publicKeys.all, 'event-by-slug', slug] as const,
  event: (eventId: string) => [...publicKeys.all, 'event', eventId] as const,
  tickets: (eventId: string) => [...publicKeys.all, 'event', eventId, 'tickets'] as const,
  /** Under `tickets`, so what invalidates an event's tickets invalidates these too. */
  ticketsWithCode: (eventId: string, code: string) => [...publicKeys.tickets(eventId), 'code', code] as const,
  packages: (eventId: string) => [...publicKeys.all, 'event', eventId, 'packages'] as const,
  sponsors: (eventId: string) => [...publicKeys.all, 'event', eventId, 'sponsors'] as const,
  extras: (eventId: string) => [...publicKeys.all, 'event', eventId, 'extras'] as const,
  club: (clubId: string) => [...publicKeys.all, 'club', clubId] as const,
  activeEvents: (clubId: string) => [...publicKeys.all, 'club', clubId, 'active-events'] as const,
  donationEvents: (clubId: string) => [...publicKeys.all, 'club', clubId, 'donation-events'] as const,
  allDonationEvents: () => [...publicKeys.all, 'donation-events'] as const,
  clubSeries: (clubId: string) => [...publicKeys.all, 'club', clubId, 'series'] as const,
  seriesBySlug: (slug: string) => [...publicKeys.all, 'series-by-slug', slug] as const,
  passes: (seriesId: string) => [...publicKeys.all, 'series', seriesId, 'passes'] as const,
};

// Public pages show their own loading, missing and failed states in place, so their calls do not
// also raise toasts: a visitor who follows a stale link should read one clear message, not two.
const quiet = { suppressToast: true } as const;

/** A bad or unknown id answers 400 or 404; both mean the same to a visitor: nothing to show. */
export function isMissing(error: unknown): boolean {
  return isApiError(error) && (error.status === 404 || error.status === 400);
}

/** The query of a published event by its slug: the page's, and the route's early ask (routes.tsx). */
export const publicEventBySlugQuery = (slug: string) =>
  queryOptions({
    queryKey: publicKeys.eventBySlug(slug),
    queryFn: ({ signal }) => callApi(endpoints.event.getEventBySlug, { ...quiet, query: { slug }, signal }),
  });

/** A published event by its slug (drafts and cancelled events answer 404). */
export function usePublicEventBySlug(slug: string) {
  return useQuery({ ...publicEventBySlugQuery(slug), enabled: slug !== '' });
}

/** A published event by its id. */
export function usePublicEvent(eventId: string) {
  return useQuery({
    queryKey: publicKeys.event(eventId),
    queryFn: ({ signal }) => callApi(endpoints.event.getEvent, { ...quiet, query: { eventId }, signal }),
    enabled: eventId !== '',
  });
}

/** How often the ticket selection reads what is left while it is open in a visible tab. */
export const LIVE_TICKETS_MS = 15_000;

/**
 * An event's ticket types; only active ones are shown, even if the server ever sent more. `live`
 * (the ticket selection) reads what is left afresh on every visit, every LIVE_TICKETS_MS while the
 * tab is visible (TanStack pauses the interval in a hidden tab: refetchIntervalInBackground is
 * off), and whenever the tab comes back, so a buyer who chose a while ago sees seats others took.
 * `code`: a code the buyer applied, so the hidden tickets it names are listed too.
 */
export function usePublicTickets(eventId: string, { live = false, code }: { live?: boolean; code?: string } = {}) {
  return useQuery({
    queryKey: code ? publicKeys.ticketsWithCode(eventId, code) : publicKeys.tickets(eventId),
    queryFn: ({ signal }) =>
      callApi(endpoints.ticket.getTicketsByEventId, {
        ...quiet,
        query: code ? { eventId, code } : { eventId },
        signal,
      }),
    select: (tickets) => tickets.filter((ticket) => ticket.isActive),
    enabled: eventId !== '',
    // Applying or removing a code keeps the event's list on screen until the new one arrives.
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[2] === eventId ? previous : undefined),
    ...(live
      ? { refetchOnMount: 'always' as const, refetchOnWindowFocus: 'always' as const, refetchInterval: LIVE_TICKETS_MS }
      : {}),
  });
}

/** An event's active extras (bought at checkout). */
export function usePublicExtras(eventId: string) {
  return useQuery({
    queryKey: publicKeys.extras(eventId),
    queryFn: ({ signal }) => callApi(endpoints.extras.getExtrasByEventId, { ...quiet, query: { eventId }, signal }),
    select: (extras) => extras.filter((item) => item.isActive),
    enabled: eventId !== '',
  });
}

/** An event's active sponsorship packages. */
export function usePublicPackages(eventId: string, enabled = true) {
  return useQuery({
    queryKey: publicKeys.packages(eventId),
    queryFn: ({ signal }) =>
      callApi(endpoints.sponsorshipPackage.getPackagesByEventId, { ...quiet, query: { eventId }, signal }),
    select: (packages) => packages.filter((item) => item.isActive),
    enabled: enabled && eventId !== '',
  });
}

/** A published event's packages with their places left and shown sponsors (docs/product.md section 21). */
export function usePublicSponsors(eventId: string) {
  return useQuery({
    queryKey: publicKeys.sponsors(eventId),
    queryFn: ({ signal }) => callApi(endpoints.sponsorship.getPublicSponsors, { ...quiet, query: { eventId }, signal }),
  });
}

/** A club's public face (name, description, website, logo). */
export function usePublicClub(clubId: string) {
  return useQuery({
    queryKey: publicKeys.club(clubId),
    queryFn: ({ signal }) => callApi(endpoints.club.getClub, { ...quiet, query: { clubId }, signal }),
    enabled: clubId !== '',
  });
}

/** A club's published events that have not ended yet, soonest first. */
export function usePublicActiveEvents(clubId: string) {
  return useQuery({
    queryKey: publicKeys.activeEvents(clubId),
    // The moment is taken when the query runs, not kept in the key, so a refetch uses a fresh "now".
    queryFn: ({ signal }) =>
      callApi(endpoints.event.getAllActiveEvents, {
        ...quiet,
        query: { clubId, currentDate: new Date().toISOString() },
        signal,
      }),
    enabled: clubId !== '',
  });
}

/**
 * A club's published, not-ended events that take donations, soonest first. getAllActiveEvents answers
 * at most LIST_CAPS.events without a page, so it is read a full page (MAX_PAGE_SIZE) at a time and
 * the page asks for the next one while the last was full (docs/decisions/0023-buyer-pages.md).
 */
export function usePublicDonationEvents(clubId: string) {
  return useInfiniteQuery({
    queryKey: publicKeys.donationEvents(clubId),
    queryFn: async ({ pageParam, signal }) => {
      const events = await callApi(endpoints.event.getAllActiveEvents, {
        ...quiet,
        query: { clubId, currentDate: new Date().toISOString(), page: pageParam, pageSize: MAX_PAGE_SIZE },
        signal,
      });
      return { events: events.filter((event) => event.donationsEnabled), full: events.length === MAX_PAGE_SIZE };
    },
    initialPageParam: 1,
    getNextPageParam: (last, _all, page) => (last.full ? page + 1 : undefined),
    enabled: clubId !== '',
  });
}

/** Events per read of every club's donation events: the server filters, so a page is a screenful. */
export const DONATION_PAGE_SIZE = 20;

/**
 * Every club's published, not-ended events that take donations, soonest first (getDonationEvents),
 * read a page at a time like usePublicDonationEvents (docs/decisions/0023-buyer-pages.md).
 */
export function usePublicAllDonationEvents() {
  return useInfiniteQuery({
    queryKey: publicKeys.allDonationEvents(),
    queryFn: async ({ pageParam, signal }) => {
      const events = await callApi(endpoints.event.getDonationEvents, {
        ...quiet,
        query: { currentDate: new Date().toISOString(), page: pageParam, pageSize: DONATION_PAGE_SIZE },
        signal,
      });
      return { events, full: events.length === DONATION_PAGE_SIZE };
    },
    initialPageParam: 1,
    getNextPageParam: (last, _all, page) => (last.full ? page + 1 : undefined),
  });
}

/**
 * A donation or sponsorship, started and made ready to pay: created (pending) on the server, then
 * its payment intent. Errors are toasted by the client and their fields marked on the form.
 */
export function useStartSponsorship() {
  return useMutation({
    mutationFn: async (body: TCreateSponsorshipRequest) => {
      const { sponsorship } = await callApi(endpoints.sponsorship.create, { body });
      const intent = await callApi(endpoints.sponsorship.createSponsorshipPaymentIntent, {
        body: { sponsorshipId: sponsorship.id },
      });
      return { sponsorship, intent };
    },
  });
}

/**
 * An extra bought on its own, started and made ready to pay: created (pending) on the server, then
 * its payment intent; a free one is paid at once and needs none. Errors are toasted by the client
 * (a sold-out extra included) and their fields marked on the form.
 */
export function useStartExtrasPurchase() {
  return useMutation({
    mutationFn: async (body: TPurchaseExtrasRequest) => {
      const purchase = await callApi(endpoints.extrasPurchase.purchaseExtras, { body });
      if (purchase.paymentStatus !== 'pending') return { purchase, intent: null };
      const intent = await callApi(endpoints.stripe.createPaymentIntent, { body: { extrasPurchaseId: purchase.id } });
      return { purchase, intent };
    },
  });
}

/**
 * Asks for a booking's tickets again by e-mail: they are mailed to that address if it holds a
 * confirmed booking for the event. The form shows every answer in place, refusals included.
 */
export function useResendTickets() {
  return useMutation({
    mutationFn: (query: { email: string; eventId: string }) =>
      callApi(endpoints.registration.getRegistrationByEmail, { ...quiet, query }),
  });
}

/** A club's series, by name, for its public page. */
export function usePublicClubSeries(clubId: string) {
  return useQuery({
    queryKey: publicKeys.clubSeries(clubId),
    queryFn: ({ signal }) => callApi(endpoints.series.getByClubId, { ...quiet, query: { clubId }, signal }),
    enabled: clubId !== '',
  });
}

/** A series and its published dates, soonest first, with their places left. */
export function usePublicSeries(slug: string) {
  return useQuery({
    queryKey: publicKeys.seriesBySlug(slug),
    queryFn: ({ signal }) => callApi(endpoints.series.getBySlug, { ...quiet, query: { slug }, signal }),
    enabled: slug !== '',
  });
}

/** A series' season passes on sale; only active ones are shown, even if the server ever sent more. */
export function usePublicPasses(seriesId: string) {
  return useQuery({
    queryKey: publicKeys.passes(seriesId),
    queryFn: ({ signal }) => callApi(endpoints.pass.getBySeriesId, { ...quiet, query: { seriesId }, signal }),
    select: (passes) => passes.filter((pass) => pass.isActive),
    enabled: seriesId !== '',
  });
}

/**
 * A season pass, held and made ready to pay: its places taken at every coming date (pending), then
 * its payment intent; a free pass is confirmed at once and needs none. Errors are toasted by the
 * client (a date that would overfill included) and their fields marked on the form.
 */
export function useStartPassPurchase() {
  return useMutation({
    mutationFn: async (body: TPassPurchaseRequest) => {
      const { passPurchase } = await callApi(endpoints.pass.purchase, { body });
      if (passPurchase.status !== 'pending') return { passPurchase, intent: null };
      const intent = await callApi(endpoints.stripe.createPaymentIntent, { body: { passPurchaseId: passPurchase.id } });
      return { passPurchase, intent };
    },
  });
}

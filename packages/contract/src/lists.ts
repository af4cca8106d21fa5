import { z } from 'zod';

/**
 * docs/product.md section 18: every list an endpoint answers is bounded, paged with a server maximum or
 * capped (docs/decisions/0020-bounded-lists-and-quotas.md has the table of every list and its bound).
 */

/** The largest page any paged list gives; a larger pageSize is refused (400), never clamped. */
export const MAX_PAGE_SIZE = 500;
/** The last page a list can be asked for: with MAX_PAGE_SIZE, further than any event or club goes. */
export const MAX_PAGE = 100_000;

/**
 * How many items a list answers at most when no page is asked for (a plain array, docs/product.md section
 * 7's shape), and how many catalogue items an event or a club may hold. No real club reaches these;
 * the lists a big club can pass (events, orders, sponsorships, clubs) also take page and pageSize.
 */
export const LIST_CAPS = {
  /** getAllEvents, getAllActiveEvents: past it, the events that start latest are kept. */
  events: 1000,
  /** getAllClubs (sudo): in name order. */
  clubs: 1000,
  /** A club's admins: getAppUsers, the admins of each club in getAllClubs, and what appUser/save creates. */
  admins: 200,
  /** getOrdersByEventId: the newest. */
  orders: 1000,
  /** getSponsorshipsByEventId: the newest. */
  sponsorships: 1000,
  /** pass/getPurchasesBySeriesId: the newest. */
  passPurchases: 1000,
  /** getSponsorshipsByRegistrationId: the newest. */
  sponsorshipsOfRegistration: 100,
  /** Ticket types, extras and sponsorship packages of one event: a create past it is refused (409). */
  tickets: 100,
  extras: 100,
  packages: 100,
} as const;

/**
 * Set on a plain-array answer that was cut at its cap, with the cap as its value: more items exist,
 * and page and pageSize reach them.
 */
export const LIST_CAPPED_HEADER = 'x-list-capped';

export const ZPage = z.coerce
  .number({ error: 'page must be a number' })
  .int('page must be a whole number')
  .min(1, 'page starts at 1')
  .max(MAX_PAGE, `page is at most ${MAX_PAGE}`);

export const ZPageSize = z.coerce
  .number({ error: 'pageSize must be a number' })
  .int('pageSize must be a whole number')
  .min(1, 'pageSize is at least 1')
  .max(MAX_PAGE_SIZE, `pageSize is at most ${MAX_PAGE_SIZE}`);

/** The page of a list that answers its first LIST_CAPS items without one; pageSize defaults to 50. */
export const ZOptionalPage = z.object({ page: ZPage.optional(), pageSize: ZPageSize.optional() });

export const DEFAULT_PAGE_SIZE = 50;

/** A page asked for (page or pageSize given) as a limit and an offset; undefined: no page asked for. */
export function pageWindow(query: { page?: number; pageSize?: number }): { limit: number; offset: number } | undefined {
  if (query.page === undefined && query.pageSize === undefined) return undefined;
  const limit = query.pageSize ?? DEFAULT_PAGE_SIZE;
  return { limit, offset: ((query.page ?? 1) - 1) * limit };
}

/**
 * Query keys more than one feature refreshes: a feature that changes what another lists invalidates
 * that list by its key, without importing the other feature (features never import each other in a
 * circle: apps/web/src/import-layers.test.ts).
 */
export const clubKeys = {
  all: ['clubs'] as const,
  list: () => [...clubKeys.all, 'list'] as const,
  /** Under list: whatever refreshes the list refreshes sudo's pages too. */
  pages: (search: string) => [...clubKeys.list(), 'pages', search] as const,
  detail: (clubId: string) => [...clubKeys.all, 'detail', clubId] as const,
};

/**
 * The admin's reads of events (`asManager`: drafts and cancelled events of its own club included);
 * public pages keep their own keys and calls.
 */
export const eventKeys = {
  all: ['events', 'managed'] as const,
  byClub: (clubId: string) => [...eventKeys.all, 'club', clubId] as const,
  detail: (eventId: string) => [...eventKeys.all, 'detail', eventId] as const,
  first: () => [...eventKeys.all, 'first'] as const,
};

/**
 * The admin's reads of its club's series: the series screens list and change them, the event form
 * offers them as a choice.
 */
export const seriesKeys = {
  all: ['series', 'managed'] as const,
  byClub: (clubId: string) => [...seriesKeys.all, 'club', clubId] as const,
};

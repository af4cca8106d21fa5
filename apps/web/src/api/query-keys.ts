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

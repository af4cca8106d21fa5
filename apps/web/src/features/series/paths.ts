/** Where a series is managed; its public page's address is the public feature's (public/series-path.ts). */
export const seriesAdminPath = (seriesId: string) => `/series/edit/${encodeURIComponent(seriesId)}`;

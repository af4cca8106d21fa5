/** A series' public page, where a buyer picks a date or a season pass (DECISIONS 18). */
export const seriesPublicPath = (slug: string) => `/series/${encodeURIComponent(slug)}`;

// A club's season (DECISIONS 18): series of dated events, and their public page. The season passes
// sold for a series are in passes.ts; copying one event is /event/duplicate in events.ts.
import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { dateTime, ZEvent, ZSlug } from './events';
import { requiredText, ZId } from './rules';
import { clearableText, saveRequest } from './save-request';

/** Dates one /series/addDates call may add. */
export const MAX_SERIES_DATES = 100;

export const ZSeries = z.object({
  id: z.string(),
  clubId: z.string(),
  slug: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TSeries = z.infer<typeof ZSeries>;

/** Without an id: create (name required). With one: update the fields sent. */
export const ZSaveSeriesRequest = saveRequest(
  { name: requiredText('Name', 200) },
  {
    id: ZId.optional(),
    /** The admin's own club (sudo names any). */
    clubId: ZId.optional(),
    slug: ZSlug.optional().nullable(),
    description: clearableText('Description', 20_000),
  },
);
export type TSaveSeriesRequest = z.input<typeof ZSaveSeriesRequest>;

export const ZAddDatesRequest = z.object({
  /** The event copied at each start, as /event/duplicate copies it; the copies join its series. */
  eventId: ZId,
  startDates: z
    .array(dateTime('Start date'), { error: 'Start dates must be a list of dates and times' })
    .min(1, 'Give at least one start date')
    .max(MAX_SERIES_DATES, `At most ${MAX_SERIES_DATES} dates at once`),
});
export type TAddDatesRequest = z.input<typeof ZAddDatesRequest>;

/** One date of a series as its public page lists it; `available`: places left, null when unlimited. */
export const ZSeriesDate = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  /** The event's time zone, whose clock its times are shown on. */
  timezone: z.string(),
  available: z.number().nullable(),
});
export type TSeriesDate = z.infer<typeof ZSeriesDate>;

export const ZPublicSeries = z.object({ series: ZSeries, events: z.array(ZSeriesDate) });
export type TPublicSeries = z.infer<typeof ZPublicSeries>;

export const seriesEndpoints = {
  save: defineEndpoint({
    method: 'POST',
    path: '/series/save',
    access: 'admin',
    summary: 'Create (or, with an id, update) a series of events',
    body: ZSaveSeriesRequest,
    response: ZSeries,
  }),
  getByClubId: defineEndpoint({
    method: 'GET',
    path: '/series/getByClubId',
    access: 'public',
    summary: "A club's series, by name",
    query: z.object({ clubId: ZId }),
    response: z.array(ZSeries),
  }),
  addDates: defineEndpoint({
    method: 'POST',
    path: '/series/addDates',
    access: 'admin',
    summary:
      'Copy an event at each of the given starts (at most 100, none in the past), as drafts in its series; ' +
      'nothing is written when one is refused',
    body: ZAddDatesRequest,
    response: z.array(ZEvent),
  }),
  getBySlug: defineEndpoint({
    method: 'GET',
    path: '/series/getBySlug',
    access: 'public',
    summary: "A series and its published dates, soonest first, with each date's places left",
    query: z.object({ slug: z.string().trim().min(1, 'Slug is required').max(200) }),
    response: ZPublicSeries,
  }),
};

import { z } from 'zod';
import { said } from './validation-text';
import { defineEndpoint } from './endpoint';
import { ZMediaUrl } from './clubs';
import { LIST_CAPS, ZOptionalPage } from './lists';
import { ZCurrency } from './money';
import { requiredText, slugify, ZId } from './rules';
import { checkInstantOrder, clearableText, saveRequest, type InstantOrder } from './save-request';

export const EVENT_STATUSES = ['draft', 'published', 'cancelled'] as const;
export const ZEventStatus = z.enum(EVENT_STATUSES, { error: 'Status must be draft, published or cancelled' });
export type TEventStatus = z.infer<typeof ZEventStatus>;

export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

export function dateTime(label: string) {
  return z.iso.datetime({ offset: true, error: said('{label} must be a date and time (ISO 8601)', { label }) });
}

/** An optional instant: null clears it; left out, it stays undefined (an update keeps it). */
export function clearableDateTime(label: string) {
  return dateTime(label).nullable().optional();
}

const DATE_ONLY = z.iso.date();
/** With an offset, or without one (then read as UTC). */
const DATE_TIME = z.iso.datetime({ offset: true, local: true });
export const CURRENT_DATE_MESSAGE = 'Current date must be a date (YYYY-MM-DD) or a date and time (ISO 8601)';

/**
 * The instant (ISO, UTC) of a date or date-time given as "now" by a client: a date is the start of
 * that day in UTC, a date-time without an offset is read as UTC.
 */
export function instantOfCurrentDate(value: string): string {
  if (DATE_ONLY.safeParse(value).success) return new Date(`${value}T00:00:00Z`).toISOString();
  const hasOffset = /(?:[Zz]|[+-]\d{2}(?::?\d{2})?)$/.test(value);
  return new Date(hasOffset ? value : `${value}Z`).toISOString();
}

export const ZCurrentDate = z
  .string({ error: CURRENT_DATE_MESSAGE })
  .trim()
  .refine((value) => DATE_ONLY.safeParse(value).success || DATE_TIME.safeParse(value).success, CURRENT_DATE_MESSAGE)
  .transform(instantOfCurrentDate);

export const ZEvent = z.object({
  id: z.string(),
  clubId: z.string(),
  slug: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  bannerUrl: z.string().nullable(),
  venue: z.string().nullable(),
  address: z.string().nullable(),
  startDate: z.string(),
  endDate: z.string(),
  timezone: z.string(),
  currency: ZCurrency,
  status: ZEventStatus,
  capacity: z.number().nullable(),
  registrationOpensAt: z.string().nullable(),
  registrationClosesAt: z.string().nullable(),
  donationsEnabled: z.boolean(),
  sponsorshipsEnabled: z.boolean(),
  maxTicketsPerOrder: z.number(),
  /**
   * Free bookings stay holds until the buyer opens the link mailed to them (docs/product.md section 18),
   * so nobody can keep free places with addresses that are not theirs.
   */
  confirmFreeByEmail: z.boolean(),
  /** Each confirmed attendee is mailed a reminder with their ticket this many hours before the start; null: none. */
  reminderHoursBefore: z.number().nullable(),
  /** The series it is a date of (series.ts); null: an event on its own. */
  seriesId: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TEvent = z.infer<typeof ZEvent>;

export const ZSlug = z
  .string()
  .max(120, 'Slug must be at most 120 characters')
  .transform((value) => slugify(value));

export const ZTimeZone = z
  .string()
  .trim()
  .refine(isTimeZone, 'Time zone must be an IANA time zone such as Europe/London');

/** The event's instants that must be in order; checked on the body and, on update, on the merged event. */
export const EVENT_INSTANT_ORDER = [
  { start: 'startDate', end: 'endDate', message: 'End date must not be before the start date' },
  {
    start: 'registrationOpensAt',
    end: 'registrationClosesAt',
    message: 'Registration closing must not be before its opening',
  },
] as const satisfies readonly InstantOrder[];

/** What a created event takes for the fields its body leaves out; an update keeps the stored values. */
export const EVENT_DEFAULTS = {
  description: null,
  bannerUrl: null,
  venue: null,
  address: null,
  status: 'draft',
  capacity: null,
  registrationOpensAt: null,
  registrationClosesAt: null,
  donationsEnabled: false,
  sponsorshipsEnabled: false,
  maxTicketsPerOrder: 10,
  confirmFreeByEmail: false,
  reminderHoursBefore: null,
} as const;

/** Without an id: create (title, dates, time zone and currency required). With one: update the fields sent. */
export const ZSaveEventRequest = saveRequest(
  {
    title: requiredText('Title', 200),
    startDate: dateTime('Start date'),
    endDate: dateTime('End date'),
    timezone: ZTimeZone,
    currency: ZCurrency,
  },
  {
    id: ZId.optional(),
    /** Sudo names the club; an admin's events always belong to its own club. */
    clubId: ZId.optional(),
    slug: ZSlug.optional().nullable(),
    description: clearableText('Description', 20_000),
    bannerUrl: ZMediaUrl,
    venue: clearableText('Venue', 200),
    address: clearableText('Address', 500),
    status: ZEventStatus.optional(),
    capacity: z
      .number({ error: 'Capacity must be a number' })
      .int('Capacity must be a whole number')
      .min(1, 'Capacity must be at least 1')
      .max(1_000_000, 'Capacity is too large')
      .nullable()
      .optional(),
    registrationOpensAt: clearableDateTime('Registration opening'),
    registrationClosesAt: clearableDateTime('Registration closing'),
    donationsEnabled: z.boolean().optional(),
    sponsorshipsEnabled: z.boolean().optional(),
    maxTicketsPerOrder: z
      .number({ error: 'Tickets per order must be a number' })
      .int('Tickets per order must be a whole number')
      .min(1, 'Tickets per order must be at least 1')
      .max(100, 'Tickets per order must be at most 100')
      .optional(),
    confirmFreeByEmail: z.boolean({ error: 'Confirm free bookings by e-mail must be true or false' }).optional(),
    reminderHoursBefore: z
      .number({ error: 'Reminder hours must be a number' })
      .int('Reminder hours must be a whole number')
      .min(1, 'Reminder hours must be at least 1')
      .max(24 * 30, 'Reminder hours must be at most 720 (30 days)')
      .nullable()
      .optional(),
    /** Joins the event to one of its club's series (null leaves it); refused where its passes would overfill it. */
    seriesId: ZId.nullable().optional(),
  },
).superRefine(checkInstantOrder(EVENT_INSTANT_ORDER));
export type TSaveEventRequest = z.input<typeof ZSaveEventRequest>;

export const ZDuplicateEventRequest = z.object({
  eventId: ZId,
  startDate: dateTime('Start date'),
  title: requiredText('Title', 200).optional(),
});
export type TDuplicateEventRequest = z.input<typeof ZDuplicateEventRequest>;

const ZEventIdQuery = z.object({ eventId: ZId });

/** An event's cancellation and its refunds' progress (docs/product.md section 19). */
export const ZEventCancellation = z.object({
  eventId: z.string(),
  refundAll: z.boolean(),
  /** Paid orders to refund in full (0 without refundAll). */
  ordersToRefund: z.number(),
  ordersRefunded: z.number(),
  /** Orders the provider refused: listed as refund_required for the admin. */
  ordersFailed: z.number(),
  finished: z.boolean(),
  createdAt: z.string(),
});
export type TEventCancellation = z.infer<typeof ZEventCancellation>;

export const eventEndpoints = {
  getAllEvents: defineEndpoint({
    method: 'GET',
    optionalAuth: true,
    path: '/event/getAllEvents',
    access: 'public',
    summary:
      "A club's events, soonest first: published ones for the public, all of them for the club's admins; a page of " +
      `them with page and pageSize, else at most ${LIST_CAPS.events} (those that start latest)`,
    query: z.object({ clubId: ZId }).extend(ZOptionalPage.shape),
    response: z.array(ZEvent),
  }),
  getAllActiveEvents: defineEndpoint({
    method: 'GET',
    path: '/event/getAllActiveEvents',
    access: 'public',
    summary:
      "A club's published events whose end is not before currentDate (a date is the start of that day, UTC; now when left out), " +
      `soonest first; a page of them with page and pageSize, else the first ${LIST_CAPS.events}`,
    query: z.object({ clubId: ZId, currentDate: ZCurrentDate.optional() }).extend(ZOptionalPage.shape),
    response: z.array(ZEvent),
  }),
  getDonationEvents: defineEndpoint({
    method: 'GET',
    path: '/event/getDonationEvents',
    access: 'public',
    summary:
      "Every club's published events that take donations and whose end is not before currentDate (as getAllActiveEvents), " +
      `soonest first; a page of them with page and pageSize, else the first ${LIST_CAPS.events}`,
    query: z.object({ currentDate: ZCurrentDate.optional() }).extend(ZOptionalPage.shape),
    response: z.array(ZEvent),
  }),
  getEvent: defineEndpoint({
    method: 'GET',
    optionalAuth: true,
    path: '/event/getEvent',
    access: 'public',
    summary: 'One event (published, or any of its own club for an admin)',
    query: ZEventIdQuery,
    response: ZEvent,
  }),
  getEventBySlug: defineEndpoint({
    method: 'GET',
    path: '/event/getEventBySlug',
    access: 'public',
    summary: 'One published event by its slug',
    query: z.object({ slug: z.string().trim().min(1, 'Slug is required').max(200) }),
    response: ZEvent,
  }),
  getFirstEvent: defineEndpoint({
    method: 'GET',
    path: '/event/getFirstEvent',
    access: 'admin',
    staff: true,
    summary: "The signed-in admin's next event (or latest past one); null when the club has none",
    response: ZEvent.nullable(),
  }),
  getEventByEventIdnClubId: defineEndpoint({
    method: 'GET',
    path: '/event/getEventByEventIdnClubId',
    access: 'admin',
    staff: true,
    summary: 'One event of a club, any status',
    query: z.object({ eventId: ZId, clubId: ZId }),
    response: ZEvent,
  }),
  save: defineEndpoint({
    method: 'POST',
    path: '/event/save',
    access: 'admin',
    summary: 'Create (or, with an id, update) an event',
    body: ZSaveEventRequest,
    response: ZEvent,
  }),
  duplicate: defineEndpoint({
    method: 'POST',
    path: '/event/duplicate',
    access: 'admin',
    summary:
      'Copy an event as a draft starting at startDate: its settings, ticket types, extras, sponsorship packages, ' +
      'form and discount codes, every date moved by the same amount; nothing sold is copied',
    body: ZDuplicateEventRequest,
    response: ZEvent,
  }),
  removeEvent: defineEndpoint({
    method: 'GET',
    path: '/event/removeEvent',
    access: 'admin',
    summary: 'Delete an event with everything it sells; refused once it has sales',
    query: ZEventIdQuery,
    response: z.object({ id: z.string() }),
  }),
  cancelEvent: defineEndpoint({
    method: 'POST',
    path: '/event/cancelEvent',
    access: 'admin',
    summary:
      'Cancel an event: its sales stop; with refundAll every paid order is refunded in full and every buyer told, ' +
      'in batches that go on after a restart (getCancellation follows them); again: the same cancellation',
    body: z.object({ eventId: ZId, refundAll: z.boolean({ error: 'refundAll must be true or false' }) }),
    response: ZEventCancellation,
  }),
  getCancellation: defineEndpoint({
    method: 'GET',
    path: '/event/getCancellation',
    access: 'admin',
    summary: "How far an event's cancellation has gone: orders to refund, refunded, failed",
    query: ZEventIdQuery,
    response: ZEventCancellation,
  }),
};

import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { ZMediaUrl } from './clubs';
import { ZCurrency } from './money';
import { optionalText, requiredText, slugify, ZId } from './rules';

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
  return z.iso.datetime({ offset: true, error: `${label} must be a date and time (ISO 8601)` });
}

function optionalDateTime(label: string) {
  return dateTime(label)
    .nullable()
    .optional()
    .transform((value) => value ?? null);
}

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
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TEvent = z.infer<typeof ZEvent>;

export const ZSlug = z
  .string()
  .max(120, 'Slug must be at most 120 characters')
  .transform((value) => slugify(value));

export const ZSaveEventRequest = z
  .object({
    id: ZId.optional(),
    /** Sudo names the club; an admin's events always belong to its own club. */
    clubId: ZId.optional(),
    slug: ZSlug.optional().nullable(),
    title: requiredText('Title', 200),
    description: optionalText('Description', 20_000),
    bannerUrl: ZMediaUrl,
    venue: optionalText('Venue', 200),
    address: optionalText('Address', 500),
    startDate: dateTime('Start date'),
    endDate: dateTime('End date'),
    timezone: z.string().trim().refine(isTimeZone, 'Time zone must be an IANA time zone such as Europe/London'),
    currency: ZCurrency,
    status: ZEventStatus.default('draft'),
    capacity: z
      .number({ error: 'Capacity must be a number' })
      .int('Capacity must be a whole number')
      .min(1, 'Capacity must be at least 1')
      .max(1_000_000, 'Capacity is too large')
      .nullable()
      .optional()
      .transform((value) => value ?? null),
    registrationOpensAt: optionalDateTime('Registration opening'),
    registrationClosesAt: optionalDateTime('Registration closing'),
    donationsEnabled: z.boolean().default(false),
    sponsorshipsEnabled: z.boolean().default(false),
    maxTicketsPerOrder: z
      .number({ error: 'Tickets per order must be a number' })
      .int('Tickets per order must be a whole number')
      .min(1, 'Tickets per order must be at least 1')
      .max(100, 'Tickets per order must be at most 100')
      .default(10),
  })
  .superRefine((value, ctx) => {
    if (Date.parse(value.endDate) < Date.parse(value.startDate)) {
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'End date must not be before the start date' });
    }
    if (
      value.registrationOpensAt &&
      value.registrationClosesAt &&
      Date.parse(value.registrationClosesAt) < Date.parse(value.registrationOpensAt)
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['registrationClosesAt'],
        message: 'Registration closing must not be before its opening',
      });
    }
  });
export type TSaveEventRequest = z.input<typeof ZSaveEventRequest>;

const ZEventIdQuery = z.object({ eventId: ZId });

export const eventEndpoints = {
  getAllEvents: defineEndpoint({
    method: 'GET',
    optionalAuth: true,
    path: '/event/getAllEvents',
    access: 'public',
    summary: "A club's events: published ones for the public, all of them for the club's admins",
    query: z.object({ clubId: ZId }),
    response: z.array(ZEvent),
  }),
  getAllActiveEvents: defineEndpoint({
    method: 'GET',
    path: '/event/getAllActiveEvents',
    access: 'public',
    summary: "A club's published events that have not ended by currentDate",
    query: z.object({ clubId: ZId, currentDate: dateTime('Current date').optional() }),
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
    summary: "The signed-in admin's next event (or latest past one); null when the club has none",
    response: ZEvent.nullable(),
  }),
  getEventByEventIdnClubId: defineEndpoint({
    method: 'GET',
    path: '/event/getEventByEventIdnClubId',
    access: 'admin',
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
  removeEvent: defineEndpoint({
    method: 'GET',
    path: '/event/removeEvent',
    access: 'admin',
    summary: 'Delete an event with everything it sells; refused once it has sales',
    query: ZEventIdQuery,
    response: z.object({ id: z.string() }),
  }),
};

import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { ZAttendee } from './registrations';
import { ZId } from './rules';

export const ATTENDEE_SORTS = ['name', 'createdAt', 'checkinTime'] as const;

const booleanText = z
  .enum(['true', 'false'], { error: 'checkedIn must be true or false' })
  .transform((value) => value === 'true');

/** A confirmed attendee with the buyer's e-mail and what it paid for. */
export const ZAttendeeListItem = ZAttendee.extend({
  buyerEmail: z.string(),
  registeredAt: z.string(),
});
export type TAttendeeListItem = z.infer<typeof ZAttendeeListItem>;

export const ZGetAttendeesQuery = z.object({
  eventId: ZId,
  searchKeyword: z.string().trim().max(200, 'Search is too long').optional(),
  sortBy: z.enum(ATTENDEE_SORTS, { error: 'sortBy must be name, createdAt or checkinTime' }).default('name'),
  /** Pending (false) or Checked-in (true); absent: everyone. */
  checkedIn: booleanText.optional(),
  page: z.coerce.number({ error: 'page must be a number' }).int().min(1, 'page starts at 1').max(100_000).default(1),
  pageSize: z.coerce.number({ error: 'pageSize must be a number' }).int().min(1).max(500, 'pageSize is at most 500').default(50),
});

export const attendeeEndpoints = {
  getAttendees: defineEndpoint({
    method: 'GET',
    path: '/registration/getAttendees',
    access: 'admin',
    summary: "An event's confirmed attendees, searched by name or e-mail, sorted and paged",
    query: ZGetAttendeesQuery,
    response: z.object({ attendees: z.array(ZAttendeeListItem), total: z.number() }),
  }),
};

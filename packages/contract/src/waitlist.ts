import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { ZOrder, ZRegistration } from './registrations';
import { ZEmail, ZId } from './rules';

/** docs/product.md section 19: the waiting list of a sold-out ticket type, offered in turn. */
export const WAITLIST_STATUSES = ['waiting', 'offered', 'converted', 'lapsed', 'removed'] as const;
export const ZWaitlistStatus = z.enum(WAITLIST_STATUSES);

export const ZWaitlistEntry = z.object({
  id: z.string(),
  eventId: z.string(),
  ticketId: z.string(),
  ticketName: z.string(),
  email: z.string(),
  quantity: z.number(),
  status: ZWaitlistStatus,
  /** Place in line among those still waiting (1 = next); null once offered or done. */
  position: z.number().nullable(),
  offeredAt: z.string().nullable(),
  offerExpiresAt: z.string().nullable(),
  registrationId: z.string().nullable(),
  createdAt: z.string(),
});
export type TWaitlistEntry = z.infer<typeof ZWaitlistEntry>;

export const ZJoinWaitlistRequest = z.object({
  eventId: ZId,
  ticketId: ZId,
  email: ZEmail,
  quantity: z
    .number({ error: 'Quantity must be a number' })
    .int('Quantity must be a whole number')
    .min(1, 'Quantity must be at least 1')
    .max(100, 'Quantity must be at most 100'),
});
export type TJoinWaitlistRequest = z.input<typeof ZJoinWaitlistRequest>;

export const ZWaitlistOffer = z.object({
  offer: z.string().trim().min(1, 'The offer link is incomplete').max(100, 'The offer link is not valid'),
});

export const waitlistEndpoints = {
  join: defineEndpoint({
    method: 'POST',
    path: '/waitlist/join',
    access: 'public',
    rateLimit: 'publicWrite',
    summary: "Join a sold-out ticket type's waiting list; answers the place in line (joining again keeps it)",
    body: ZJoinWaitlistRequest,
    response: z.object({ position: z.number() }),
  }),
  claim: defineEndpoint({
    method: 'POST',
    path: '/waitlist/claim',
    access: 'public',
    rateLimit: 'publicWrite',
    summary:
      'Take up a waiting-list offer (the token of its mailed link): its tickets held for its holder alone, ' +
      'as initRegistration holds them; again: the same hold; after it lapsed or went to someone else: 409',
    body: ZWaitlistOffer,
    response: z.object({ registration: ZRegistration, order: ZOrder }),
  }),
  getByEventId: defineEndpoint({
    method: 'GET',
    path: '/waitlist/getByEventId',
    access: 'admin',
    summary: "An event's waiting lists: who waits, in which place, offers sent, lapsed and converted",
    query: z.object({ eventId: ZId }),
    response: z.array(ZWaitlistEntry),
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/waitlist/remove',
    access: 'admin',
    summary: 'Take someone off a waiting list (an open offer is withdrawn and its tickets go to the next)',
    body: z.object({ entryId: ZId }),
    response: z.object({ id: z.string() }),
  }),
};

import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { requiredText, ZId } from './rules';

/**
 * Messages from an organiser to the people coming (docs/product.md section 21;
 * docs/decisions/0040-messages-and-reminders.md). Subject and body are plain text: HTML in them is sent
 * as the characters typed, never as markup.
 */
export const ZMessageAudience = z.union(
  [
    z.enum(['all', 'checkedIn', 'notCheckedIn']),
    z.object({ ticketIds: z.array(ZId).min(1, 'Choose at least one ticket type').max(200, 'Too many ticket types') }),
  ],
  { error: "Audience must be 'all', 'checkedIn', 'notCheckedIn' or { ticketIds }" },
);
export type TMessageAudience = z.infer<typeof ZMessageAudience>;

export const ZSendMessageRequest = z.object({
  eventId: ZId,
  subject: requiredText('Subject', 150),
  body: requiredText('Message', 10_000),
  audience: ZMessageAudience,
  /** Only to the sender's own address, marked as a test; the attendees get nothing. */
  test: z.boolean({ error: 'test must be true or false' }).optional(),
  /** Count who would receive it and how many mails the club has left today; nothing is sent. */
  dryRun: z.boolean({ error: 'dryRun must be true or false' }).optional(),
});
export type TSendMessageRequest = z.input<typeof ZSendMessageRequest>;

export const ZSendMessageResponse = z.object({
  /** Mails queued: one per distinct address of the audience (0 for a dry run). */
  queued: z.number(),
  /** Distinct addresses the audience has. */
  recipients: z.number(),
  /** Mails the club may still send today after this call; null: no daily limit. */
  remainingToday: z.number().nullable(),
});
export type TSendMessageResponse = z.infer<typeof ZSendMessageResponse>;

export const ZMessage = z.object({
  id: z.string(),
  eventId: z.string(),
  subject: z.string(),
  body: z.string(),
  audience: ZMessageAudience,
  recipients: z.number(),
  /** Delivery so far, from the outbox: sent, still waiting (queued or retrying), given up. */
  sent: z.number(),
  pending: z.number(),
  failed: z.number(),
  sentBy: z.string().nullable(),
  createdAt: z.string(),
});
export type TMessage = z.infer<typeof ZMessage>;

export const ZMessageLog = z.object({
  messages: z.array(ZMessage),
  remainingToday: z.number().nullable(),
});
export type TMessageLog = z.infer<typeof ZMessageLog>;

export const messageEndpoints = {
  send: defineEndpoint({
    method: 'POST',
    path: '/message/send',
    access: 'admin',
    summary:
      "Mail a message to an event's attendees (all, checked in, not checked in, or some ticket types), once per address, inside the club's daily mail limit (over it: 429, nothing queued)",
    body: ZSendMessageRequest,
    response: ZSendMessageResponse,
  }),
  getByEventId: defineEndpoint({
    method: 'GET',
    path: '/message/getByEventId',
    access: 'admin',
    summary: "The messages sent to an event's attendees, newest first, with their delivery, and the mails left today",
    query: z.object({ eventId: ZId }),
    response: ZMessageLog,
  }),
};

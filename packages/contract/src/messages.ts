import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { requiredText, ZId } from './rules';
import { said } from './validation-text';

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

/**
 * What a message's subject and body may name in braces, filled for each recipient (docs/decisions/
 * 0067-the-club-as-sender.md): `{firstName}`, `{lastName}`, `{eventTitle}`.
 */
export const MESSAGE_PLACEHOLDERS = ['firstName', 'lastName', 'eventTitle'] as const;
export type TMessagePlaceholder = (typeof MESSAGE_PLACEHOLDERS)[number];
export type TPlaceholderValues = Record<TMessagePlaceholder, string>;

const PLACEHOLDER = /\{(\w+)\}/g;
const isPlaceholder = (name: string): name is TMessagePlaceholder =>
  (MESSAGE_PLACEHOLDERS as readonly string[]).includes(name);

/** The first `{name}` in the text that is not a placeholder, or null. */
export function unknownPlaceholder(text: string): string | null {
  for (const match of text.matchAll(PLACEHOLDER)) if (!isPlaceholder(match[1]!)) return match[0];
  return null;
}

/** Whether the text names any placeholder (else one content serves every reader). */
export const hasPlaceholders = (text: string) => [...text.matchAll(PLACEHOLDER)].some((m) => isPlaceholder(m[1]!));

/** The text with each placeholder filled; anything else in braces stays as typed. */
export function fillPlaceholders(text: string, values: TPlaceholderValues): string {
  return text.replace(PLACEHOLDER, (whole, name: string) => (isPlaceholder(name) ? values[name] : whole));
}

const knownPlaceholders = MESSAGE_PLACEHOLDERS.map((name) => `{${name}}`).join(', ');

/** A subject or body naming no unknown placeholder. */
const withPlaceholders = (schema: z.ZodType<string, string>) =>
  schema.superRefine((value, ctx) => {
    const unknown = unknownPlaceholder(value);
    if (unknown) {
      ctx.addIssue({
        code: 'custom',
        message: said('Unknown placeholder {placeholder}: use {known}', {
          placeholder: unknown,
          known: knownPlaceholders,
        }),
      });
    }
  });

export const ZSendMessageRequest = z.object({
  eventId: ZId,
  subject: withPlaceholders(requiredText('Subject', 150)),
  body: withPlaceholders(requiredText('Message', 10_000)),
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

import { index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { clubId, createdAt, id } from './columns';
import { eventId } from './events';

/** What an organiser's message went to: everyone, those in or not yet in, or some ticket types. */
export type MessageAudience = 'all' | 'checkedIn' | 'notCheckedIn' | { ticketIds: string[] };

/**
 * A message an admin sent to an event's attendees (docs/product.md section 21): its mails are in the
 * outbox under its id (mail_outbox.message_id), where their delivery is read.
 */
export const messages = pgTable(
  'messages',
  {
    id: id(),
    clubId: clubId(),
    eventId: eventId(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    audience: jsonb('audience').$type<MessageAudience>().notNull(),
    /** Mails queued: one per distinct address of the audience. */
    recipients: integer('recipients').notNull(),
    sentBy: text('sent_by'),
    createdAt: createdAt(),
  },
  (t) => [index('messages_event_idx').on(t.eventId, t.createdAt)],
);
export type MessageRow = typeof messages.$inferSelect;

import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { clubs } from './clubs';
import { events } from './events';
import { createdAt } from './columns';

/**
 * Every stored upload and the club that uploaded it, so a club's share of DATA_DIR/media is counted
 * against its quota (docs/product.md section 18). club_id is null for the super user's own uploads.
 */
export const mediaFiles = pgTable(
  'media_files',
  {
    /** The stored file's name under DATA_DIR/media (`<uuid>.<ext>`). */
    name: text('name').primaryKey(),
    clubId: text('club_id').references(() => clubs.id, { onDelete: 'cascade' }),
    bytes: integer('bytes').notNull(),
    /**
     * A visitor's upload for a sponsorship of this event not yet paid: counted against the event's
     * allowance for unpaid sponsors, not against the club's quota, until its sponsorship is paid
     * (then null) or lapses (then freed by the sweep) (docs/decisions/0064-visitor-uploads.md).
     */
    pendingEventId: text('pending_event_id').references(() => events.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [index('media_files_club_idx').on(t.clubId), index('media_files_pending_event_idx').on(t.pendingEventId)],
);
export type MediaFileRow = typeof mediaFiles.$inferSelect;

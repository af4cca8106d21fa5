import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { clubs } from './clubs';
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
    createdAt: createdAt(),
  },
  (t) => [index('media_files_club_idx').on(t.clubId)],
);
export type MediaFileRow = typeof mediaFiles.$inferSelect;

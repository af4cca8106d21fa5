import { customType, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
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

/** PostgreSQL's bytea as a Buffer: node-postgres reads it as one and writes one as it is. */
const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/**
 * The bytes of every stored upload and of its phone-sized copies, when images are kept in PostgreSQL
 * (the default; docs/decisions/0077-media-in-the-database.md): any process on any host serves any image,
 * and the database's dump holds them. A row goes with its upload's media_files row.
 */
export const mediaBytes = pgTable(
  'media_bytes',
  {
    name: text('name')
      .notNull()
      .references(() => mediaFiles.name, { onDelete: 'cascade' }),
    /** 0: the upload itself; else the width of a copy (MEDIA_WIDTHS). */
    width: integer('width').notNull().default(0),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    /** Hex SHA-256 of the bytes: the strong ETag they are served with. */
    sha256: text('sha256').notNull(),
    bytes: bytea('bytes').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.name, t.width] })],
);

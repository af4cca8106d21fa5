import { randomUUID } from 'node:crypto';
import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** A club is the tenant: everything a club owns carries its club_id (docs/product.md section 10). */
export const clubs = pgTable('clubs', {
  id: text('id')
    .primaryKey()
    .$defaultFn(() => randomUUID()),
  name: text('name').notNull(),
  description: text('description'),
  website: text('website'),
  logoUrl: text('logo_url'),
  /** A friendly address for the club's page (docs/product.md section 21); null until one is set. */
  slug: text('slug').unique(),
  /**
   * Where replies to the club's mails go (`Reply-To`); null: the club's first admin's e-mail
   * (docs/decisions/0067-the-club-as-sender.md).
   */
  contactEmail: text('contact_email'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export type ClubRow = typeof clubs.$inferSelect;

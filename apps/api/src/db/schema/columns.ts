import { randomUUID } from 'node:crypto';
import { text, timestamp } from 'drizzle-orm/pg-core';
import { clubs } from './clubs';

/** Columns every club-owned table shares: an opaque id, and club_id, the tenant wall (docs/product.md section 10). */
export const id = () =>
  text('id')
    .primaryKey()
    .$defaultFn(() => randomUUID());
export const clubId = () =>
  text('club_id')
    .notNull()
    .references(() => clubs.id, { onDelete: 'cascade' });
export const at = (name: string) => timestamp(name, { withTimezone: true });
export const createdAt = () => at('created_at').notNull().defaultNow();
export const updatedAt = () => at('updated_at').notNull().defaultNow();

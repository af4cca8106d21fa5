import { randomUUID } from 'node:crypto';
import { boolean, index, integer, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { clubs } from './clubs';
import { clubId } from './columns';
import { eventId } from './events';

/**
 * App users: role 5 = door staff of one club (docs/product.md section 20), role 10 = admin of one club,
 * role 20 = sudo over all clubs (club_id null).
 */
export const users = pgTable(
  'users',
  {
    id: text('id')
      .primaryKey()
      .$defaultFn(() => randomUUID()),
    clubId: text('club_id').references(() => clubs.id, { onDelete: 'cascade' }),
    email: text('email').notNull().unique(),
    name: text('name').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: smallint('role').notNull(),
    /**
     * Raised on every password change; a token carries the version it was signed with, so every
     * session started before the change answers 401 (docs/product.md section 18).
     */
    sessionVersion: integer('session_version').notNull().default(0),
    /**
     * Door staff only: they work every event of their club. False with no staff_events rows works
     * none, so removing an event never widens anyone's reach (docs/decisions/0061-staff-scope.md).
     */
    allEvents: boolean('all_events').notNull().default(false),
    /** When a session was last opened: none yet, and the sign-in says "Welcome" (DECISIONS 23). */
    lastSignedInAt: timestamp('last_signed_in_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('users_club_id_idx').on(t.clubId)],
);

export type UserRow = typeof users.$inferSelect;

/** Failed sign-in counters per address and per e-mail; kept in the database so every API process shares them. */
export const signinFailures = pgTable('signin_failures', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull(),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
});

/**
 * Fixed-window counters of the public writes per client address (docs/product.md section 18): one row
 * per key and window, counted by one atomic upsert so every API process shares them. Rows whose
 * window has passed are purged by the background sweep.
 */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  hits: integer('hits').notNull(),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
  /** When the window ends: a 429 answers Retry-After from it, and the sweep deletes rows past it. */
  windowEndsAt: timestamp('window_ends_at', { withTimezone: true }).notNull(),
});

/**
 * The events a door-staff user works (docs/product.md section 20) when `users.all_events` is false;
 * none listed then: no event at all.
 */
export const staffEvents = pgTable(
  'staff_events',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    eventId: eventId(),
    clubId: clubId(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.eventId] }), index('staff_events_event_idx').on(t.eventId)],
);
export type StaffEventRow = typeof staffEvents.$inferSelect;

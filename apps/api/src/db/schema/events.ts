import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { at, clubId, createdAt, id, updatedAt } from './columns';
import { passes, series } from './seasons';

export const events = pgTable(
  'events',
  {
    id: id(),
    clubId: clubId(),
    slug: text('slug').notNull().unique(),
    title: text('title').notNull(),
    description: text('description'),
    bannerUrl: text('banner_url'),
    venue: text('venue'),
    address: text('address'),
    startDate: at('start_date').notNull(),
    endDate: at('end_date').notNull(),
    timezone: text('timezone').notNull(),
    currency: text('currency').notNull(),
    status: text('status').notNull().default('draft'),
    capacity: integer('capacity'),
    registrationOpensAt: at('registration_opens_at'),
    registrationClosesAt: at('registration_closes_at'),
    donationsEnabled: boolean('donations_enabled').notNull().default(false),
    sponsorshipsEnabled: boolean('sponsorships_enabled').notNull().default(false),
    maxTicketsPerOrder: integer('max_tickets_per_order').notNull().default(10),
    /** Free bookings stay holds until the link in their mail is opened (docs/product.md section 18). */
    confirmFreeByEmail: boolean('confirm_free_by_email').notNull().default(false),
    /** Each confirmed attendee is mailed a reminder with their ticket this long before the start (docs/product.md section 21). */
    reminderHoursBefore: integer('reminder_hours_before'),
    /** Tickets held or sold across the event, checked against capacity in the same UPDATE that changes it. */
    reservedCount: integer('reserved_count').notNull().default(0),
    /** The series the event is a date of (db/schema/seasons.ts); null: an event on its own. */
    seriesId: text('series_id').references(() => series.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('events_club_id_start_idx').on(t.clubId, t.startDate),
    index('events_series_idx')
      .on(t.seriesId, t.startDate)
      .where(sql`${t.seriesId} IS NOT NULL`),
  ],
);
export type EventRow = typeof events.$inferSelect;

/** The column every event-owned table shares; beside the events table so columns.ts needs none of them. */
export const eventId = () =>
  text('event_id')
    .notNull()
    .references(() => events.id, { onDelete: 'cascade' });

export const tickets = pgTable(
  'tickets',
  {
    id: id(),
    clubId: clubId(),
    eventId: eventId(),
    name: text('name').notNull(),
    description: text('description'),
    price: integer('price').notNull(),
    quantity: integer('quantity'),
    maxPerOrder: integer('max_per_order').notNull().default(10),
    salesStartAt: at('sales_start_at'),
    salesEndAt: at('sales_end_at'),
    isActive: boolean('is_active').notNull().default(true),
    /** Offered only with an access code that names it (docs/product.md section 19). */
    hidden: boolean('hidden').notNull().default(false),
    position: integer('position').notNull().default(0),
    /** Held (pending, and waiting-list offers) plus sold: checked against quantity in the same UPDATE that changes it. */
    reservedCount: integer('reserved_count').notNull().default(0),
    soldCount: integer('sold_count').notNull().default(0),
    /**
     * The season pass whose places at this event this hidden type counts (db/schema/seasons.ts):
     * never sold on its own, made when the pass first takes a place here.
     */
    passId: text('pass_id').references(() => passes.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('tickets_event_id_idx').on(t.eventId)],
);
export type TicketRow = typeof tickets.$inferSelect;

export const extras = pgTable(
  'extras',
  {
    id: id(),
    clubId: clubId(),
    eventId: eventId(),
    name: text('name').notNull(),
    description: text('description'),
    price: integer('price').notNull(),
    quantity: integer('quantity'),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('extras_event_id_idx').on(t.eventId)],
);
export type ExtrasRow = typeof extras.$inferSelect;

export const sponsorshipPackages = pgTable(
  'sponsorship_packages',
  {
    id: id(),
    clubId: clubId(),
    eventId: eventId(),
    name: text('name').notNull(),
    description: text('description'),
    amount: integer('amount').notNull(),
    benefits: text('benefits')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    quantity: integer('quantity'),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('sponsorship_packages_event_id_idx').on(t.eventId)],
);
export type SponsorshipPackageRow = typeof sponsorshipPackages.$inferSelect;

export const formQuestions = pgTable(
  'form_questions',
  {
    id: id(),
    clubId: clubId(),
    eventId: eventId(),
    type: smallint('type').notNull(),
    label: text('label').notNull(),
    required: boolean('required').notNull().default(false),
    options: text('options')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    position: integer('position').notNull(),
    perAttendee: boolean('per_attendee').notNull().default(true),
    showAtCheckin: boolean('show_at_checkin').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('form_questions_event_id_idx').on(t.eventId, t.position)],
);
export type FormQuestionRow = typeof formQuestions.$inferSelect;

/**
 * Discount and access codes (docs/product.md section 19). `code_key` is the code upper-cased: codes
 * are unique per event whatever their case. `used_count` counts the orders holding or having paid
 * with the code, taken and given back in the same conditional UPDATE as seats are, so the last use
 * is never taken twice; the CHECK is the database's own last word on it.
 */
export const discounts = pgTable(
  'discounts',
  {
    id: id(),
    clubId: clubId(),
    eventId: eventId(),
    code: text('code').notNull(),
    codeKey: text('code_key').notNull(),
    kind: text('kind').notNull(),
    value: integer('value').notNull(),
    /** The tickets it applies to, and the hidden ones it opens; empty: every ticket. */
    ticketIds: text('ticket_ids')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    maxUses: integer('max_uses'),
    usedCount: integer('used_count').notNull().default(0),
    validFrom: at('valid_from'),
    validUntil: at('valid_until'),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('discounts_event_code_unique').on(t.eventId, t.codeKey),
    check(
      'discounts_used_within_max',
      sql`${t.usedCount} >= 0 AND (${t.maxUses} IS NULL OR ${t.usedCount} <= ${t.maxUses})`,
    ),
  ],
);
export type DiscountRow = typeof discounts.$inferSelect;

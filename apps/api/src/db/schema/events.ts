import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, smallint, text } from 'drizzle-orm/pg-core';
import { at, clubId, createdAt, eventId, id, updatedAt } from './columns';

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
    /** Tickets held or sold across the event, checked against capacity in the same UPDATE that changes it. */
    reservedCount: integer('reserved_count').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('events_club_id_start_idx').on(t.clubId, t.startDate)],
);
export type EventRow = typeof events.$inferSelect;

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
    position: integer('position').notNull().default(0),
    /** Held (pending) plus sold: checked against quantity in the same UPDATE that changes it. */
    reservedCount: integer('reserved_count').notNull().default(0),
    soldCount: integer('sold_count').notNull().default(0),
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

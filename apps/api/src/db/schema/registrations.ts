import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { at, clubId, createdAt, id } from './columns';
import { discounts, eventId, extras, tickets } from './events';
import { passPurchases } from './seasons';

export type Answers = Record<string, string | string[]>;

/**
 * A buyer's registration: 'pending' while its tickets are held (until expires_at), 'confirmed' once
 * paid, 'expired' when the hold lapsed unpaid. qr_uuid is the buyer's secret for the public calls.
 */
export const registrations = pgTable(
  'registrations',
  {
    id: id(),
    clubId: clubId(),
    eventId: eventId(),
    email: text('email').notNull(),
    qrUuid: text('qr_uuid')
      .notNull()
      .$defaultFn(() => randomUUID()),
    status: text('status').notNull().default('pending'),
    answers: jsonb('answers')
      .$type<Answers>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    expiresAt: at('expires_at'),
    confirmedAt: at('confirmed_at'),
    source: text('source').notNull().default('online'),
    /** The client address that made the hold, for the per-address hold limit (HOLDS_PER_ADDRESS). */
    clientAddress: text('client_address'),
    /** A free booking waiting for its e-mail to be confirmed: the secret of the link mailed to it. */
    confirmToken: text('confirm_token').unique(),
    /** The language the buyer used, which their mails and PDF speak (docs/product.md section 22). */
    language: text('language').notNull().default('en'),
    /** The season pass this registration is one event's place of (db/schema/seasons.ts); null: a booking. */
    passPurchaseId: text('pass_purchase_id').references(() => passPurchases.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('registrations_pass_purchase_idx')
      .on(t.passPurchaseId, t.eventId)
      .where(sql`${t.passPurchaseId} IS NOT NULL`),
    // The per-address hold limit counts an address's pending holds of one event.
    index('registrations_pending_address_idx')
      .on(t.eventId, t.clientAddress)
      .where(sql`${t.status} = 'pending'`),
    index('registrations_event_idx').on(t.eventId, t.status),
    index('registrations_pending_expiry_idx')
      .on(t.expiresAt)
      .where(sql`${t.status} = 'pending'`),
    index('registrations_email_idx').on(t.eventId, t.email),
    // A registration found by the first characters of its id, in any collation.
    index('registrations_id_prefix_idx').on(sql`${t.id} text_pattern_ops`),
  ],
);
export type RegistrationRow = typeof registrations.$inferSelect;

export const attendees = pgTable(
  'attendees',
  {
    id: id(),
    clubId: clubId(),
    eventId: eventId(),
    registrationId: text('registration_id')
      .notNull()
      .references(() => registrations.id, { onDelete: 'cascade' }),
    ticketId: text('ticket_id')
      .notNull()
      .references(() => tickets.id),
    firstName: text('first_name'),
    lastName: text('last_name'),
    email: text('email'),
    answers: jsonb('answers')
      .$type<Answers>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    position: integer('position').notNull().default(0),
    /**
     * The ticket's short code, typed at the door when a QR will not scan (docs/product.md section 20):
     * drawn by the database (migration 0017), unique within the event, shown as XXXX-XXXX.
     */
    shortCode: text('short_code')
      .notNull()
      .default(sql`clubtix_short_code()`),
    createdAt: createdAt(),
    /**
     * Whether its registration is confirmed (an attendee of the event, not of a hold), and the
     * registration's e-mail (its buyer's): kept by the database's triggers (migration 0007) whatever
     * code changes a registration, so the attendee list reads one table and its indexes.
     */
    confirmed: boolean('confirmed').notNull().default(false),
    registrationEmail: text('registration_email'),
    /** When the event's reminder was queued for this attendee: set once, by the claim that queues it. */
    remindedAt: at('reminded_at'),
    /** What the attendee list's search matches: "first last", then each e-mail on its own line. */
    searchText: text('search_text').generatedAlwaysAs(
      sql`coalesce(first_name, '') || ' ' || coalesce(last_name, '') || chr(10) || coalesce(email, '') || chr(10) || coalesce(registration_email, '')`,
    ),
  },
  (t) => [
    index('attendees_registration_idx').on(t.registrationId),
    uniqueIndex('attendees_event_short_code_unique').on(t.eventId, t.shortCode),
    // The attendee list counted from the index alone.
    index('attendees_confirmed_idx')
      .on(t.eventId)
      .where(sql`${t.confirmed}`),
    // Migration 0007 (custom SQL) adds the triggers that keep `confirmed` and `registrationEmail`, the
    // list's name-order index attendees_list_name_idx (with INCLUDE, which Drizzle cannot declare)
    // and the search's trigram index attendees_search_trgm_idx (only where pg_trgm can be created).
    index('attendees_event_idx').on(t.eventId),
    // The reminder sweep's claim: only the confirmed attendees not yet reminded.
    index('attendees_to_remind_idx')
      .on(t.eventId)
      .where(sql`${t.confirmed} AND ${t.remindedAt} IS NULL`),
    // Finding the tickets of an e-mail (getRegistrationByEmail) without reading the whole event.
    index('attendees_email_idx').on(t.eventId, t.email),
    // The export, and the list sorted by registration time, read an event's attendees in this order,
    // a page at a time.
    index('attendees_export_idx')
      .on(t.eventId, t.createdAt, t.registrationId, t.position, t.id)
      .where(sql`${t.confirmed}`),
  ],
);
export type AttendeeRow = typeof attendees.$inferSelect;

/**
 * One row per checked-in attendee: the unique index makes two scanners at once store exactly one.
 * Its club, event and registration are its attendee's, set by the database's trigger on insert
 * (migration 0008), so the attendee's foreign key is the only one: the door's writes take no lock
 * on the event's and club's rows, which every scan would share.
 */
export const checkins = pgTable(
  'checkins',
  {
    id: id(),
    clubId: text('club_id').notNull(),
    eventId: text('event_id').notNull(),
    registrationId: text('registration_id').notNull(),
    attendeeId: text('attendee_id')
      .notNull()
      .references(() => attendees.id, { onDelete: 'cascade' }),
    createdBy: text('created_by'),
    /** The time of admission: for a check-in synced from an offline device, the earliest device's time. */
    createdAt: createdAt(),
    /** The offline device that admitted the attendee (docs/decisions/0035-offline-door.md); null online. */
    deviceId: text('device_id'),
    deviceName: text('device_name'),
    /** Whether its registration is confirmed, kept by the database's triggers as attendees.confirmed is. */
    confirmed: boolean('confirmed').notNull().default(false),
  },
  (t) => [
    uniqueIndex('checkins_attendee_unique').on(t.attendeeId),
    // The event's check-ins that count (all its reads), counted and read latest first.
    index('checkins_confirmed_time_idx')
      .on(t.eventId, t.createdAt, t.attendeeId)
      .where(sql`${t.confirmed}`),
  ],
);
export type CheckinRow = typeof checkins.$inferSelect;

/**
 * paymentStatus: 'pending', 'paid', 'refund_required' (paid after its hold lapsed and sold out),
 * 'failed', 'partially_refunded', 'refunded'. amount is what the buyer pays, after discount_amount.
 */
export const orders = pgTable(
  'orders',
  {
    id: id(),
    clubId: clubId(),
    eventId: eventId(),
    registrationId: text('registration_id')
      .notNull()
      .references(() => registrations.id, { onDelete: 'cascade' }),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    paymentStatus: text('payment_status').notNull().default('pending'),
    provider: text('provider'),
    paymentIntentId: text('payment_intent_id').unique(),
    paidAt: at('paid_at'),
    /** The code the order holds a use of (docs/product.md section 19); kept as text when the code is deleted. */
    discountId: text('discount_id').references(() => discounts.id, { onDelete: 'set null' }),
    discountCode: text('discount_code'),
    discountAmount: integer('discount_amount').notNull().default(0),
    refundedAmount: integer('refunded_amount').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    check('orders_refund_within_amount', sql`${t.refundedAmount} >= 0 AND ${t.refundedAmount} <= ${t.amount}`),
    index('orders_event_idx').on(t.eventId),
    index('orders_registration_idx').on(t.registrationId),
    // The payment reconciliation's read (modules/payments/reconcile.repo.ts): the few still pending with an intent.
    index('orders_unsettled_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.paymentStatus} = 'pending' AND ${t.paymentIntentId} IS NOT NULL`),
  ],
);
export type OrderRow = typeof orders.$inferSelect;

export const orderItems = pgTable(
  'order_items',
  {
    id: id(),
    clubId: clubId(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    ticketId: text('ticket_id').references(() => tickets.id),
    extrasId: text('extras_id').references(() => extras.id),
    name: text('name').notNull(),
    quantity: integer('quantity').notNull(),
    unitPrice: integer('unit_price').notNull(),
    amount: integer('amount').notNull(),
  },
  (t) => [index('order_items_order_idx').on(t.orderId)],
);
export type OrderItemRow = typeof orderItems.$inferSelect;

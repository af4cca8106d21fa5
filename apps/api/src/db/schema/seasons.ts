import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { at, clubId, createdAt, id, updatedAt } from './columns';

/**
 * A club's season (docs/decisions/0080-series-and-passes.md): a series of dated events
 * (events.series_id), the season passes sold for it, and each pass bought. A bought pass holds one
 * place at every event of its series as a registration of that event (registrations.pass_purchase_id)
 * on the pass's own hidden ticket type there (tickets.pass_id), so the counters that never oversell,
 * the door, the attendee list, the export and the report see pass holders as attendees.
 */
export const series = pgTable(
  'series',
  {
    id: id(),
    clubId: clubId(),
    slug: text('slug').notNull().unique(),
    name: text('name').notNull(),
    description: text('description'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('series_club_idx').on(t.clubId)],
);
export type SeriesRow = typeof series.$inferSelect;

export const passes = pgTable(
  'passes',
  {
    id: id(),
    clubId: clubId(),
    seriesId: text('series_id')
      .notNull()
      .references(() => series.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    price: integer('price').notNull(),
    /** Passes on sale in all; null: as many as the series' events hold. */
    quantity: integer('quantity'),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('passes_series_idx').on(t.seriesId)],
);
export type PassRow = typeof passes.$inferSelect;

/**
 * One pass bought: a payable of the purchase pipeline (modules/purchase/payables). 'pending' while
 * its places are held (until expires_at), 'confirmed' once paid, 'expired' when the hold lapsed,
 * 'cancelled' once refunded in full. `qr_secret` is the pass's QR secret (its QR reads
 * `{ "p": id, "q": qr_secret }`) and every one of its registrations' qr_uuid; `short_code` is each of
 * its attendees' short code.
 */
export const passPurchases = pgTable(
  'pass_purchases',
  {
    id: id(),
    clubId: clubId(),
    passId: text('pass_id')
      .notNull()
      .references(() => passes.id, { onDelete: 'no action' }),
    seriesId: text('series_id')
      .notNull()
      .references(() => series.id, { onDelete: 'cascade' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    qrSecret: text('qr_secret')
      .notNull()
      .$defaultFn(() => randomUUID()),
    shortCode: text('short_code')
      .notNull()
      .default(sql`clubtix_short_code()`),
    status: text('status').notNull().default('pending'),
    expiresAt: at('expires_at'),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    paymentStatus: text('payment_status').notNull().default('pending'),
    provider: text('provider'),
    paymentIntentId: text('payment_intent_id').unique(),
    refundedAmount: integer('refunded_amount').notNull().default(0),
    paidAt: at('paid_at'),
    /** The language the buyer used, which their mails and PDF speak (docs/product.md section 22). */
    language: text('language').notNull().default('en'),
    createdAt: createdAt(),
  },
  (t) => [
    index('pass_purchases_pass_idx').on(t.passId, t.status),
    index('pass_purchases_series_idx').on(t.seriesId, t.status),
    index('pass_purchases_unsettled_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.paymentStatus} = 'pending' AND ${t.paymentIntentId} IS NOT NULL`),
  ],
);
export type PassPurchaseRow = typeof passPurchases.$inferSelect;

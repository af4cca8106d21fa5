import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users';
import { at, clubId, createdAt, id } from './columns';
import { eventId, events, tickets } from './events';
import { extrasPurchases, sponsorships } from './payments';
import { orders, registrations } from './registrations';
import { passPurchases } from './seasons';

/**
 * Money given back on a payable (docs/product.md section 19): an order, a sponsorship or donation,
 * or extras bought alone; exactly one of the three ids is set. `request_key` makes the same refund
 * asked twice one refund; `provider_refund_id` makes the provider's own webhook for a refund we
 * made, or one made in its dashboard, count once.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: id(),
    clubId: clubId(),
    /** The event of what was refunded; null for a season pass, which spans its series. */
    eventId: text('event_id').references(() => events.id, { onDelete: 'cascade' }),
    orderId: text('order_id').references(() => orders.id, { onDelete: 'cascade' }),
    sponsorshipId: text('sponsorship_id').references(() => sponsorships.id, { onDelete: 'cascade' }),
    extrasPurchaseId: text('extras_purchase_id').references(() => extrasPurchases.id, { onDelete: 'cascade' }),
    passPurchaseId: text('pass_purchase_id').references(() => passPurchases.id, { onDelete: 'cascade' }),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    reason: text('reason'),
    /** 'admin', 'provider' (made in the provider's dashboard) or 'cancellation'. */
    source: text('source').notNull(),
    requestKey: text('request_key').unique(),
    provider: text('provider'),
    providerRefundId: text('provider_refund_id').unique(),
    releasedTickets: boolean('released_tickets').notNull().default(false),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('refunds_order_idx').on(t.orderId),
    index('refunds_sponsorship_idx').on(t.sponsorshipId),
    index('refunds_extras_purchase_idx').on(t.extrasPurchaseId),
    index('refunds_event_idx').on(t.eventId, t.createdAt),
    index('refunds_pass_purchase_idx').on(t.passPurchaseId),
    check(
      'refunds_one_payable',
      sql`num_nonnulls(${t.orderId}, ${t.sponsorshipId}, ${t.extrasPurchaseId}, ${t.passPurchaseId}) = 1`,
    ),
  ],
);
export type RefundRow = typeof refunds.$inferSelect;

/**
 * A place on a sold-out ticket type's waiting list (docs/product.md section 19). An 'offered' entry
 * holds its quantity in the ticket's and event's reserved counters, as a hold does, until
 * offer_expires_at: nobody else can hold those tickets meanwhile.
 */
export const waitlistEntries = pgTable(
  'waitlist_entries',
  {
    id: id(),
    clubId: clubId(),
    eventId: eventId(),
    ticketId: text('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    quantity: integer('quantity').notNull(),
    /** 'waiting', 'offered', 'converted', 'lapsed', 'removed'. */
    status: text('status').notNull().default('waiting'),
    offerToken: text('offer_token').unique(),
    offeredAt: at('offered_at'),
    offerExpiresAt: at('offer_expires_at'),
    registrationId: text('registration_id').references(() => registrations.id, { onDelete: 'set null' }),
    /** The language the buyer used, which their mails speak (docs/product.md section 22). */
    language: text('language').notNull().default('en'),
    createdAt: createdAt(),
  },
  (t) => [
    // One place per person and ticket type while they wait or hold an offer.
    uniqueIndex('waitlist_open_entry_unique')
      .on(t.ticketId, t.email)
      .where(sql`${t.status} IN ('waiting', 'offered')`),
    index('waitlist_line_idx')
      .on(t.ticketId, t.createdAt, t.id)
      .where(sql`${t.status} = 'waiting'`),
    index('waitlist_offer_expiry_idx')
      .on(t.offerExpiresAt)
      .where(sql`${t.status} = 'offered'`),
    index('waitlist_event_idx').on(t.eventId, t.createdAt),
  ],
);
export type WaitlistEntryRow = typeof waitlistEntries.$inferSelect;

/**
 * An event's cancellation (docs/product.md section 19): with refund_all, its paid orders are
 * refunded in bounded batches by whichever process sweeps next, so a crash only delays them.
 */
export const eventCancellations = pgTable('event_cancellations', {
  eventId: text('event_id')
    .primaryKey()
    .references(() => events.id, { onDelete: 'cascade' }),
  clubId: clubId(),
  refundAll: boolean('refund_all').notNull(),
  ordersToRefund: integer('orders_to_refund').notNull().default(0),
  ordersRefunded: integer('orders_refunded').notNull().default(0),
  ordersFailed: integer('orders_failed').notNull().default(0),
  finishedAt: at('finished_at'),
  createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
});
export type EventCancellationRow = typeof eventCancellations.$inferSelect;

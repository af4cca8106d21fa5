import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { clubs } from './clubs';
import { at, clubId, createdAt, id } from './columns';
import { eventId, extras, sponsorshipPackages } from './events';
import { orders, registrations } from './registrations';

/** Donations (package_id null, amount chosen by the giver) and sponsorships (a package's amount). */
export const sponsorships = pgTable(
  'sponsorships',
  {
    id: id(),
    clubId: clubId(),
    eventId: eventId(),
    // A package with sponsorships is not deleted (it is made inactive): they would read as donations.
    packageId: text('package_id').references(() => sponsorshipPackages.id, { onDelete: 'no action' }),
    registrationId: text('registration_id').references(() => registrations.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    message: text('message'),
    /** The sponsor's logo (an uploaded image) and whether the event page may show the sponsor (docs/product.md section 21). */
    logoUrl: text('logo_url'),
    showPublicly: boolean('show_publicly').notNull().default(false),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    paymentStatus: text('payment_status').notNull().default('pending'),
    provider: text('provider'),
    paymentIntentId: text('payment_intent_id').unique(),
    refundedAmount: integer('refunded_amount').notNull().default(0),
    paidAt: at('paid_at'),
    /** The language the buyer used, which their mails speak (docs/product.md section 22). */
    language: text('language').notNull().default('en'),
    createdAt: createdAt(),
  },
  (t) => [
    index('sponsorships_event_idx').on(t.eventId),
    // The payment reconciliation's read (modules/payments/reconcile.repo.ts): the few still pending with an intent.
    index('sponsorships_unsettled_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.paymentStatus} = 'pending' AND ${t.paymentIntentId} IS NOT NULL`),
  ],
);
export type SponsorshipRow = typeof sponsorships.$inferSelect;

/**
 * Extras vouchers, each with a QR that is redeemed once at the door: extras bought on their own
 * (order_id null), and those issued, paid, from a paid order's extras lines (order_id set, one per
 * extra of the order; docs/decisions/0014-extras-and-package-stock.md).
 */
export const extrasPurchases = pgTable(
  'extras_purchases',
  {
    id: id(),
    clubId: clubId(),
    eventId: eventId(),
    extrasId: text('extras_id')
      .notNull()
      .references(() => extras.id),
    registrationId: text('registration_id').references(() => registrations.id, { onDelete: 'set null' }),
    // Only an order that took no money is ever deleted (with its registration): its vouchers go with it.
    orderId: text('order_id').references(() => orders.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    quantity: integer('quantity').notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    qrUuid: text('qr_uuid')
      .notNull()
      .$defaultFn(() => randomUUID()),
    paymentStatus: text('payment_status').notNull().default('pending'),
    provider: text('provider'),
    paymentIntentId: text('payment_intent_id').unique(),
    refundedAmount: integer('refunded_amount').notNull().default(0),
    redeemedAt: at('redeemed_at'),
    paidAt: at('paid_at'),
    /** The language the buyer used, which their mails speak (docs/product.md section 22). */
    language: text('language').notNull().default('en'),
    createdAt: createdAt(),
  },
  (t) => [
    index('extras_purchases_event_idx').on(t.eventId),
    // One voucher per extra of an order, whatever settles it twice (NULLs differ: bought alone, any number).
    uniqueIndex('extras_purchases_order_extras_unique').on(t.orderId, t.extrasId),
    index('extras_purchases_unsettled_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.paymentStatus} = 'pending' AND ${t.paymentIntentId} IS NOT NULL`),
  ],
);
export type ExtrasPurchaseRow = typeof extrasPurchases.$inferSelect;

/**
 * An image shown inline through `<img src="cid:…">`. A QR code is kept as its text and drawn when the
 * mail is sent: drawing one costs about 10 ms of CPU, which must not be spent inside the purchase
 * transaction, and a mail kept in the outbox (no SMTP_URL) never needs it drawn.
 */
/**
 * What a mail attaches, described, not stored: drawn when the mail is sent (qr-image.ts). A QR image
 * shown inline, a booking's ticket PDF (docs/decisions/0044-pdf-tickets.md) or a season pass's.
 */
export type MailAttachment =
  | { kind: 'qr'; filename: string; cid: string; text: string }
  | { kind: 'ticketsPdf'; registrationId: string; qrUuid: string }
  | { kind: 'passPdf'; passPurchaseId: string; qrSecret: string };
export type TicketsPdfAttachment = Extract<MailAttachment, { kind: 'ticketsPdf' }>;
export type PassPdfAttachment = Extract<MailAttachment, { kind: 'passPdf' }>;

/** Mail waiting to go, or kept when no SMTP_URL is set (docs/product.md section 11). */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: id(),
    clubId: text('club_id').references(() => clubs.id, { onDelete: 'cascade' }),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    attachments: jsonb('attachments')
      .$type<MailAttachment[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** What the mail is about, so a retry never sends it twice (for example 'tickets:<registrationId>'). */
    dedupeKey: text('dedupe_key').unique(),
    /** Mail that is counted to limit how often it goes out, for example 'ticket-lookup:<eventId>'. */
    topic: text('topic'),
    /** The organiser's message this mail carries (docs/product.md section 21), read for its delivery log. */
    messageId: text('message_id'),
    status: text('status').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /**
     * Not taken before then: a refused mail's retry time (backing off), or a 'sending' mail's lease,
     * after which a process that crashed while sending it has given it up. Null: due now.
     */
    nextAttemptAt: at('next_attempt_at'),
    sentAt: at('sent_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('mail_outbox_status_idx').on(t.status, t.createdAt),
    // The delivery rounds' claim: only the few rows still to send, by when they are due.
    index('mail_outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} IN ('queued', 'sending')`),
    // The club's daily mail limit and the per-recipient limit count a club's recent mail.
    index('mail_outbox_club_created_idx').on(t.clubId, t.createdAt),
    index('mail_outbox_message_idx')
      .on(t.messageId, t.status)
      .where(sql`${t.messageId} IS NOT NULL`),
    index('mail_outbox_topic_idx')
      .on(t.topic, t.to, t.createdAt)
      .where(sql`${t.topic} IS NOT NULL`),
  ],
);
export type MailRow = typeof mailOutbox.$inferSelect;

/** The simulated provider's payment intents: kept in the database so every API process sees them. */
export const simulatedPayments = pgTable('simulated_payments', {
  /** Random (`sim_pi_` and 32 hex digits): nothing about an order makes it (docs/decisions/0063-code-guessing-limits.md). */
  id: text('id').primaryKey(),
  /** The caller's idempotency key: the same key finds the same intent, as Stripe's do (null before migration 0026). */
  idempotencyKey: text('idempotency_key').unique(),
  amount: integer('amount').notNull(),
  currency: text('currency').notNull(),
  status: text('status').notNull().default('requires_payment_method'),
  lastError: text('last_error'),
  createdAt: createdAt(),
});

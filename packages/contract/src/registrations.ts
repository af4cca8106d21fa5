import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { ZExtrasVoucher } from './extras';
import { ZDiscountCode } from './discounts';
import { ZAnswers } from './forms';
import { ZCurrency } from './money';
import { requiredText, ZEmail, ZId } from './rules';

export const REGISTRATION_STATUSES = ['pending', 'confirmed', 'expired', 'cancelled'] as const;
export const ZRegistrationStatus = z.enum(REGISTRATION_STATUSES);
export const PAYMENT_STATUSES = [
  'pending',
  'paid',
  'refund_required',
  'failed',
  'partially_refunded',
  'refunded',
] as const;
export const ZPaymentStatus = z.enum(PAYMENT_STATUSES);
/**
 * An order's status as answered: a payment status, or `expired` for a hold that lapsed unpaid (derived
 * from its registration, never stored; docs/decisions/0069-money-screens-agree.md): no money is owed.
 */
export const ORDER_STATUSES = [...PAYMENT_STATUSES, 'expired'] as const;
export const ZOrderStatus = z.enum(ORDER_STATUSES);
/** The statuses of orders that took money: paid, refunded in part or in full, or to refund. */
export const PAID_MONEY_STATUSES = ['paid', 'partially_refunded', 'refunded', 'refund_required'] as const;

/** A list's filter by payment status (orders, sponsorships); absent: all of them. */
export const ZPaymentStatusFilter = z
  .enum(PAYMENT_STATUSES, { error: `paymentStatus must be one of ${PAYMENT_STATUSES.join(', ')}` })
  .optional();

/**
 * What a refund asks, the same for an order, a sponsorship or donation and extras bought alone
 * (docs/product.md section 19): an amount (absent: all that is left), a reason, and the caller's key,
 * with which the same refund asked again answers the first instead of refunding again (the web
 * sends one per dialog opening).
 */
export const REFUND_FIELDS = {
  amount: z
    .number({ error: 'Amount must be a number of minor units' })
    .int('Amount must be a whole number of minor units')
    .min(1, 'Amount must be at least 1')
    .max(100_000_000, 'Amount is too large')
    .optional(),
  reason: z.string().trim().max(500, 'Reason must be at most 500 characters').optional(),
  requestKey: z.string().trim().min(8).max(100).optional(),
};

export const ZAttendee = z.object({
  attendeeId: z.string(),
  registrationId: z.string(),
  ticketId: z.string(),
  ticketName: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string().nullable(),
  answers: ZAnswers,
  checkinId: z.string().nullable(),
  checkinTime: z.string().nullable(),
  /** The ticket's short code, 8 characters without the dash (shown with formatShortCode, short-code.ts). */
  shortCode: z.string(),
});
export type TAttendee = z.infer<typeof ZAttendee>;

export const ZRegistration = z.object({
  registrationId: z.string(),
  eventId: z.string(),
  email: z.string(),
  qrUuid: z.string(),
  status: ZRegistrationStatus,
  answers: ZAnswers,
  expiresAt: z.string().nullable(),
  confirmedAt: z.string().nullable(),
  createdAt: z.string(),
  attendees: z.array(ZAttendee),
});
export type TRegistration = z.infer<typeof ZRegistration>;

/** The extras vouchers of a registration's paid order (none: an empty list). */
const extrasVouchers = z.array(ZExtrasVoucher).optional();

/**
 * The wallets a confirmed registration's tickets can be added to (docs/product.md section 22): Apple's
 * pass is fetched from getWalletPass; Google's is a "Save to Google Wallet" address per attendee id.
 * Absent when no wallet is configured, or while the registration is not confirmed.
 */
export const ZTicketWallets = z.object({
  apple: z.boolean(),
  googleSaveUrls: z.record(z.string(), z.string()).optional(),
});
export type TTicketWallets = z.infer<typeof ZTicketWallets>;

/** A registration as its buyer reads it back after paying: with the vouchers of the extras bought with it. */
export const ZBuyerRegistration = ZRegistration.extend({ extrasVouchers, wallets: ZTicketWallets.optional() });
export type TBuyerRegistration = z.infer<typeof ZBuyerRegistration>;

export const ZOrderItem = z.object({
  kind: z.enum(['ticket', 'extras']),
  ticketId: z.string().nullable(),
  extrasId: z.string().nullable(),
  name: z.string(),
  quantity: z.number(),
  unitPrice: z.number(),
  amount: z.number(),
});

export const ZRefund = z.object({
  id: z.string(),
  amount: z.number(),
  reason: z.string().nullable(),
  /** Who refunded: an admin here, the provider's own dashboard, or an event's cancellation. */
  source: z.enum(['admin', 'provider', 'cancellation']),
  createdAt: z.string(),
});
export type TRefund = z.infer<typeof ZRefund>;

/**
 * `amount` is what the buyer pays: the lines' total less `discountAmount` (so gross = amount +
 * discountAmount); net = amount - refundedAmount.
 */
export const ZOrder = z.object({
  id: z.string(),
  eventId: z.string(),
  registrationId: z.string(),
  /** What the buyer pays (= gross). */
  amount: z.number(),
  currency: ZCurrency,
  paymentStatus: ZOrderStatus,
  discountCode: z.string().nullable(),
  /** The lines' total before the code's discount. */
  subtotal: z.number(),
  discountAmount: z.number(),
  /** After discounts, before refunds: what the Sales page calls gross too. */
  gross: z.number(),
  refundedAmount: z.number(),
  /** gross - refundedAmount. */
  net: z.number(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  /** How it was paid: the provider's name online, or the box office's method (cash, card_terminal, complimentary). */
  paymentMethod: z.string().nullable(),
  items: z.array(ZOrderItem),
});
export type TOrder = z.infer<typeof ZOrder>;

/** An order in its event's list, for the admin: with the buyer's e-mail. */
export const ZOrderListItem = ZOrder.extend({ buyerEmail: z.string(), refunds: z.array(ZRefund).optional() });
export type TOrderListItem = z.infer<typeof ZOrderListItem>;

const quantity = z
  .number({ error: 'Quantity must be a number' })
  .int('Quantity must be a whole number')
  .min(1, 'Quantity must be at least 1')
  .max(100, 'Quantity must be at most 100');

export const ZInitRegistrationRequest = z.object({
  eventId: ZId,
  email: ZEmail,
  tickets: z
    .array(z.object({ ticketId: ZId, quantity }), { error: 'Choose at least one ticket' })
    .min(1, 'Choose at least one ticket')
    .max(20, 'Too many ticket lines'),
  /** A discount or access code (docs/product.md section 19); unknown, expired, used up or inactive: 400. */
  discountCode: ZDiscountCode.optional(),
});
export type TInitRegistrationRequest = z.input<typeof ZInitRegistrationRequest>;

export const ZBuyerSecret = z.object({ registrationId: ZId, qrUuid: ZId });

export const ZSaveRegistrationRequest = ZBuyerSecret.extend({
  attendees: z
    .array(
      z.object({
        attendeeId: ZId,
        firstName: requiredText('First name', 100),
        lastName: requiredText('Last name', 100),
        email: ZEmail,
        answers: ZAnswers.default({}),
      }),
    )
    .max(100),
  answers: ZAnswers.default({}),
});
export type TSaveRegistrationRequest = z.input<typeof ZSaveRegistrationRequest>;

/**
 * An admin corrects one attendee, or transfers the ticket to another person (docs/product.md
 * section 20): a changed e-mail receives the ticket mail.
 */
export const ZUpdateAttendeeRequest = z.object({
  eventId: ZId,
  attendeeId: ZId,
  firstName: requiredText('First name', 100),
  lastName: requiredText('Last name', 100),
  email: ZEmail,
  answers: ZAnswers.default({}),
});
export type TUpdateAttendeeRequest = z.input<typeof ZUpdateAttendeeRequest>;

export const ZCreateOrderRequest = ZBuyerSecret.extend({
  extras: z
    .array(z.object({ extrasId: ZId, quantity }))
    .max(50)
    .default([]),
  /** Changes the order's code: a code applies it, null removes it, absent keeps what the hold had. */
  discountCode: ZDiscountCode.nullable().optional(),
});
export type TCreateOrderRequest = z.input<typeof ZCreateOrderRequest>;

export const ZCreateOrderResponse = z.object({
  order: ZOrder,
  /**
   * A free order of an event with confirmFreeByEmail: not confirmed yet. A link was mailed to the
   * buyer's e-mail; the booking stays a hold until it is opened, and lapses at `expiresAt` as an
   * unpaid hold does.
   */
  emailConfirmation: z.object({ expiresAt: z.string() }).optional(),
});
export type TCreateOrderResponse = z.infer<typeof ZCreateOrderResponse>;

/** The link mailed for a free booking: the registration, and the secret that proves the mailbox. */
export const ZConfirmFreeOrderRequest = z.object({
  registrationId: ZId,
  token: z.string({ error: 'Token is required' }).trim().min(1, 'Token is required').max(100, 'Token is too long'),
});
export type TConfirmFreeOrderRequest = z.input<typeof ZConfirmFreeOrderRequest>;

export const ZPaymentIntent = z.object({
  provider: z.enum(['simulated', 'stripe']),
  clientSecret: z.string(),
  paymentIntentId: z.string(),
  publishableKey: z.string().optional(),
  amount: z.number(),
  currency: ZCurrency,
});
export type TPaymentIntent = z.infer<typeof ZPaymentIntent>;

export const TEST_CARDS = { success: '4242424242424242', declined: '4000000000000002' } as const;

export const ZConfirmPaymentRequest = z.object({
  paymentIntentId: ZId,
  /** Simulated provider only: the test card typed on the Test mode form. */
  testCard: z
    .string()
    .max(40)
    .transform((value) => value.replace(/[\s-]/g, ''))
    .optional(),
});

/** What a confirmed payment paid for: an order (with its registration), a sponsorship or an extras purchase. */
export const ZConfirmedPurchase = z.object({
  registration: ZRegistration.optional(),
  order: ZOrder.optional(),
  sponsorshipId: z.string().optional(),
  extrasPurchaseId: z.string().optional(),
  /** A season pass paid (passes.ts): mailed to its holder. */
  passPurchaseId: z.string().optional(),
  /** With an order: the vouchers of its extras, issued when it was paid. */
  extrasVouchers,
  /**
   * With a sponsorship or extras bought alone: true when the payment arrived after its hold lapsed
   * and what it paid for had gone meanwhile, so the organiser refunds it (the message says so).
   */
  refundRequired: z.boolean().optional(),
});

export const ZSendTicketResult = z.object({
  /** True when handed to the mail server for delivery; false with no SMTP_URL (kept in the outbox). */
  sent: z.boolean(),
  to: z.string(),
});
export type TSendTicketResult = z.infer<typeof ZSendTicketResult>;

/** How often getRegistrationByEmail mails one e-mail's tickets for one event, per hour. */
export const TICKET_LOOKUP_MAILS_PER_HOUR = 3;

/** How often sendTicket mails one attendee's ticket, per hour (docs/product.md section 18). */
export const SEND_TICKET_MAILS_PER_HOUR = 3;

/**
 * How many mails one club sends one address in an hour, a purchase's own ticket mail aside
 * (docs/product.md section 18; docs/decisions/0017-free-bookings-by-email-and-mail-quotas.md).
 */
export const MAILS_PER_RECIPIENT_PER_HOUR = 5;

export const registrationEndpoints = {
  initRegistration: defineEndpoint({
    method: 'POST',
    path: '/registration/initRegistration',
    access: 'public',
    rateLimit: 'publicWrite',
    summary: 'Hold tickets for RESERVATION_MINUTES: a pending registration and its order',
    body: ZInitRegistrationRequest,
    response: z.object({ registration: ZRegistration, order: ZOrder }),
  }),
  save: defineEndpoint({
    method: 'POST',
    path: '/registration/save',
    access: 'public',
    rateLimit: 'publicWrite',
    summary: "Fill in a pending registration's attendees and answers",
    body: ZSaveRegistrationRequest,
    response: ZRegistration,
  }),
  getRegistration: defineEndpoint({
    method: 'GET',
    path: '/registration/getRegistration',
    access: 'public',
    summary: 'A registration, for its buyer (the qrUuid is the secret), with its extras vouchers once confirmed',
    query: ZBuyerSecret,
    response: ZBuyerRegistration,
  }),
  getRegistrationById: defineEndpoint({
    method: 'GET',
    path: '/registration/getRegistrationById',
    access: 'admin',
    summary: 'A registration of one of your events',
    query: z.object({ registrationId: ZId }),
    response: ZRegistration,
  }),
  sendTicket: defineEndpoint({
    method: 'GET',
    path: '/registration/sendTicket',
    access: 'admin',
    summary:
      "Mail an attendee's ticket again, to the attendee's e-mail or else the buyer's " +
      `(at most ${SEND_TICKET_MAILS_PER_HOUR} times an hour; 429 past it or past the club's mail limits)`,
    query: z.object({ attendeeId: ZId, eventId: ZId }),
    response: ZSendTicketResult,
  }),
  getRegistrationByEmail: defineEndpoint({
    method: 'GET',
    path: '/registration/getRegistrationByEmail',
    access: 'public',
    rateLimit: 'publicWrite',
    summary:
      'Whether this e-mail has a confirmed registration for the event; if so its tickets are mailed to it again ' +
      `(at most ${TICKET_LOOKUP_MAILS_PER_HOUR} times an hour)`,
    query: z.object({ email: ZEmail, eventId: ZId }),
    response: z.object({ found: z.boolean() }),
  }),
  updateStatus: defineEndpoint({
    method: 'POST',
    path: '/registration/updateStatus',
    access: 'admin',
    summary: 'Confirm or cancel a registration by hand (cancelling frees its tickets)',
    body: z.object({
      registrationId: ZId,
      status: z.enum(['confirmed', 'cancelled'], { error: 'Status must be confirmed or cancelled' }),
    }),
    response: ZRegistration,
  }),
  updateAttendee: defineEndpoint({
    method: 'POST',
    path: '/registration/updateAttendee',
    access: 'admin',
    summary:
      "Correct an attendee's names, e-mail and answers, or transfer the ticket: a changed e-mail " +
      "receives the ticket mail (within the club's mail limits; 429 past them, nothing changed)",
    body: ZUpdateAttendeeRequest,
    response: ZAttendee,
  }),
};

import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { LIST_CAPS, ZOptionalPage } from './lists';
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
  amount: z.number(),
  currency: ZCurrency,
  paymentStatus: ZPaymentStatus,
  discountCode: z.string().nullable(),
  discountAmount: z.number(),
  refundedAmount: z.number(),
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

/** One attendee's ticket, for its buyer or the attendee holding its link: the qrUuid is the secret. */
export const ZAttendeeSecret = ZBuyerSecret.extend({ attendeeId: ZId });

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
  getWalletPass: defineEndpoint({
    method: 'GET',
    path: '/registration/getWalletPass',
    access: 'public',
    binary: true,
    summary:
      "An attendee's Apple Wallet pass (application/vnd.apple.pkpass) of a confirmed registration, its barcode the " +
      "ticket's QR; 404 when Apple Wallet is not configured (APPLE_PASS_*)",
    query: ZAttendeeSecret,
    response: z.unknown(),
  }),
  getTicketsPdf: defineEndpoint({
    method: 'GET',
    path: '/registration/getTicketsPdf',
    access: 'public',
    summary:
      "A confirmed registration's tickets as a PDF, for its buyer (the qrUuid is the secret): a page per " +
      'attendee and one per extras voucher, in the language it was bought in (409 while not confirmed)',
    query: ZBuyerSecret,
    /** Not JSON: the body is the PDF itself (application/pdf). */
    response: z.unknown(),
    binary: true,
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

export const ZGetOrdersQuery = z
  .object({
    eventId: ZId,
    /** Orders of one payment status; absent: all of them. */
    paymentStatus: z
      .enum(PAYMENT_STATUSES, { error: `paymentStatus must be one of ${PAYMENT_STATUSES.join(', ')}` })
      .optional(),
  })
  /** A page of them when given (with pageSize, 50 by default); without page, the newest LIST_CAPS.orders. */
  .extend(ZOptionalPage.shape);
export type TGetOrdersQuery = z.input<typeof ZGetOrdersQuery>;

export const ZRefundOrderRequest = z.object({
  orderId: ZId,
  amount: z
    .number({ error: 'Amount must be a number of minor units' })
    .int('Amount must be a whole number of minor units')
    .min(1, 'Amount must be at least 1')
    .max(100_000_000, 'Amount is too large')
    .optional(),
  reason: z.string().trim().max(500, 'Reason must be at most 500 characters').optional(),
  releaseTickets: z.boolean().default(false),
  /**
   * The caller's key for this refund: the same key again answers the first refund instead of
   * refunding again (the web sends one per dialog opening).
   */
  requestKey: z.string().trim().min(8).max(100).optional(),
});
export type TRefundOrderRequest = z.input<typeof ZRefundOrderRequest>;

export const ZOrderCounts = z.object({
  total: z.number(),
  paid: z.number(),
  /** Partly or wholly refunded. */
  refunded: z.number(),
  /** Paid, and to refund: paid after the tickets ran out (docs/product.md section 15), or of a deleted registration. */
  refundRequired: z.number(),
});
export type TOrderCounts = z.infer<typeof ZOrderCounts>;

export const orderEndpoints = {
  createOrder: defineEndpoint({
    method: 'POST',
    path: '/order/createOrder',
    access: 'public',
    rateLimit: 'publicWrite',
    summary:
      'Price the whole order (tickets and extras) on the server; a free order is confirmed at once, or, when ' +
      'its event has confirmFreeByEmail, mailed a link to confirm it (emailConfirmation)',
    body: ZCreateOrderRequest,
    response: ZCreateOrderResponse,
  }),
  confirmFreeOrder: defineEndpoint({
    method: 'POST',
    path: '/order/confirmFreeOrder',
    access: 'public',
    summary:
      'Confirm a free booking with the token of the link mailed to its buyer, and mail its tickets; ' +
      'again: the same answer, nothing mailed twice; after its hold lapsed: 409',
    body: ZConfirmFreeOrderRequest,
    response: ZBuyerRegistration,
  }),
  getOrdersByEventId: defineEndpoint({
    method: 'GET',
    path: '/order/getOrdersByEventId',
    access: 'admin',
    summary:
      "An event's orders with their buyers' e-mails, newest first: of one payment status with paymentStatus, " +
      `a page of them with page and pageSize (getOrderCountsByEventId counts them); without page, the newest ${LIST_CAPS.orders}`,
    query: ZGetOrdersQuery,
    response: z.array(ZOrderListItem),
  }),
  getOrderCountsByEventId: defineEndpoint({
    method: 'GET',
    path: '/order/getOrderCountsByEventId',
    access: 'admin',
    summary:
      'How many orders an event has: in all, paid, and to refund (paid after the tickets ran out, or of a deleted registration)',
    query: z.object({ eventId: ZId }),
    response: ZOrderCounts,
  }),
  getOrderById: defineEndpoint({
    method: 'GET',
    path: '/order/getOrderById',
    access: 'admin',
    summary: "One order, with its buyer's e-mail",
    query: z.object({ orderId: ZId }),
    response: ZOrderListItem,
  }),
  getOrderWithItems: defineEndpoint({
    method: 'GET',
    path: '/order/getOrderWithItems',
    access: 'admin',
    summary: "One order with its lines, its refunds and its buyer's e-mail",
    query: z.object({ orderId: ZId }),
    response: ZOrderListItem,
  }),
  refund: defineEndpoint({
    method: 'POST',
    path: '/order/refund',
    access: 'admin',
    summary:
      'Refund a paid order through its payment provider, wholly (amount left out) or in part; with ' +
      'releaseTickets (a full refund only) its registration is cancelled and its tickets and extras go back on ' +
      'sale; the buyer is mailed; more than is left: 400; the same refund twice or twice at once: refunded once',
    body: ZRefundOrderRequest,
    response: z.object({ order: ZOrderListItem }),
  }),
};

export const paymentEndpoints = {
  createPaymentIntent: defineEndpoint({
    method: 'POST',
    path: '/stripe/create-payment-intent',
    access: 'public',
    rateLimit: 'publicWrite',
    summary: 'Start paying an order (or an extras purchase) with the configured provider',
    body: z
      .object({ orderId: ZId.optional(), extrasPurchaseId: ZId.optional() })
      .refine((value) => Boolean(value.orderId) !== Boolean(value.extrasPurchaseId), {
        message: 'Give either orderId or extrasPurchaseId',
        path: ['orderId'],
      }),
    response: ZPaymentIntent,
  }),
  confirmPayment: defineEndpoint({
    method: 'POST',
    path: '/stripe/confirm-payment',
    access: 'public',
    summary: 'Verify the payment with the provider, mark the order paid, confirm and mail the tickets (idempotent)',
    body: ZConfirmPaymentRequest,
    response: ZConfirmedPurchase,
  }),
  getRegistrationFromPayment: defineEndpoint({
    method: 'GET',
    path: '/stripe/get-registration-from-payment',
    access: 'public',
    summary: 'The registration a payment confirmed, with the vouchers of the extras it paid for',
    query: z.object({ paymentIntentId: ZId }),
    response: ZBuyerRegistration,
  }),
};

// The admin's orders of an event and their refunds, and the buyer's payment calls: the endpoints of
// the money after a hold (the registration's own calls are in registrations.ts).
import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { LIST_CAPS, ZOptionalPage } from './lists';
import {
  ORDER_STATUSES,
  REFUND_FIELDS,
  ZBuyerRegistration,
  ZConfirmFreeOrderRequest,
  ZConfirmPaymentRequest,
  ZConfirmedPurchase,
  ZCreateOrderRequest,
  ZCreateOrderResponse,
  ZOrderListItem,
  ZPaymentIntent,
} from './registrations';
import { ZId } from './rules';

export const ZGetOrdersQuery = z
  .object({
    eventId: ZId,
    /**
     * Orders of one status (`expired`: holds that lapsed unpaid), or `withMoney`: every order that took
     * money (paid, refunded in part or in full, to refund); absent: all of them.
     */
    paymentStatus: z
      .enum([...ORDER_STATUSES, 'withMoney'], {
        error: `paymentStatus must be one of ${[...ORDER_STATUSES, 'withMoney'].join(', ')}`,
      })
      .optional(),
  })
  /** A page of them when given (with pageSize, 50 by default); without page, the newest LIST_CAPS.orders. */
  .extend(ZOptionalPage.shape);
export type TGetOrdersQuery = z.input<typeof ZGetOrdersQuery>;

export const ZRefundOrderRequest = z.object({
  orderId: ZId,
  ...REFUND_FIELDS,
  releaseTickets: z.boolean().default(false),
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
      .object({ orderId: ZId.optional(), extrasPurchaseId: ZId.optional(), passPurchaseId: ZId.optional() })
      .refine((value) => [value.orderId, value.extrasPurchaseId, value.passPurchaseId].filter(Boolean).length === 1, {
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

// Season passes (DECISIONS 18): a pass admits its holder once to every event of its series. Sold
// through the one purchase pipeline as a payable of its own (/stripe/create-payment-intent with
// passPurchaseId), refunded by /pass/refund.
import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { money, ZCurrency } from './money';
import { LIST_CAPS } from './lists';
import { REFUND_FIELDS, ZPaymentStatus } from './registrations';
import { requiredText, ZEmail, ZId } from './rules';
import { saveRequest } from './save-request';
import { optionalQuantity } from './tickets';

export const ZPass = z.object({
  id: z.string(),
  seriesId: z.string(),
  name: z.string(),
  price: z.number(),
  /** The series' events' currency; null while the series has no event. */
  currency: z.string().nullable(),
  quantity: z.number().nullable(),
  isActive: z.boolean(),
  /** Passes left to buy: the least of what its quantity and each coming event of the series hold; null: unlimited. */
  available: z.number().nullable(),
});
export type TPass = z.infer<typeof ZPass>;

/** Without an id: create (seriesId, name and price required). With one: update the fields sent. */
export const ZSavePassRequest = saveRequest(
  { seriesId: ZId, name: requiredText('Name', 120), price: money('Price') },
  {
    id: ZId.optional(),
    quantity: optionalQuantity('Quantity'),
    isActive: z.boolean({ error: 'isActive must be true or false' }).optional(),
  },
);
export type TSavePassRequest = z.input<typeof ZSavePassRequest>;

export const PASS_PURCHASE_STATUSES = ['pending', 'confirmed', 'expired', 'cancelled'] as const;

export const ZPassPurchase = z.object({
  id: z.string(),
  amount: z.number(),
  currency: z.string(),
  status: z.enum(PASS_PURCHASE_STATUSES),
});
export type TPassPurchase = z.infer<typeof ZPassPurchase>;

export const ZPassPurchaseRequest = z.object({
  passId: ZId,
  firstName: requiredText('First name', 100),
  lastName: requiredText('Last name', 100),
  email: ZEmail,
});
export type TPassPurchaseRequest = z.input<typeof ZPassPurchaseRequest>;

export const ZRefundPassRequest = z.object({ passPurchaseId: ZId, ...REFUND_FIELDS });
export type TRefundPassRequest = z.input<typeof ZRefundPassRequest>;

/**
 * A pass bought, as its club's treasurer sees it: the purchases that took or may take money, that is
 * confirmed ones (paid, to refund, refunded in part or whole) and pending ones whose payment has
 * started (a hold never paid for took nothing and is left out).
 */
export const ZPassPurchaseListItem = z.object({
  id: z.string(),
  passId: z.string(),
  passName: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  amount: z.number(),
  refundedAmount: z.number(),
  currency: ZCurrency,
  status: z.enum(PASS_PURCHASE_STATUSES),
  paymentStatus: ZPaymentStatus,
  createdAt: z.string(),
});
export type TPassPurchaseListItem = z.infer<typeof ZPassPurchaseListItem>;

/** The QR of a pass: `{ "p": passPurchaseId, "q": secret }`, scanned at any event of its series. */
export const passQrText = (passPurchaseId: string, secret: string) => JSON.stringify({ p: passPurchaseId, q: secret });

export const passEndpoints = {
  save: defineEndpoint({
    method: 'POST',
    path: '/pass/save',
    access: 'admin',
    summary: 'Create (or, with an id, update) a season pass of a series',
    body: ZSavePassRequest,
    response: ZPass,
  }),
  getBySeriesId: defineEndpoint({
    method: 'GET',
    optionalAuth: true,
    path: '/pass/getBySeriesId',
    access: 'public',
    summary: "A series' season passes (the active ones for the public), with how many are left",
    query: z.object({ seriesId: ZId }),
    response: z.array(ZPass),
  }),
  getPurchasesBySeriesId: defineEndpoint({
    method: 'GET',
    path: '/pass/getPurchasesBySeriesId',
    access: 'admin',
    summary:
      "A series' season passes bought that took or may take money (paid, to refund, refunded, or pending " +
      `with a payment started), newest first, the newest ${LIST_CAPS.passPurchases} at most (x-list-capped)`,
    query: z.object({ seriesId: ZId }),
    response: z.array(ZPassPurchaseListItem),
  }),
  purchase: defineEndpoint({
    method: 'POST',
    path: '/pass/purchase',
    access: 'public',
    rateLimit: 'publicWrite',
    summary:
      'Hold a season pass: a place at every coming event of its series until paid, or 409 naming the event ' +
      'that would overfill',
    body: ZPassPurchaseRequest,
    response: z.object({ passPurchase: ZPassPurchase }),
  }),
  refund: defineEndpoint({
    method: 'POST',
    path: '/pass/refund',
    access: 'admin',
    summary:
      "Refund a paid season pass, wholly (amount left out) or in part; it stops admitting to the series' " +
      'events not attended yet, whose places go back on sale; the holder is mailed',
    body: ZRefundPassRequest,
    response: z.object({ passPurchase: ZPassPurchase }),
  }),
};

import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { DEFAULT_PAGE_SIZE, ZPage, ZPageSize } from './lists';
import { money, ZCurrency } from './money';
import { requiredText, ZId } from './rules';
import { clearableText, saveRequest } from './save-request';
import { optionalQuantity } from './tickets';

export const ZExtras = z.object({
  id: z.string(),
  eventId: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  price: z.number(),
  quantity: z.number().nullable(),
  isActive: z.boolean(),
});
export type TExtras = z.infer<typeof ZExtras>;

/** What a created extra takes for the fields its body leaves out. */
export const EXTRAS_DEFAULTS = { description: null, quantity: null, isActive: true } as const;

/** Without an id: create (eventId, name and price required). With one: update the fields sent. */
export const ZSaveExtrasRequest = saveRequest(
  { eventId: ZId, name: requiredText('Name', 120), price: money('Price') },
  {
    id: ZId.optional(),
    description: clearableText('Description', 2000),
    quantity: optionalQuantity('Quantity'),
    isActive: z.boolean().optional(),
  },
);
export type TSaveExtrasRequest = z.input<typeof ZSaveExtrasRequest>;

const EXTRAS_IDS_MESSAGE = 'extrasIds must be a JSON array of ids, like ["a","b"]';

/** `extrasIds` is a JSON array of ids sent as a string (docs/product.md section 7). */
export const ZExtrasIdsQuery = z.object({
  extrasIds: z
    // Sent twice, the parameter arrives as a list of strings: say what it should be, not that it is missing.
    .string({ error: (issue) => (issue.input === undefined ? 'extrasIds is required' : EXTRAS_IDS_MESSAGE) })
    .max(10_000)
    .transform((text, ctx) => {
      try {
        const parsed: unknown = JSON.parse(text);
        const ids = z.array(z.string().min(1).max(64)).max(200).parse(parsed);
        return ids;
      } catch {
        ctx.addIssue({ code: 'custom', message: EXTRAS_IDS_MESSAGE });
        return z.NEVER;
      }
    }),
});

/** docs/product.md section 4: Not Redeemed (false), Redeemed (true), or the empty choice (everything). */
export const EXTRAS_REDEEMED_CHOICES = ['false', 'true', ''] as const;

/** A paid extras purchase as the event's admin lists it: who bought what, and whether it was redeemed. */
export const ZExtrasPurchaseListItem = z.object({
  id: z.string(),
  eventId: z.string(),
  extrasId: z.string(),
  extrasName: z.string(),
  email: z.string(),
  quantity: z.number(),
  amount: z.number(),
  currency: ZCurrency,
  paidAt: z.string().nullable(),
  redeemedAt: z.string().nullable(),
  createdAt: z.string(),
  /** paid, partially_refunded or refunded (docs/product.md section 19). */
  paymentStatus: z.enum(['paid', 'partially_refunded', 'refunded']),
  refundedAmount: z.number(),
  /** Bought on its own (refunded by /extrasPurchase/refund), not a voucher of an order (refunded with it). */
  boughtAlone: z.boolean(),
  /** Sold at the box office and handed over there: redeemed by the sale itself, never scanned. */
  handedOver: z.boolean(),
});
export type TExtrasPurchaseListItem = z.infer<typeof ZExtrasPurchaseListItem>;

/**
 * An extras voucher of a paid order, for its buyer: one per extra chosen at checkout, redeemed once
 * at the door (/registration/scanByExtrasPurchaseId). Its QR holds extrasQrText(id, qrUuid).
 */
export const ZExtrasVoucher = z.object({
  /** The extras purchase the voucher is. */
  id: z.string(),
  extrasId: z.string(),
  extrasName: z.string(),
  quantity: z.number(),
  qrUuid: z.string(),
  redeemedAt: z.string().nullable(),
});
export type TExtrasVoucher = z.infer<typeof ZExtrasVoucher>;

/** What a voucher is for, as the ticket mail and the success page say it: "Lunch box × 2". */
export const extrasVoucherLabel = (voucher: Pick<TExtrasVoucher, 'extrasName' | 'quantity'>) =>
  `${voucher.extrasName} × ${voucher.quantity}`;

export const ZGetExtrasPurchasesQuery = z.object({
  eventId: ZId,
  /** 'false' Not Redeemed, 'true' Redeemed; absent or empty: all of them. */
  redeemed: z
    .enum(EXTRAS_REDEEMED_CHOICES, { error: 'redeemed must be true, false or empty' })
    .optional()
    .transform((value) => (value === 'true' ? true : value === 'false' ? false : undefined)),
  page: ZPage.default(1),
  pageSize: ZPageSize.default(DEFAULT_PAGE_SIZE),
});

export const extrasEndpoints = {
  saveExtras: defineEndpoint({
    method: 'POST',
    path: '/event/saveExtras',
    access: 'admin',
    summary: 'Create (or, with an id, update) an extra',
    body: ZSaveExtrasRequest,
    response: ZExtras,
  }),
  getExtras: defineEndpoint({
    method: 'GET',
    path: '/event/getExtras',
    access: 'admin',
    summary: "An event's extras, active or not",
    query: z.object({ eventId: ZId }),
    response: z.array(ZExtras),
  }),
  removeExtras: defineEndpoint({
    method: 'GET',
    path: '/event/removeExtras',
    access: 'admin',
    summary: 'Delete an extra',
    query: z.object({ extrasId: ZId, eventId: ZId }),
    response: z.object({ id: z.string() }),
  }),
  getExtrasByEventId: defineEndpoint({
    method: 'GET',
    path: '/extras/getExtrasByEventId',
    access: 'public',
    summary: "A published event's active extras",
    query: z.object({ eventId: ZId }),
    response: z.array(ZExtras),
  }),
  getExtrasByIds: defineEndpoint({
    method: 'GET',
    path: '/extras/getExtrasByIds',
    access: 'public',
    summary: 'Extras of published events by id',
    query: ZExtrasIdsQuery,
    response: z.array(ZExtras),
  }),
  getExtrasPurchasesByEventId: defineEndpoint({
    method: 'GET',
    path: '/extras/getExtrasPurchasesByEventId',
    access: 'admin',
    summary: "An event's paid extras purchases, newest first, filtered by redeemed or not, and paged",
    query: ZGetExtrasPurchasesQuery,
    response: z.object({ purchases: z.array(ZExtrasPurchaseListItem), total: z.number() }),
  }),
};

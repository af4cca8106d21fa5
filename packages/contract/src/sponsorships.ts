import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { LIST_CAPS, ZOptionalPage } from './lists';
import { ZMediaUrl } from './clubs';
import { ZCurrency } from './money';
import { ZExtras } from './extras';
import { REFUND_FIELDS, ZPaymentIntent, ZPaymentStatus, ZPaymentStatusFilter } from './registrations';
import { ZUploadedImage } from './system';
import { optionalText, requiredText, ZEmail, ZId } from './rules';

/** Donations are sponsorships without a package, of an amount the giver chooses (docs/product.md section 15). */
export const MIN_DONATION = 100;
export const MAX_DONATION = 10_000_000;

export const ZSponsorship = z.object({
  id: z.string(),
  eventId: z.string(),
  packageId: z.string().nullable(),
  packageName: z.string().nullable(),
  name: z.string(),
  email: z.string(),
  message: z.string().nullable(),
  /** The sponsor's logo, and whether the event page may show the sponsor once paid (docs/product.md section 21). */
  logoUrl: z.string().nullable(),
  showPublicly: z.boolean(),
  amount: z.number(),
  currency: ZCurrency,
  paymentStatus: ZPaymentStatus,
  refundedAmount: z.number(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
});
export type TSponsorship = z.infer<typeof ZSponsorship>;

export const ZCreateSponsorshipRequest = z
  .object({
    eventId: ZId,
    /** A package's amount is fixed; without a package it is a donation of `amount`. */
    packageId: ZId.optional().nullable(),
    amount: z
      .number({ error: 'Amount must be a number of minor units' })
      .int('Amount must be a whole number of minor units (for example 1050 for 10.50)')
      .min(MIN_DONATION, 'The smallest donation is 1.00')
      .max(MAX_DONATION, 'That amount is too large')
      .optional(),
    name: requiredText('Name', 120),
    email: ZEmail,
    message: optionalText('Message', 1000),
    /** An uploaded image (POST /sponsorship/uploadLogo) or an http(s) address, as a club logo. */
    logoUrl: ZMediaUrl,
    /** Show the sponsor's name and logo on the event page once paid (docs/product.md section 21); off unless chosen. */
    showPublicly: z.boolean({ error: 'showPublicly must be true or false' }).optional(),
    /**
     * Given with a registration of the same event (a buyer adding a donation to their tickets): its
     * id and its qrUuid, the buyer's secret, both or neither. The registration's admin then finds it
     * with /sponsorship/getSponsorshipsByRegistrationId.
     */
    registrationId: ZId.optional(),
    qrUuid: ZId.optional(),
  })
  .superRefine((value, ctx) => {
    if ((value.registrationId === undefined) === (value.qrUuid === undefined)) return;
    const missing = value.registrationId === undefined ? 'registrationId' : 'qrUuid';
    ctx.addIssue({ code: 'custom', path: [missing], message: 'Send registrationId and qrUuid together, or neither' });
  });
export type TCreateSponsorshipRequest = z.input<typeof ZCreateSponsorshipRequest>;

/** docs/product.md section 3: "The create response holds a sponsorship object", as an order's does (`{ order }`). */
export const ZCreateSponsorshipResponse = z.object({ sponsorship: ZSponsorship });
export type TCreateSponsorshipResponse = z.infer<typeof ZCreateSponsorshipResponse>;

export const ZExtrasPurchase = z.object({
  id: z.string(),
  eventId: z.string(),
  extras: ZExtras,
  email: z.string(),
  quantity: z.number(),
  amount: z.number(),
  currency: ZCurrency,
  qrUuid: z.string(),
  paymentStatus: ZPaymentStatus,
  refundedAmount: z.number(),
  redeemedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type TExtrasPurchase = z.infer<typeof ZExtrasPurchase>;

/** The QR of an extras purchase: {"x": purchaseId, "q": qrUuid}, redeemed once at the door. */
export function extrasQrText(purchaseId: string, qrUuid: string): string {
  return JSON.stringify({ x: purchaseId, q: qrUuid });
}

export const ZGetSponsorshipsQuery = z
  .object({
    eventId: ZId,
    /** Those of one payment status ('paid' includes those refunded in part: money is kept); absent: all of them. */
    paymentStatus: ZPaymentStatusFilter,
  })
  .extend(ZOptionalPage.shape);
export type TGetSponsorshipsQuery = z.input<typeof ZGetSponsorshipsQuery>;

/** Paid donations and sponsorships of one currency (an event has one; a changed currency adds a line). */
export const ZSponsorshipCurrencyTotal = z.object({
  currency: ZCurrency,
  total: z.number(),
  donations: z.number(),
  sponsorships: z.number(),
});

/** An event's donations and sponsorships counted and summed on the server: totals count only paid ones (docs/product.md section 4). */
export const ZSponsorshipTotals = z.object({
  /** Every donation and sponsorship of the event, paid or not. */
  count: z.number(),
  paidCount: z.number(),
  /** Paid ones without a package. */
  donationCount: z.number(),
  /** Paid ones with a package. */
  sponsorshipCount: z.number(),
  /** One line per currency paid in (at most the four currencies). */
  byCurrency: z.array(ZSponsorshipCurrencyTotal),
});
export type TSponsorshipTotals = z.infer<typeof ZSponsorshipTotals>;

/**
 * A refund of a donation, a sponsorship or extras bought alone (docs/product.md section 19): the same
 * rules as an order's. A full refund gives a sponsorship's package place back, and stops an extras
 * voucher at the door and puts its extras back on sale.
 */
export const ZRefundSponsorshipRequest = z.object({ sponsorshipId: ZId, ...REFUND_FIELDS });
export type TRefundSponsorshipRequest = z.input<typeof ZRefundSponsorshipRequest>;
export const ZRefundExtrasPurchaseRequest = z.object({ extrasPurchaseId: ZId, ...REFUND_FIELDS });
export type TRefundExtrasPurchaseRequest = z.input<typeof ZRefundExtrasPurchaseRequest>;

/** One sponsor as the public event page shows it: never an e-mail, a message or an amount. */
export const ZPublicSponsor = z.object({ name: z.string(), logoUrl: z.string().nullable() });
export const ZPublicSponsorPackage = z.object({
  packageId: z.string(),
  name: z.string(),
  amount: z.number(),
  /** Places left as a new sponsor would find them (pending ones within their hold count); null: no limit. */
  placesLeft: z.number().nullable(),
  sponsors: z.array(ZPublicSponsor),
});
export const ZPublicSponsors = z.object({ packages: z.array(ZPublicSponsorPackage) });
export type TPublicSponsors = z.infer<typeof ZPublicSponsors>;
export type TPublicSponsorPackage = z.infer<typeof ZPublicSponsorPackage>;

/** At most this many sponsors are listed per package on the public page. */
export const PUBLIC_SPONSORS_PER_PACKAGE = 100;

export const sponsorshipEndpoints = {
  getPublicSponsors: defineEndpoint({
    method: 'GET',
    path: '/sponsorship/getPublicSponsors',
    access: 'public',
    summary:
      "A published event's active packages in order, each with its places left (null: no limit) and the paid sponsors " +
      `who chose to be shown (name and logo only, at most ${PUBLIC_SPONSORS_PER_PACKAGE}); a draft or unknown event: 404`,
    query: z.object({ eventId: ZId }),
    response: ZPublicSponsors,
  }),
  uploadLogo: defineEndpoint({
    method: 'POST',
    path: '/sponsorship/uploadLogo',
    access: 'public',
    rateLimit: 'publicWrite',
    summary:
      'A sponsor\'s logo for a published event that takes sponsorships (multipart field "file", JPEG or PNG); ' +
      "answers its media URL, counted against the event's club's image quota",
    query: z.object({ eventId: ZId }),
    multipart: true,
    response: ZUploadedImage,
  }),
  refund: defineEndpoint({
    method: 'POST',
    path: '/sponsorship/refund',
    access: 'admin',
    summary:
      'Refund a paid donation or sponsorship through its payment provider, wholly (amount left out) or in part; ' +
      'more than is left: 400; the same refund twice or twice at once: refunded once',
    body: ZRefundSponsorshipRequest,
    response: z.object({ sponsorship: ZSponsorship }),
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/sponsorship/create',
    access: 'public',
    rateLimit: 'publicWrite',
    summary: "Start a donation or a sponsorship (pending until paid); a package's quantity taken: 409 SOLD_OUT",
    body: ZCreateSponsorshipRequest,
    response: ZCreateSponsorshipResponse,
  }),
  createSponsorshipPaymentIntent: defineEndpoint({
    method: 'POST',
    path: '/sponsorship/createSponsorshipPaymentIntent',
    access: 'public',
    rateLimit: 'publicWrite',
    summary: 'Start paying a donation or sponsorship',
    body: z.object({ sponsorshipId: ZId }),
    response: ZPaymentIntent,
  }),
  getSponsorshipsByEventId: defineEndpoint({
    method: 'GET',
    path: '/sponsorship/getSponsorshipsByEventId',
    access: 'admin',
    summary:
      "An event's donations and sponsorships, newest first: of one payment status with paymentStatus, a page of " +
      `them with page and pageSize, else the newest ${LIST_CAPS.sponsorships} (getSponsorshipTotalsByEventId sums them)`,
    query: ZGetSponsorshipsQuery,
    response: z.array(ZSponsorship),
  }),
  getSponsorshipTotalsByEventId: defineEndpoint({
    method: 'GET',
    path: '/sponsorship/getSponsorshipTotalsByEventId',
    access: 'admin',
    summary: 'How many donations and sponsorships an event has, and what the paid ones came to, per currency',
    query: z.object({ eventId: ZId }),
    response: ZSponsorshipTotals,
  }),
  getSponsorshipsByRegistrationId: defineEndpoint({
    method: 'GET',
    path: '/sponsorship/getSponsorshipsByRegistrationId',
    access: 'admin',
    summary: `Donations and sponsorships made with a registration, newest first (at most ${LIST_CAPS.sponsorshipsOfRegistration})`,
    query: z.object({ registrationId: ZId }),
    response: z.array(ZSponsorship),
  }),
  getSponsorshipById: defineEndpoint({
    method: 'GET',
    path: '/sponsorship/getSponsorshipById',
    access: 'admin',
    summary: 'One donation or sponsorship',
    query: z.object({ sponsorshipId: ZId }),
    response: ZSponsorship,
  }),
};

/** An extra bought on its own: which, how many, and where its voucher is mailed. */
export const ZPurchaseExtrasRequest = z.object({
  eventId: ZId,
  extrasId: ZId,
  quantity: z
    .number({ error: 'Enter how many' })
    .int('Quantity must be a whole number')
    .min(1, 'Quantity must be at least 1')
    .max(100, 'At most 100 at a time'),
  email: ZEmail,
});
export type TPurchaseExtrasRequest = z.input<typeof ZPurchaseExtrasRequest>;

export const extrasPurchaseEndpoints = {
  refund: defineEndpoint({
    method: 'POST',
    path: '/extrasPurchase/refund',
    access: 'admin',
    summary:
      'Refund extras bought alone through the payment provider, wholly (amount left out) or in part; a full refund ' +
      'stops the voucher at the door and puts the extras back on sale; the same refund twice: refunded once',
    body: ZRefundExtrasPurchaseRequest,
    response: z.object({ extrasPurchase: ZExtrasPurchase }),
  }),
  purchaseExtras: defineEndpoint({
    method: 'POST',
    path: '/extras/purchaseExtras',
    access: 'public',
    rateLimit: 'publicWrite',
    summary:
      'Buy an extra on its own (pending until paid); it gets its own QR. More than its quantity left: 409 SOLD_OUT',
    body: ZPurchaseExtrasRequest,
    response: ZExtrasPurchase,
  }),
};

import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { ZBuyerSecret } from './registrations';
import { ZId } from './rules';

/** One attendee's ticket, for its buyer or the attendee holding its link: the qrUuid is the secret. */
export const ZAttendeeSecret = ZBuyerSecret.extend({ attendeeId: ZId });

/**
 * The buyer's ticket documents (docs/product.md section 22), under the registration's paths: the
 * endpoint table merges them into `endpoints.registration` (index.ts).
 */
export const ticketDocumentEndpoints = {
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
};

import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { ZCurrency } from './money';

export const ZUploadedImage = z.object({ url: z.string() });

/** What any visitor may know about this installation (docs/product.md section 6 "/info"); nothing secret. */
export const ZInfo = z.object({
  name: z.literal('ClubTix'),
  /** The version of the product (the root package.json). */
  version: z.string(),
  paymentProvider: z.enum(['simulated', 'stripe']),
  /** No real money moves: the simulated provider, or Stripe with a test key. */
  testMode: z.boolean(),
  /** Whether POST /auth/register is open (ALLOW_SIGNUP). */
  signupAllowed: z.boolean(),
  currencies: z.array(ZCurrency),
});
export type TInfo = z.infer<typeof ZInfo>;

export const systemEndpoints = {
  health: defineEndpoint({
    method: 'GET',
    path: '/health',
    access: 'public',
    summary: 'Liveness: 200 when the database answers, 503 when it does not',
    response: z.object({ status: z.literal('ok') }),
  }),
  info: defineEndpoint({
    method: 'GET',
    path: '/info',
    access: 'public',
    summary: 'What this installation is: product name and version, payment provider and test mode, sign-up, currencies',
    response: ZInfo,
  }),
  uploadImage: defineEndpoint({
    method: 'POST',
    path: '/media/uploadImage',
    access: 'admin',
    summary: 'Upload a JPEG or PNG image (multipart field "file"); answers its media URL',
    multipart: true,
    response: ZUploadedImage,
  }),
};

/** The narrower copies the server makes of an upload for smaller screens: `/api/media/<name>?w=<width>`. */
export const MEDIA_WIDTHS = [480, 800, 1200] as const;

/**
 * The srcset of an upload of this server (its copies, then itself, stored at most 2000 px wide), so a
 * phone fetches the copy its screen needs; undefined for an image elsewhere.
 */
export function mediaSrcSet(url: string): string | undefined {
  if (!url.startsWith('/api/media/') || url.includes('?')) return undefined;
  return [...MEDIA_WIDTHS.map((width) => `${url}?w=${width} ${width}w`), `${url} 2000w`].join(', ');
}

/** Largest accepted image upload, in bytes. */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const IMAGE_TYPE_MESSAGE = 'Only JPEG or PNG images (.jpeg, .jpg, .png) can be uploaded';

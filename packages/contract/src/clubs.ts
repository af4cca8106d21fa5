import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { LIST_CAPS, ZOptionalPage } from './lists';
import { EMAIL_MESSAGE, requiredText, slugify, ZId } from './rules';
import { clearableText, saveRequest } from './save-request';

/** Where this server serves an uploaded image (POST /api/media/uploadImage answers such a path). */
const OWN_MEDIA_PATH = /^\/api\/media\/[A-Za-z0-9-]+\.(jpg|png)$/;
export const MAX_IMAGE_URL_LENGTH = 2048;
export const IMAGE_URL_MESSAGE = 'Image must be uploaded through the image upload or be an http:// or https:// address';

/**
 * An image address a page may put in an img src: this server's own upload, or an absolute http(s)
 * URL. Any other scheme (javascript:, data:, file:) or a relative path is refused.
 */
export function isImageUrl(value: string): boolean {
  if (OWN_MEDIA_PATH.test(value)) return true;
  // No white space or control characters: the stored text is the src as written.
  if (!/^https?:\/\/\S+$/i.test(value) || [...value].some((char) => char < ' ' || char === '\u007f')) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/**
 * A logo or banner: an uploaded image or an absolute http(s) URL. Empty or null means no image
 * (null); left out, it stays undefined, so an update keeps the image it has.
 */
export const ZMediaUrl = z
  .string({ error: IMAGE_URL_MESSAGE })
  .trim()
  .max(MAX_IMAGE_URL_LENGTH, `Image address must be at most ${MAX_IMAGE_URL_LENGTH} characters`)
  .refine((value) => value === '' || isImageUrl(value), IMAGE_URL_MESSAGE)
  .nullable()
  .optional()
  .transform((value) => (value === undefined ? undefined : value || null));

export const ZWebsite = z
  .string()
  .trim()
  .max(300, 'Website must be at most 300 characters')
  .refine((value) => value === '' || /^https?:\/\/[^\s]+$/.test(value), 'Website must start with http:// or https://')
  .nullable()
  .optional()
  .transform((value) => (value === undefined ? undefined : value || null));

/**
 * Where replies to the club's mails go (their Reply-To, docs/decisions/0067-the-club-as-sender.md): one
 * plain address, none of the characters that would make a header name two. Empty or null clears it
 * (the club's first admin answers then); left out, it stays undefined, so an update keeps it.
 */
export const ZContactEmail = z
  .string({ error: EMAIL_MESSAGE })
  .trim()
  .max(254, 'E-mail must be at most 254 characters')
  .refine((value) => value === '' || /^[^\s@,;:<>()"[\]\\]+@[^\s@,;:<>()"[\]\\]+$/.test(value), EMAIL_MESSAGE)
  .nullable()
  .optional()
  .transform((value) => (value === undefined ? undefined : value?.toLowerCase() || null));

export const ZClub = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  website: z.string().nullable(),
  logoUrl: z.string().nullable(),
  /** The friendly address of the club's page, /club/{slug}/event (docs/product.md section 21). */
  slug: z.string().nullable(),
  createdAt: z.string(),
});
export type TClub = z.infer<typeof ZClub>;

/**
 * A club as its admins read it: the public fields and the address replies to its mails go to (null:
 * its first admin's), which the public read leaves out since it may be someone's own.
 */
export const ZClubSettings = ZClub.extend({ contactEmail: z.string().nullable() });
export type TClubSettings = z.infer<typeof ZClubSettings>;

export const ZClubAdmin = z.object({ id: z.string(), name: z.string(), email: z.string() });

export const ZClubWithAdmins = ZClubSettings.extend({ admins: z.array(ZClubAdmin) });
export type TClubWithAdmins = z.infer<typeof ZClubWithAdmins>;

/** What a created club takes for the fields its body leaves out. */
export const CLUB_DEFAULTS = {
  description: null,
  website: null,
  logoUrl: null,
  slug: null,
  contactEmail: null,
} as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * A club's friendly address: the event slug's rule (slugify), empty or null clears it. A slug shaped
 * like a club id is refused, since /club/{id}/event must keep meaning that club
 * (docs/decisions/0041-link-previews-and-club-links.md).
 */
export const ZClubSlug = z
  .string({ error: 'Address must be text' })
  .max(120, 'Address must be at most 120 characters')
  .transform((value) => slugify(value) || null)
  .refine((value) => value === null || !UUID.test(value), 'Address cannot look like a club id')
  .nullable()
  .optional();

/** Create (sudo) with a name, or update (an id) only the fields sent: see save-request.ts. */
export const ZSaveClubRequest = saveRequest(
  { name: requiredText('Club name', 120) },
  {
    id: ZId.optional(),
    description: clearableText('Description', 2000),
    website: ZWebsite,
    logoUrl: ZMediaUrl,
    slug: ZClubSlug,
    contactEmail: ZContactEmail,
  },
);
export type TSaveClubRequest = z.input<typeof ZSaveClubRequest>;

export const ZClubIdQuery = z.object({ clubId: ZId });

/** The club page's read: a club id or its slug, as the address /club/{clubIdOrSlug}/event carries it. */
export const ZClubIdOrSlugQuery = z.object({
  clubId: z.string({ error: 'Id is required' }).trim().min(1, 'Id is required').max(200, 'Id is too long'),
});

export const clubEndpoints = {
  getAllClubs: defineEndpoint({
    method: 'GET',
    path: '/club/getAllClubs',
    access: 'admin',
    summary:
      'Clubs with their admins, by name: every club for sudo (those whose name contains search, when given), its ' +
      `own for an admin; a page of them with page and pageSize, else the first ${LIST_CAPS.clubs} (each with at most ` +
      `${LIST_CAPS.admins} admins)`,
    query: ZOptionalPage.extend({
      search: z.string().trim().max(120, 'Search is too long').optional(),
      /** Only this club, when the caller manages it (the club settings form reads its club so). */
      clubId: ZId.optional(),
    }),
    response: z.array(ZClubWithAdmins),
  }),
  getClub: defineEndpoint({
    method: 'GET',
    path: '/club/getClub',
    access: 'public',
    summary: 'One club, public fields only, by its id or its slug',
    query: ZClubIdOrSlugQuery,
    response: ZClub,
  }),
  save: defineEndpoint({
    method: 'POST',
    path: '/club/save',
    access: 'admin',
    summary: 'Create (sudo) or update a club (an id means update)',
    body: ZSaveClubRequest,
    response: ZClubSettings,
  }),
  removeClub: defineEndpoint({
    method: 'GET',
    path: '/club/removeClub',
    access: 'sudo',
    summary: 'Delete a club with everything it owns',
    query: ZClubIdQuery,
    response: z.object({ id: z.string() }),
  }),
};

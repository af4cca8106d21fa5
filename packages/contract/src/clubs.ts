import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { optionalText, requiredText, ZId } from './rules';

export const ZMediaUrl = z
  .string()
  .trim()
  .max(300)
  .regex(/^\/api\/media\/[A-Za-z0-9-]+\.(jpg|png)$/, 'Image must be uploaded through the image upload')
  .nullable()
  .optional()
  .transform((value) => value ?? null);

export const ZWebsite = z
  .string()
  .trim()
  .max(300, 'Website must be at most 300 characters')
  .refine((value) => value === '' || /^https?:\/\/[^\s]+$/.test(value), 'Website must start with http:// or https://')
  .nullable()
  .optional()
  .transform((value) => (value ? value : null));

export const ZClub = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  website: z.string().nullable(),
  logoUrl: z.string().nullable(),
  createdAt: z.string(),
});
export type TClub = z.infer<typeof ZClub>;

export const ZClubAdmin = z.object({ id: z.string(), name: z.string(), email: z.string() });

export const ZClubWithAdmins = ZClub.extend({ admins: z.array(ZClubAdmin) });
export type TClubWithAdmins = z.infer<typeof ZClubWithAdmins>;

export const ZSaveClubRequest = z.object({
  id: ZId.optional(),
  name: requiredText('Club name', 120),
  description: optionalText('Description', 2000),
  website: ZWebsite,
  logoUrl: ZMediaUrl,
});
export type TSaveClubRequest = z.input<typeof ZSaveClubRequest>;

export const ZClubIdQuery = z.object({ clubId: ZId });

export const clubEndpoints = {
  getAllClubs: defineEndpoint({
    method: 'GET',
    path: '/club/getAllClubs',
    access: 'admin',
    summary: 'Clubs with their admins: every club for sudo, its own for an admin',
    response: z.array(ZClubWithAdmins),
  }),
  getClub: defineEndpoint({
    method: 'GET',
    path: '/club/getClub',
    access: 'public',
    summary: 'One club, public fields only',
    query: ZClubIdQuery,
    response: ZClub,
  }),
  save: defineEndpoint({
    method: 'POST',
    path: '/club/save',
    access: 'admin',
    summary: 'Create (sudo) or update a club (an id means update)',
    body: ZSaveClubRequest,
    response: ZClub,
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

import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { money } from './money';
import { requiredText, ZId } from './rules';
import { clearableText, saveRequest } from './save-request';
import { optionalQuantity } from './tickets';

export const ZSponsorshipPackage = z.object({
  id: z.string(),
  eventId: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  amount: z.number(),
  benefits: z.array(z.string()),
  quantity: z.number().nullable(),
  isActive: z.boolean(),
});
export type TSponsorshipPackage = z.infer<typeof ZSponsorshipPackage>;

/** What a created package takes for the fields its body leaves out. */
export const PACKAGE_DEFAULTS = { description: null, benefits: [], quantity: null, isActive: true } as const;

/** Without an id: create (eventId, name and amount required). With one: update the fields sent. */
export const ZSavePackageRequest = saveRequest(
  { eventId: ZId, name: requiredText('Name', 120), amount: money('Amount') },
  {
    id: ZId.optional(),
    description: clearableText('Description', 2000),
    benefits: z
      .array(requiredText('Benefit', 200), { error: 'Benefits must be a list of texts' })
      .max(30, 'At most 30 benefits')
      .optional(),
    quantity: optionalQuantity('Quantity'),
    isActive: z.boolean().optional(),
  },
);
export type TSavePackageRequest = z.input<typeof ZSavePackageRequest>;

export const sponsorshipPackageEndpoints = {
  getPackagesByEventId: defineEndpoint({
    method: 'GET',
    optionalAuth: true,
    path: '/sponsorship-package/getPackagesByEventId',
    access: 'public',
    summary: "An event's sponsorship packages (active ones of a published event for the public)",
    query: z.object({ eventId: ZId }),
    response: z.array(ZSponsorshipPackage),
  }),
  getPackageById: defineEndpoint({
    method: 'GET',
    path: '/sponsorship-package/getPackageById',
    access: 'admin',
    summary: 'One sponsorship package',
    query: z.object({ packageId: ZId }),
    response: ZSponsorshipPackage,
  }),
  save: defineEndpoint({
    method: 'POST',
    path: '/sponsorship-package/save',
    access: 'admin',
    summary: 'Create (or, with an id, update) a sponsorship package',
    body: ZSavePackageRequest,
    response: ZSponsorshipPackage,
  }),
  deletePackage: defineEndpoint({
    method: 'DELETE',
    path: '/sponsorship-package/deletePackage',
    access: 'admin',
    summary: 'Delete a sponsorship package',
    body: z.object({ packageId: ZId }),
    response: z.object({ id: z.string() }),
  }),
  updateStatus: defineEndpoint({
    method: 'POST',
    path: '/sponsorship-package/updateStatus',
    access: 'admin',
    summary: 'Activate or deactivate a sponsorship package',
    body: z.object({ packageId: ZId, isActive: z.boolean({ error: 'isActive must be true or false' }) }),
    response: ZSponsorshipPackage,
  }),
};

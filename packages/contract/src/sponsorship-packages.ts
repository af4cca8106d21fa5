import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { money } from './money';
import { optionalText, requiredText, ZId } from './rules';
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

export const ZSavePackageRequest = z.object({
  id: ZId.optional(),
  eventId: ZId,
  name: requiredText('Name', 120),
  description: optionalText('Description', 2000),
  amount: money('Amount'),
  benefits: z
    .array(requiredText('Benefit', 200), { error: 'Benefits must be a list of texts' })
    .max(30, 'At most 30 benefits')
    .default([]),
  quantity: optionalQuantity('Quantity'),
  isActive: z.boolean().default(true),
});
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

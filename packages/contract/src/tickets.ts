import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { dateTime } from './events';
import { money } from './money';
import { optionalText, requiredText, ZId } from './rules';

export const ZTicket = z.object({
  id: z.string(),
  eventId: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  price: z.number(),
  /** null = unlimited */
  quantity: z.number().nullable(),
  sold: z.number(),
  /** null = unlimited */
  available: z.number().nullable(),
  maxPerOrder: z.number(),
  salesStartAt: z.string().nullable(),
  salesEndAt: z.string().nullable(),
  isActive: z.boolean(),
  position: z.number(),
});
export type TTicket = z.infer<typeof ZTicket>;

export function optionalQuantity(label: string) {
  return z
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .min(0, `${label} cannot be negative`)
    .max(1_000_000, `${label} is too large`)
    .nullable()
    .optional()
    .transform((value) => value ?? null);
}

export const ZSaveTicketRequest = z
  .object({
    id: ZId.optional(),
    eventId: ZId,
    name: requiredText('Name', 120),
    description: optionalText('Description', 2000),
    price: money('Price'),
    quantity: optionalQuantity('Quantity'),
    maxPerOrder: z
      .number({ error: 'Per-order limit must be a number' })
      .int('Per-order limit must be a whole number')
      .min(1, 'Per-order limit must be at least 1')
      .max(100, 'Per-order limit must be at most 100')
      .default(10),
    salesStartAt: dateTime('Sales start')
      .nullable()
      .optional()
      .transform((v) => v ?? null),
    salesEndAt: dateTime('Sales end')
      .nullable()
      .optional()
      .transform((v) => v ?? null),
    isActive: z.boolean().default(true),
    position: z.number().int().min(0).max(10_000).optional(),
  })
  .superRefine((value, ctx) => {
    if (value.salesStartAt && value.salesEndAt && Date.parse(value.salesEndAt) < Date.parse(value.salesStartAt)) {
      ctx.addIssue({ code: 'custom', path: ['salesEndAt'], message: 'Sales end must not be before sales start' });
    }
  });
export type TSaveTicketRequest = z.input<typeof ZSaveTicketRequest>;

export const ticketEndpoints = {
  getTicketsByEventId: defineEndpoint({
    method: 'GET',
    optionalAuth: true,
    path: '/ticket/getTicketsByEventId',
    access: 'public',
    summary: "An event's ticket types with what is left (active ones of a published event for the public)",
    query: z.object({ eventId: ZId }),
    response: z.array(ZTicket),
  }),
  getTicketById: defineEndpoint({
    method: 'GET',
    optionalAuth: true,
    path: '/ticket/getTicketById',
    access: 'public',
    summary: 'One ticket type',
    query: z.object({ ticketId: ZId }),
    response: ZTicket,
  }),
  save: defineEndpoint({
    method: 'POST',
    path: '/ticket/save',
    access: 'admin',
    summary: 'Create (or, with an id, update) a ticket type',
    body: ZSaveTicketRequest,
    response: ZTicket,
  }),
  removeTicket: defineEndpoint({
    method: 'DELETE',
    path: '/ticket/removeTicket',
    access: 'admin',
    summary: 'Delete a ticket type that has no sales (deactivate it otherwise)',
    body: z.object({ ticketId: ZId }),
    response: z.object({ id: z.string() }),
  }),
};

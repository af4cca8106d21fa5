import { z } from 'zod';
import { said } from './validation-text';
import { defineEndpoint } from './endpoint';
import { clearableDateTime } from './events';
import { money } from './money';
import { requiredText, ZId } from './rules';
import { checkInstantOrder, clearableText, saveRequest, type InstantOrder } from './save-request';

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
  /** Tickets in unpaid holds and open waiting-list offers: they come back on sale if those lapse. */
  held: z.number(),
  /** When the soonest of those holds lapses (ISO), only where `available` is 0 and `held` is more; null otherwise. */
  heldUntil: z.string().nullable(),
  maxPerOrder: z.number(),
  salesStartAt: z.string().nullable(),
  salesEndAt: z.string().nullable(),
  isActive: z.boolean(),
  /** Offered only with an access code that names it (docs/product.md section 19). */
  hidden: z.boolean(),
  position: z.number(),
});
export type TTicket = z.infer<typeof ZTicket>;

/** null = unlimited; left out, it stays undefined (an update keeps the quantity it has). */
export function optionalQuantity(label: string) {
  return z
    .number({ error: said('{label} must be a number', { label }) })
    .int(said('{label} must be a whole number', { label }))
    .min(0, said('{label} cannot be negative', { label }))
    .max(1_000_000, said('{label} is too large', { label }))
    .nullable()
    .optional();
}

export const TICKET_INSTANT_ORDER = [
  { start: 'salesStartAt', end: 'salesEndAt', message: 'Sales end must not be before sales start' },
] as const satisfies readonly InstantOrder[];

/** What a created ticket type takes for the fields its body leaves out (position: after the last one). */
export const TICKET_DEFAULTS = {
  description: null,
  quantity: null,
  maxPerOrder: 10,
  salesStartAt: null,
  salesEndAt: null,
  isActive: true,
  hidden: false,
} as const;

/** Without an id: create (eventId, name and price required). With one: update the fields sent. */
export const ZSaveTicketRequest = saveRequest(
  { eventId: ZId, name: requiredText('Name', 120), price: money('Price') },
  {
    id: ZId.optional(),
    description: clearableText('Description', 2000),
    quantity: optionalQuantity('Quantity'),
    maxPerOrder: z
      .number({ error: 'Per-order limit must be a number' })
      .int('Per-order limit must be a whole number')
      .min(1, 'Per-order limit must be at least 1')
      .max(100, 'Per-order limit must be at most 100')
      .optional(),
    salesStartAt: clearableDateTime('Sales start'),
    salesEndAt: clearableDateTime('Sales end'),
    isActive: z.boolean().optional(),
    hidden: z.boolean().optional(),
    position: z.number().int().min(0).max(10_000).optional(),
  },
).superRefine(checkInstantOrder(TICKET_INSTANT_ORDER));
export type TSaveTicketRequest = z.input<typeof ZSaveTicketRequest>;

export const ticketEndpoints = {
  getTicketsByEventId: defineEndpoint({
    method: 'GET',
    optionalAuth: true,
    path: '/ticket/getTicketsByEventId',
    access: 'public',
    summary:
      "An event's ticket types with what is left (active ones of a published event for the public; hidden ones " +
      'only with an access code that names them; a code counts as a public write and as a guess at the codes)',
    query: z.object({ eventId: ZId, code: z.string().trim().max(40, 'Code is too long').optional() }),
    response: z.array(ZTicket),
    rateLimit: 'publicWrite',
    rateLimitOnlyWith: 'code',
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

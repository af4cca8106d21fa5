import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { ZId } from './rules';

/**
 * The event's money at a glance (docs/product.md section 21; docs/decisions/0039-sales-report.md). Amounts
 * are minor units of `currency`, from paid money only: gross is what was paid (after discounts, before
 * refunds), net = gross - refunded.
 */
export const ZEventSales = z.object({
  eventId: z.string(),
  currency: z.string(),
  timezone: z.string(),
  gross: z.number(),
  refunded: z.number(),
  net: z.number(),
  /** Tickets of paid orders whose registration still stands (a release on refund takes them out). */
  ticketsSold: z.number(),
  byTicket: z.array(z.object({ ticketId: z.string(), name: z.string(), sold: z.number(), gross: z.number() })),
  extras: z.object({ sold: z.number(), gross: z.number() }),
  donations: z.number(),
  sponsorships: z.number(),
  /** Per day of payment in the event's time zone (yyyy-mm-dd), first to last, days without sales included. */
  byDay: z.array(z.object({ date: z.string(), tickets: z.number(), gross: z.number() })),
});
export type TEventSales = z.infer<typeof ZEventSales>;

export const reportEndpoints = {
  getEventSales: defineEndpoint({
    method: 'GET',
    path: '/report/getEventSales',
    access: 'admin',
    summary:
      "An event's sales from paid money: gross, refunded and net, by ticket type, extras, donations, sponsorships and by day",
    query: z.object({ eventId: ZId }),
    response: ZEventSales,
  }),
};

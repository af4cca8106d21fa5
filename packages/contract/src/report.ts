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
  /**
   * Each ticket type's and the extras' share of the money: gross after the order's discount, refunded
   * (an order's refund spread over its lines by their shares), net = gross - refunded; sold leaves out
   * what a refund released (docs/decisions/0069-money-screens-agree.md).
   */
  byTicket: z.array(
    z.object({
      ticketId: z.string(),
      name: z.string(),
      sold: z.number(),
      gross: z.number(),
      refunded: z.number(),
      net: z.number(),
    }),
  ),
  extras: z.object({ sold: z.number(), gross: z.number(), refunded: z.number(), net: z.number() }),
  donations: z.number(),
  sponsorships: z.number(),
  /**
   * The season passes admitting to this event (passes.ts): holders whose pass is paid and whose place
   * still stands, and the event's share of what the passes paid for it (each pass's amount divided by
   * its series' events). Kept apart from gross: a pass's money is the series', counted once.
   */
  passes: z.object({ sold: z.number(), gross: z.number() }),
  /** Per day of payment in the event's time zone (yyyy-mm-dd), first to last, days without sales included. */
  byDay: z.array(z.object({ date: z.string(), tickets: z.number(), gross: z.number() })),
});
export type TEventSales = z.infer<typeof ZEventSales>;

/** Paid money in one currency (a club may sell in several). */
export const ZMoneyTotals = z.object({
  currency: z.string(),
  gross: z.number(),
  refunded: z.number(),
  net: z.number(),
});
export type TMoneyTotals = z.infer<typeof ZMoneyTotals>;

/** The admin dashboard's view of a club: its takings, and its coming events at a glance. */
export const ZClubSales = z.object({
  clubId: z.string(),
  /** Every event's paid money, per currency (the same definitions as getEventSales). */
  totals: z.array(ZMoneyTotals),
  /** Events not yet ended, soonest first (at most 20): tickets sold (the tickets page's count) and net. */
  upcoming: z.array(
    z.object({
      eventId: z.string(),
      title: z.string(),
      startDate: z.string(),
      status: z.string(),
      ticketsSold: z.number(),
      capacity: z.number().nullable(),
      currency: z.string(),
      net: z.number(),
    }),
  ),
});
export type TClubSales = z.infer<typeof ZClubSales>;

export const ZAllClubSales = z.object({
  clubs: z.array(z.object({ clubId: z.string(), name: z.string(), totals: z.array(ZMoneyTotals) })),
});
export type TAllClubSales = z.infer<typeof ZAllClubSales>;

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
  getClubSales: defineEndpoint({
    method: 'GET',
    path: '/report/getClubSales',
    access: 'admin',
    summary: "A club's paid money per currency and its coming events with tickets sold and net (the admin dashboard)",
    query: z.object({ clubId: ZId }),
    response: ZClubSales,
  }),
  getAllClubSales: defineEndpoint({
    method: 'GET',
    path: '/report/getAllClubSales',
    access: 'sudo',
    summary: "Every club's paid money per currency (the super user's dashboard)",
    response: ZAllClubSales,
  }),
};

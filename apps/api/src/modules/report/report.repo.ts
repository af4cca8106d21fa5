import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  discounts,
  events,
  extrasPurchases,
  orderItems,
  orders,
  passPurchases,
  registrations,
  sponsorships,
  tickets,
} from '../../db/schema';

/**
 * Money that was paid (docs/decisions/0039-sales-report.md): refunded money stays in gross and shows in
 * refunded; a payment that came after its hold lapsed (refund_required) was paid too.
 */
export const PAID_MONEY = ['paid', 'partially_refunded', 'refunded', 'refund_required'];

interface EventScope {
  id: string;
  clubId: string;
  timezone: string;
}

const payDay = (paidAt: unknown, createdAt: unknown, timezone: string) =>
  sql<string>`to_char(coalesce(${paidAt}, ${createdAt}) AT TIME ZONE ${timezone}, 'YYYY-MM-DD')`;

export interface PaidOrderLine {
  orderId: string;
  orderAmount: number;
  discountAmount: number;
  refundedAmount: number;
  day: string;
  /** The registration still stands: its tickets count as sold. */
  standing: boolean;
  kind: string;
  ticketId: string | null;
  /** The order's code names this line's ticket (or names none, or is gone): the discount is taken here. */
  discounted: boolean;
  quantity: number;
  amount: number;
}

/** Every line of the event's paid orders, with its order's money and day of payment. */
export async function paidOrderLines(db: DbOrTx, event: EventScope): Promise<PaidOrderLine[]> {
  return db
    .select({
      orderId: orders.id,
      orderAmount: orders.amount,
      discountAmount: orders.discountAmount,
      refundedAmount: orders.refundedAmount,
      day: payDay(orders.paidAt, orders.createdAt, event.timezone),
      standing: sql<boolean>`${registrations.status} = 'confirmed'`,
      kind: orderItems.kind,
      ticketId: orderItems.ticketId,
      discounted: sql<boolean>`coalesce(cardinality(${discounts.ticketIds}) = 0 OR ${orderItems.ticketId} = ANY(${discounts.ticketIds}), true)`,
      quantity: orderItems.quantity,
      amount: orderItems.amount,
    })
    .from(orders)
    .innerJoin(registrations, eq(registrations.id, orders.registrationId))
    .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
    .leftJoin(discounts, eq(discounts.id, orders.discountId))
    .where(
      and(eq(orders.eventId, event.id), eq(orders.clubId, event.clubId), inArray(orders.paymentStatus, PAID_MONEY)),
    )
    .orderBy(orders.id, orderItems.id);
}

export interface PaidPayment {
  day: string;
  quantity: number;
  amount: number;
  refundedAmount: number;
}

/** Extras bought on their own (those of an order are its lines). */
export async function paidExtrasAlone(db: DbOrTx, event: EventScope): Promise<PaidPayment[]> {
  return db
    .select({
      day: payDay(extrasPurchases.paidAt, extrasPurchases.createdAt, event.timezone),
      quantity: extrasPurchases.quantity,
      amount: extrasPurchases.amount,
      refundedAmount: extrasPurchases.refundedAmount,
    })
    .from(extrasPurchases)
    .where(
      and(
        eq(extrasPurchases.eventId, event.id),
        eq(extrasPurchases.clubId, event.clubId),
        isNull(extrasPurchases.orderId),
        inArray(extrasPurchases.paymentStatus, PAID_MONEY),
      ),
    );
}

/** Donations (no package) and sponsorships. */
export async function paidSponsorships(
  db: DbOrTx,
  event: EventScope,
): Promise<(PaidPayment & { donation: boolean })[]> {
  return db
    .select({
      day: payDay(sponsorships.paidAt, sponsorships.createdAt, event.timezone),
      quantity: sql<number>`1`.mapWith(Number),
      amount: sponsorships.amount,
      refundedAmount: sponsorships.refundedAmount,
      donation: sql<boolean>`${sponsorships.packageId} IS NULL`,
    })
    .from(sponsorships)
    .where(
      and(
        eq(sponsorships.eventId, event.id),
        eq(sponsorships.clubId, event.clubId),
        inArray(sponsorships.paymentStatus, PAID_MONEY),
      ),
    );
}

/** The event's ticket types, in the order the tickets page shows them, sold or not. */
export async function eventTicketNames(db: DbOrTx, event: EventScope): Promise<{ id: string; name: string }[]> {
  return (
    db
      .select({ id: tickets.id, name: tickets.name })
      .from(tickets)
      // A season pass's own type is no ticket on sale: its holders are the report's passes.
      .where(and(eq(tickets.eventId, event.id), eq(tickets.clubId, event.clubId), isNull(tickets.passId)))
      .orderBy(tickets.position, tickets.createdAt, tickets.id)
  );
}

export interface PaidPassPlace {
  amount: number;
  /** The events of the pass's series, among which its amount is shared. */
  dates: number;
  /** The place still stands: the holder is admitted. */
  standing: boolean;
}

/** The places at this event of season passes that were paid (docs/decisions/0080-series-and-passes.md). */
export async function paidPassPlaces(db: DbOrTx, event: EventScope): Promise<PaidPassPlace[]> {
  return db
    .select({
      amount: passPurchases.amount,
      dates: sql<number>`(SELECT count(*) FROM ${events} e WHERE e.series_id = ${passPurchases.seriesId})::int`,
      standing: sql<boolean>`${registrations.status} = 'confirmed'`,
    })
    .from(registrations)
    .innerJoin(passPurchases, eq(passPurchases.id, registrations.passPurchaseId))
    .where(
      and(
        eq(registrations.eventId, event.id),
        eq(registrations.clubId, event.clubId),
        inArray(passPurchases.paymentStatus, PAID_MONEY),
      ),
    );
}

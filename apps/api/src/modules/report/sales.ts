import type { TEventSales } from '@clubtix/contract';
import { everyDay } from '../../core/local-time';
import type { PaidOrderLine, PaidPassPlace, PaidPayment } from './report.repo';

export interface SalesInput {
  event: { id: string; currency: string; timezone: string };
  ticketNames: { id: string; name: string }[];
  orderLines: PaidOrderLine[];
  extrasAlone: PaidPayment[];
  sponsorships: (PaidPayment & { donation: boolean })[];
  passPlaces?: PaidPassPlace[];
}

/**
 * An order's discount is taken from the ticket lines its code names (extras are never discounted; all
 * ticket lines when the code names none or is deleted), in proportion to their amounts, the remainder
 * unit by unit to the largest remainders first: the lines then add up to the order's amount to the
 * minor unit (docs/decisions/0039-sales-report.md).
 */
export function ticketLineShares(lines: PaidOrderLine[]): Map<PaidOrderLine, number> {
  const shares = new Map<PaidOrderLine, number>();
  const allTickets = lines.filter((line) => line.kind === 'ticket');
  const named = allTickets.filter((line) => line.discounted && line.amount > 0);
  const ticketLines = named.length > 0 ? named : allTickets;
  const discount = lines[0]?.discountAmount ?? 0;
  const base = ticketLines.reduce((sum, line) => sum + line.amount, 0);
  for (const line of lines) shares.set(line, line.amount);
  if (discount === 0 || base === 0) return shares;
  let left = discount;
  const cuts = ticketLines.map((line) => {
    const exact = (discount * line.amount) / base;
    const cut = Math.floor(exact);
    left -= cut;
    return { line, cut, rest: exact - cut };
  });
  cuts.sort((a, b) => b.rest - a.rest || b.line.amount - a.line.amount);
  for (const entry of cuts) {
    const extra = left > 0 ? 1 : 0;
    left -= extra;
    shares.set(entry.line, entry.line.amount - entry.cut - extra);
  }
  return shares;
}

/**
 * An order's refund spread over its lines in proportion to their shares, the remainder unit by unit to
 * the largest remainders first, so the lines' refunds add up to the order's to the minor unit.
 */
export function refundShares(shares: Map<PaidOrderLine, number>, refunded: number): Map<PaidOrderLine, number> {
  const cuts = new Map<PaidOrderLine, number>();
  const base = [...shares.values()].reduce((sum, share) => sum + share, 0);
  for (const line of shares.keys()) cuts.set(line, 0);
  if (refunded === 0 || base === 0) return cuts;
  let left = refunded;
  const parts = [...shares].map(([line, share]) => {
    const exact = (refunded * share) / base;
    const cut = Math.floor(exact);
    left -= cut;
    return { line, cut, rest: exact - cut, share };
  });
  parts.sort((a, b) => b.rest - a.rest || b.share - a.share);
  for (const part of parts) {
    const extra = left > 0 ? 1 : 0;
    left -= extra;
    cuts.set(part.line, part.cut + extra);
  }
  return cuts;
}

function groupByOrder(lines: PaidOrderLine[]): PaidOrderLine[][] {
  const orders = new Map<string, PaidOrderLine[]>();
  for (const line of lines) orders.set(line.orderId, [...(orders.get(line.orderId) ?? []), line]);
  return [...orders.values()];
}

const daySeries = (days: Map<string, { tickets: number; gross: number }>): TEventSales['byDay'] =>
  everyDay(days, { tickets: 0, gross: 0 }).map(({ date, value }) => ({ date, ...value }));

interface MoneyRow {
  sold: number;
  gross: number;
  refunded: number;
  net: number;
}

const addMoney = (row: MoneyRow, gross: number, refunded: number) => {
  row.gross += gross;
  row.refunded += refunded;
  row.net = row.gross - row.refunded;
};

/**
 * GET /report/getEventSales (docs/product.md section 21; docs/decisions/0069-money-screens-agree.md): paid
 * money, shaped for the sales page. Every row carries gross (after discounts), refunded and net, and the
 * rows with donations and sponsorships add up to the totals; a ticket or extra whose refund released it
 * is no longer sold.
 */
export function buildSales(input: SalesInput): TEventSales {
  const emptyRow = (ticketId: string, name: string) => ({ ticketId, name, sold: 0, gross: 0, refunded: 0, net: 0 });
  const byTicket = new Map(input.ticketNames.map((t) => [t.id, emptyRow(t.id, t.name)]));
  const days = new Map<string, { tickets: number; gross: number }>();
  const onDay = (day: string, tickets: number, gross: number) => {
    const entry = days.get(day) ?? { tickets: 0, gross: 0 };
    days.set(day, { tickets: entry.tickets + tickets, gross: entry.gross + gross });
  };
  const extras: MoneyRow = { sold: 0, gross: 0, refunded: 0, net: 0 };
  let refunded = 0;
  for (const order of groupByOrder(input.orderLines)) {
    refunded += order[0]!.refundedAmount;
    const shares = ticketLineShares(order);
    const refunds = refundShares(shares, order[0]!.refundedAmount);
    for (const [line, share] of shares) {
      const lineRefund = refunds.get(line) ?? 0;
      if (line.kind === 'ticket' && line.ticketId) {
        const entry = byTicket.get(line.ticketId) ?? emptyRow(line.ticketId, '');
        addMoney(entry, share, lineRefund);
        if (line.standing) entry.sold += line.quantity;
        byTicket.set(line.ticketId, entry);
        onDay(line.day, line.quantity, share);
      } else {
        addMoney(extras, share, lineRefund);
        if (line.standing) extras.sold += line.quantity;
        onDay(line.day, 0, share);
      }
    }
  }
  for (const bought of input.extrasAlone) {
    addMoney(extras, bought.amount, bought.refundedAmount);
    // A full refund stops the voucher at the door (modules/purchase/payables/extras.payable.ts).
    if (bought.refundedAmount < bought.amount) extras.sold += bought.quantity;
    refunded += bought.refundedAmount;
    onDay(bought.day, 0, bought.amount);
  }
  let donations = 0;
  let sponsorshipTotal = 0;
  for (const gift of input.sponsorships) {
    if (gift.donation) donations += gift.amount;
    else sponsorshipTotal += gift.amount;
    refunded += gift.refundedAmount;
    onDay(gift.day, 0, gift.amount);
  }
  // Each pass's share of its amount at this event: the amount over its series' events.
  const passes = { sold: 0, gross: 0 };
  for (const place of input.passPlaces ?? []) {
    if (place.standing) passes.sold += 1;
    passes.gross += Math.round(place.amount / Math.max(1, place.dates));
  }
  const ticketRows = [...byTicket.values()];
  const gross = ticketRows.reduce((sum, row) => sum + row.gross, 0) + extras.gross + donations + sponsorshipTotal;
  return {
    eventId: input.event.id,
    currency: input.event.currency,
    timezone: input.event.timezone,
    gross,
    refunded,
    net: gross - refunded,
    ticketsSold: ticketRows.reduce((sum, row) => sum + row.sold, 0),
    byTicket: ticketRows,
    extras,
    donations,
    sponsorships: sponsorshipTotal,
    passes,
    byDay: daySeries(days),
  };
}

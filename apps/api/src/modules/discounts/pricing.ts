import type { TDiscount } from '@clubtix/contract';

type TDiscountKind = TDiscount['kind'];

/** One line of tickets as priced: the ticket type, how many, and what one costs (minor units). */
export interface TicketLine {
  ticketId: string;
  quantity: number;
  unitPrice: number;
}

/** What of a code the price needs; `ticketIds` empty: every ticket. */
export interface DiscountTerms {
  kind: TDiscountKind;
  value: number;
  ticketIds: readonly string[];
}

export const NOT_APPLICABLE_MESSAGE = 'This code does not apply to the tickets you chose';

/** Whether a code takes anything off this ticket type (docs/decisions/0028-discount-and-access-codes.md). */
export const appliesTo = (terms: Pick<DiscountTerms, 'ticketIds'>, ticketId: string) =>
  terms.ticketIds.length === 0 || terms.ticketIds.includes(ticketId);

/**
 * What a code takes off the ticket lines, in minor units (docs/product.md section 19): a percent of
 * the eligible lines' total, rounded once on that total (half up); an amount off each eligible
 * ticket, never below nothing per ticket. Extras are never discounted, so only ticket lines come
 * here. Null when the code applies to none of the chosen tickets.
 */
export function discountOff(lines: readonly TicketLine[], terms: DiscountTerms): number | null {
  const eligible = lines.filter((line) => line.quantity > 0 && appliesTo(terms, line.ticketId));
  if (eligible.length === 0) return null;
  if (terms.kind === 'percent') {
    const total = eligible.reduce((sum, line) => sum + line.quantity * line.unitPrice, 0);
    // Integer arithmetic: half up without floating-point error (1.5p of 3p at 50% is 2p).
    return Math.floor((total * Math.min(terms.value, 100) + 50) / 100);
  }
  return eligible.reduce((sum, line) => sum + line.quantity * Math.min(terms.value, Math.max(0, line.unitPrice)), 0);
}

import type { TLanguage, TOrder, TRegistration, ZInitRegistrationRequest } from '@clubtix/contract';
import type { z } from 'zod';
import type { Deps } from '../../../core/deps';
import { toOrderDto } from '../orders.mapper';
import { priceCode } from '../../discounts/code-uses';
import { findEventWithTickets } from '../../tickets/tickets.repo';
import { expireLapsedHolds, releaseEarlierHolds } from './holds.repo';
import { isOverLimit, mergeLines, type TicketLine } from '../seats.repo';
import { holderOf } from './hold-limits';
import { holderLockKeys } from './hold-limits.repo';
import { holdInBatch, type HoldOutcome, type HoldRequest } from './batched-holds.repo';
import { holdRefusal } from './hold-refusals';
import { toRegistrationDto } from '../registrations.mapper';

type HoldInput = z.output<typeof ZInitRegistrationRequest>;
type Hold = { registration: TRegistration; order: TOrder };

/**
 * Step 1 of buying (docs/product.md section 15): holds the tickets for RESERVATION_MINUTES. Every
 * rule of a hold (the sale's windows, the order's and each ticket type's maximum, access codes, the
 * hold limits of the buyer's e-mail and client address, the code's uses, the seats left) is decided
 * by one statement, db/functions/clubtix_hold.sql, shared with the holds of the same event arriving
 * meanwhile (docs/decisions/0051-batched-holds.md); a refusal comes back as a reason code that
 * hold-refusals.ts words, and nothing is held. When too few are left, lapsed holds of this event are
 * released and it tries once more, so a seat freed a moment ago is not refused. `language` (the
 * request's) is recorded: the buyer's mails speak it. A buyer who holds again for the same event
 * with the same e-mail lets their earlier unpaid hold go (releaseEarlierHolds, DECISIONS 23).
 */
export async function initRegistration(deps: Deps, input: HoldInput, ip: string, language: TLanguage): Promise<Hold> {
  const lines = mergeLines(input.tickets);
  const holder = holderOf(deps.config, input.eventId, input.email, ip);
  // A code's earlier hold is let go before the code is priced, so its use is free again for this one.
  const startedOver = input.discountCode ? await releaseEarlierHolds(deps.db, input.eventId, [input.email]) : 0;
  try {
    const code = input.discountCode ? await priceTypedCode(deps, input.eventId, input.discountCode, lines, ip) : null;
    const request: HoldRequest = {
      eventId: input.eventId,
      email: input.email,
      language,
      address: holder.address,
      lockKeys: holderLockKeys(holder),
      lines,
      discount: code?.discount ?? null,
      openedTickets: code?.row.ticketIds ?? [],
      reservationMinutes: deps.config.reservationMinutes,
      holdsPerAddress: deps.config.holdsPerAddress,
    };
    const held = await holdReleasingLapsed(deps, request);
    const tickets = lines.reduce((sum, line) => sum + line.quantity, 0);
    if (held.outcome !== 'held') {
      deps.metrics.ticketsRefused.inc({ reason: held.outcome }, tickets);
      throw await holdRefusal(deps, held, request, holder);
    }
    deps.metrics.ticketsHeld.inc(tickets);
    return {
      registration: toRegistrationDto(held.registration, held.party),
      order: toOrderDto(held.order, held.items),
    };
  } finally {
    if (startedOver > 0) deps.seatsFreed?.(input.eventId);
  }
}

/** The hold, and once more after releasing this event's lapsed holds when it found too few seats. */
async function holdReleasingLapsed(deps: Deps, request: HoldRequest): Promise<HoldOutcome> {
  const attempt = () =>
    holdInBatch(deps.db, request, deps.seatsFreed).catch((error: unknown): HoldOutcome => {
      // Past a counter's CHECK constraint, which the statement's own count should never let happen.
      if (!isOverLimit(error)) throw error;
      return { outcome: 'sold_out', ticketName: null, number: null, timezone: null, ticketNames: [] };
    });
  const held = await attempt();
  if (held.outcome !== 'sold_out') return held;
  const released = await expireLapsedHolds(deps.db, { eventId: request.eventId, seatsFreed: deps.seatsFreed });
  return released === 0 ? held : attempt();
}

/**
 * A code typed with the hold, checked and priced against the lines at their current prices
 * (discounts/code-uses.ts); its use is taken by the hold's statement. A line of a ticket type the
 * event does not sell is priced at nothing: the statement refuses it.
 */
async function priceTypedCode(deps: Deps, eventId: string, code: string, lines: TicketLine[], ip: string) {
  const offer = await findEventWithTickets(
    deps.db,
    eventId,
    lines.map((line) => line.ticketId),
  );
  const prices = new Map(offer?.tickets.map((ticket) => [ticket.id, ticket.price]));
  return priceCode(
    deps.db,
    eventId,
    code,
    lines.map((line) => ({ ...line, unitPrice: prices.get(line.ticketId) ?? 0 })),
    ip,
  );
}

import type { TLanguage, TOrder, TRegistration, ZInitRegistrationRequest } from '@clubtix/contract';
import type { z } from 'zod';
import type { EventRow, TicketRow } from '../../../db/schema';
import { type AppError, badInput, conflict, notFound, soldOut, say } from '../../../core/errors';
import { transactionStartingWith } from '../../../db/transaction-ending-with';
import type { Deps } from '../../../core/deps';
import { toOrderDto } from '../orders.mapper';
import { insertOrder } from '../orders.repo';
import { assertAccessOpened, priceCode, takeCodeUse } from '../../discounts/code-uses';
import { findEventWithTickets } from '../../tickets/tickets.repo';
import { expireLapsedHolds, releaseEarlierHolds } from './holds.repo';
import { isOverLimit, mergeLines, seatIncrements, type TicketLine } from '../seats.repo';
import { withCounterGate } from '../counter-gate';
import { assertWithinHoldLimits, holderOf } from './hold-limits';
import { holderLockKeys, holderLocks } from './hold-limits.repo';
import { holdInBatch, type HoldRequest } from './batched-holds.repo';
import { toRegistrationDto } from '../registrations.mapper';
import { insertAttendeeSlots, insertRegistration } from '../registrations.repo';

function assertOnSale(event: EventRow | undefined, now: Date): asserts event is EventRow {
  if (!event || event.status !== 'published') throw notFound('Event');
  if (event.endDate < now) throw conflict('This event has ended');
  if (event.registrationOpensAt && event.registrationOpensAt > now) throw conflict('Registration has not opened yet');
  if (event.registrationClosesAt && event.registrationClosesAt < now) throw conflict('Registration has closed');
}

function assertTicketOnSale(
  ticket: TicketRow | undefined,
  event: EventRow,
  quantity: number,
  now: Date,
): asserts ticket is TicketRow {
  if (!ticket || ticket.eventId !== event.id || !ticket.isActive) throw notFound('Ticket');
  if (ticket.salesStartAt && ticket.salesStartAt > now)
    throw conflict(say('{ticket}: sales have not started yet', { ticket: ticket.name }));
  if (ticket.salesEndAt && ticket.salesEndAt < now)
    throw conflict(say('{ticket}: sales have ended', { ticket: ticket.name }));
  if (quantity > ticket.maxPerOrder) {
    throw badInput(
      say('{ticket}: at most {max} per order', { ticket: ticket.name, max: ticket.maxPerOrder }),
      'tickets',
    );
  }
}

type HoldInput = z.output<typeof ZInitRegistrationRequest>;
type Hold = { registration: TRegistration; order: TOrder };

/**
 * Step 1 of buying (docs/product.md section 15): holds the tickets for RESERVATION_MINUTES. Not enough
 * left: 409 and nothing held. When the first try finds too few, lapsed holds of this event are
 * released and it tries once more, so a seat freed a moment ago is not refused. Past the hold
 * limits of the buyer's e-mail or client address (`ip`, request.ip): 429 and nothing held. `language`
 * (the request's) is recorded: the buyer's mails speak it. A buyer who holds again for the same
 * event with the same e-mail lets their earlier unpaid hold go (releaseEarlierHolds, DECISIONS 23).
 *
 * A hold without a code is one call of migration 0023's statement, shared with the holds of the same
 * event arriving meanwhile (docs/decisions/0051-batched-holds.md). A hold with a discount or access
 * code, and any hold the statement leaves to it (not on sale as asked, past a hold limit), takes the
 * full path below, which words every refusal as it always has.
 */
export async function initRegistration(deps: Deps, input: HoldInput, ip: string, language: TLanguage): Promise<Hold> {
  const lines = mergeLines(input.tickets);
  if (!input.discountCode) {
    const held = await holdInOneCall(deps, input, lines, ip, language);
    if (held) return held;
  }
  return holdStepByStep(deps, input, lines, ip, language);
}

/** The hold as one statement; undefined when the full path must decide (and word) it. */
async function holdInOneCall(
  deps: Deps,
  input: HoldInput,
  lines: TicketLine[],
  ip: string,
  language: TLanguage,
): Promise<Hold | undefined> {
  const holder = holderOf(deps.config, input.eventId, input.email, ip);
  const request: HoldRequest = {
    eventId: input.eventId,
    email: input.email,
    language,
    address: holder.address,
    lockKeys: holderLockKeys(holder),
    lines,
    reservationMinutes: deps.config.reservationMinutes,
    holdsPerAddress: deps.config.holdsPerAddress,
  };
  const attempt = () =>
    holdInBatch(deps.db, request, deps.seatsFreed).catch((error: unknown) => {
      // Past a counter's CHECK constraint, which the statement's own count should never let happen:
      // the full path decides, as it does any hold the statement leaves to it.
      if (isOverLimit(error)) return { outcome: 'check' } as const;
      throw error;
    });
  let held = await attempt();
  if (held.outcome === 'sold_out') {
    const released = await expireLapsedHolds(deps.db, { eventId: input.eventId, seatsFreed: deps.seatsFreed });
    if (released === 0) throw soldOutOf(held.ticketNames);
    held = await attempt();
    if (held.outcome === 'sold_out') throw soldOutOf(held.ticketNames);
  }
  if (held.outcome !== 'held') return undefined;
  return {
    registration: toRegistrationDto(held.registration, held.party),
    order: toOrderDto(held.order, held.items),
  };
}

async function holdStepByStep(
  deps: Deps,
  input: HoldInput,
  lines: TicketLine[],
  ip: string,
  language: TLanguage,
): Promise<Hold> {
  const now = new Date();
  const offer = await findEventWithTickets(
    deps.db,
    input.eventId,
    lines.map((line) => line.ticketId),
  );
  const event = offer?.event;
  assertOnSale(event, now);
  const total = lines.reduce((sum, line) => sum + line.quantity, 0);
  if (total > event.maxTicketsPerOrder) {
    throw badInput(say('At most {max} tickets per order', { max: event.maxTicketsPerOrder }), 'tickets');
  }
  const ticketsById = new Map<string, TicketRow>();
  for (const line of lines) {
    const ticket = offer!.tickets.find((candidate) => candidate.id === line.ticketId);
    assertTicketOnSale(ticket, event, line.quantity, now);
    ticketsById.set(ticket.id, ticket);
  }

  // A buyer starting over lets their earlier hold go (its code's use too) before this one is priced.
  const startedOver = await releaseEarlierHolds(deps.db, event.id, [input.email]);
  try {
    return await holdAfterChecks(deps, input, lines, ip, language, event, ticketsById, now);
  } finally {
    if (startedOver > 0) deps.seatsFreed?.(event.id);
  }
}

async function holdAfterChecks(
  deps: Deps,
  input: HoldInput,
  lines: TicketLine[],
  ip: string,
  language: TLanguage,
  event: EventRow,
  ticketsById: Map<string, TicketRow>,
  now: Date,
): Promise<Hold> {
  const total = lines.reduce((sum, line) => sum + line.quantity, 0);
  // A code is checked and priced before anything is held; its use is taken in the hold's transaction.
  const code = input.discountCode
    ? await priceCode(
        deps.db,
        event.id,
        input.discountCode,
        lines.map((line) => ({ ...line, unitPrice: ticketsById.get(line.ticketId)!.price })),
        ip,
      )
    : undefined;
  assertAccessOpened([...ticketsById.values()], code?.row);

  const holder = holderOf(deps.config, event.id, input.email, ip);
  const attempt = () =>
    withCounterGate((gate) =>
      transactionStartingWith(deps.db, holderLocks(holder), async (tx) => {
        await assertWithinHoldLimits(tx, deps.config, holder, event, total);
        if (code) await takeCodeUse(tx, code.row.id);
        const registration = await insertRegistration(tx, {
          clubId: event.clubId,
          eventId: event.id,
          email: input.email,
          language,
          expiresAt: new Date(now.getTime() + deps.config.reservationMinutes * 60_000),
          clientAddress: holder.address,
        });
        const slots = await insertAttendeeSlots(
          tx,
          registration,
          lines.flatMap((line) => Array.from({ length: line.quantity }, () => ({ ticketId: line.ticketId }))),
        );
        const { order, items } = await insertOrder(
          tx,
          { clubId: event.clubId, eventId: event.id, registrationId: registration.id, currency: event.currency },
          lines.map((line) => {
            const ticket = ticketsById.get(line.ticketId)!;
            return {
              kind: 'ticket',
              ticketId: ticket.id,
              extrasId: null,
              name: ticket.name,
              quantity: line.quantity,
              unitPrice: ticket.price,
              amount: ticket.price * line.quantity,
            };
          }),
          code?.discount,
        );
        // The counters come last, sent with the COMMIT: their rows are what every buyer of the
        // event queues on, so their lock lasts no longer than PostgreSQL takes to run and commit.
        await gate.enter(event.id);
        return { result: { registration, slots, order, items }, last: seatIncrements(event.id, lines) };
      }),
    );

  let result;
  try {
    result = await attempt();
  } catch (error) {
    // Past a ticket type's quantity or the event's capacity: nothing of the hold was kept.
    if (!isOverLimit(error)) throw error;
    const released = await expireLapsedHolds(deps.db, { eventId: event.id, seatsFreed: deps.seatsFreed });
    if (released === 0) throw soldOutError(lines, ticketsById);
    try {
      result = await attempt();
    } catch (retryError) {
      if (isOverLimit(retryError)) throw soldOutError(lines, ticketsById);
      throw retryError;
    }
  }
  // What was just written, as written: a new hold has no check-ins.
  const party = result.slots.map((slot) => ({
    ...slot,
    ticketName: ticketsById.get(slot.ticketId)!.name,
    checkinId: null,
    checkinTime: null,
  }));
  return {
    registration: toRegistrationDto(result.registration, party),
    order: toOrderDto(result.order, result.items),
  };
}

function soldOutError(lines: TicketLine[], tickets: Map<string, TicketRow>): AppError {
  return soldOutOf(lines.map((line) => tickets.get(line.ticketId)?.name).filter((name) => name !== undefined));
}

function soldOutOf(ticketNames: string[]): AppError {
  const names = ticketNames.filter(Boolean);
  return soldOut(
    names.length === 1
      ? say('Not enough {ticket} tickets left for this order', { ticket: names[0]! })
      : 'Not enough tickets left for this order',
  );
}

import type {
  TBuyerRegistration,
  TOrder,
  TRegistration,
  ZInitRegistrationRequest,
  ZSaveRegistrationRequest,
} from '@clubtix/contract';
import type { z } from 'zod';
import type { EventRow, RegistrationRow, TicketRow } from '../../../db/schema';
import type { Actor } from '../../../core/actor';
import { type AppError, badInput, conflict, notFound, soldOut } from '../../../core/errors';
import { transactionStartingWith } from '../../../db/transaction-ending-with';
import type { Deps } from '../../../core/deps';
import { clubScope } from '../../clubs/clubs.policy';
import { isDeletedRegistration } from '../../attendees/attendee-data.policy';
import { lockOrdersOf } from '../../attendees/attendee-removal.repo';
import { refundPaidOrders } from '../../attendees/attendee-removal.service';
import { assertCanManageEvent } from '../../events/events.policy';
import { findEventById } from '../../events/events.repo';
import { toExtrasVoucherDto } from '../../extras/order-vouchers.mapper';
import { findOrderVouchers } from '../../extras/order-vouchers.repo';
import { findFormQuestions } from '../../forms/forms.service';
import { toOrderDto } from '../orders.mapper';
import { insertOrder } from '../orders.repo';
import { lockClubMail } from '../../mail/outbox.repo';
import { queueTicketMail } from '../../mail/ticket-mail';
import { findEventWithTickets } from '../../tickets/tickets.repo';
import {
  expireLapsedHolds,
  isOverLimit,
  linesOf,
  markSeatsSold,
  mergeLines,
  releaseSeats,
  reserveSeats,
  seatIncrements,
  type TicketLine,
} from './holds.repo';
import { withCounterGate } from './counter-gate';
import { assertWithinHoldLimits, holderOf } from './hold-limits';
import { holderLocks } from './hold-limits.repo';
import { answerErrors, answersTo, formProblem, withTrimmedAnswers } from '../details/form-answers';
import { toRegistrationDto } from '../registrations.mapper';
import {
  findAttendeesOf,
  findRegistrationById,
  findRegistrationBySecret,
  insertAttendeeSlots,
  insertRegistration,
  lockRegistration,
  writeRegistrationDetails,
  updateRegistration,
} from '../registrations.repo';

export async function loadRegistrationDto(deps: Deps, row: RegistrationRow): Promise<TRegistration> {
  return toRegistrationDto(row, await findAttendeesOf(deps.db, [row.id]));
}

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
  if (ticket.salesStartAt && ticket.salesStartAt > now) throw conflict(`${ticket.name}: sales have not started yet`);
  if (ticket.salesEndAt && ticket.salesEndAt < now) throw conflict(`${ticket.name}: sales have ended`);
  if (quantity > ticket.maxPerOrder) {
    throw badInput(`${ticket.name}: at most ${ticket.maxPerOrder} per order`, 'tickets');
  }
}

/**
 * Step 1 of buying (docs/product.md section 15): holds the tickets for RESERVATION_MINUTES. Not enough
 * left: 409 and nothing held. When the first try finds too few, lapsed holds of this event are
 * released and it tries once more, so a seat freed a moment ago is not refused. Past the hold
 * limits of the buyer's e-mail or client address (`ip`, request.ip): 429 and nothing held.
 */
export async function initRegistration(
  deps: Deps,
  input: z.output<typeof ZInitRegistrationRequest>,
  ip: string,
): Promise<{ registration: TRegistration; order: TOrder }> {
  const now = new Date();
  const lines = mergeLines(input.tickets);
  const offer = await findEventWithTickets(
    deps.db,
    input.eventId,
    lines.map((line) => line.ticketId),
  );
  const event = offer?.event;
  assertOnSale(event, now);
  const total = lines.reduce((sum, line) => sum + line.quantity, 0);
  if (total > event.maxTicketsPerOrder) {
    throw badInput(`At most ${event.maxTicketsPerOrder} tickets per order`, 'tickets');
  }
  const ticketsById = new Map<string, TicketRow>();
  for (const line of lines) {
    const ticket = offer!.tickets.find((candidate) => candidate.id === line.ticketId);
    assertTicketOnSale(ticket, event, line.quantity, now);
    ticketsById.set(ticket.id, ticket);
  }

  const holder = holderOf(deps.config, event.id, input.email, ip);
  const attempt = () =>
    withCounterGate((gate) =>
      transactionStartingWith(deps.db, holderLocks(holder), async (tx) => {
        await assertWithinHoldLimits(tx, deps.config, holder, event, total);
        const registration = await insertRegistration(tx, {
          clubId: event.clubId,
          eventId: event.id,
          email: input.email,
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
    if ((await expireLapsedHolds(deps.db, { eventId: event.id })) === 0) throw soldOutError(lines, ticketsById);
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
  const names = lines.map((line) => tickets.get(line.ticketId)?.name).filter(Boolean);
  return soldOut(
    names.length === 1
      ? `Not enough ${names[0]} tickets left for this order`
      : 'Not enough tickets left for this order',
  );
}

/** The buyer's own registration: the qrUuid is the secret that proves it. */
export async function loadBuyerRegistration(
  deps: Deps,
  registrationId: string,
  qrUuid: string,
): Promise<RegistrationRow> {
  const row = await findRegistrationBySecret(deps.db, registrationId, qrUuid);
  if (!row) throw notFound('Registration');
  return row;
}

/** A pending registration may still be filled in; the others answer 409, as save always has. */
function assertFillable(registration: RegistrationRow): void {
  if (registration.status === 'expired') throw conflict('Your hold on these tickets has expired; please start again');
  if (registration.status === 'cancelled') throw conflict('This registration was cancelled');
  // Every attendee's QR carries the qrUuid: once confirmed, one ticket holder must not rewrite the others.
  if (registration.status === 'confirmed') {
    throw conflict('This registration is confirmed; ask the organiser to change its details');
  }
}

/** Step 2: attendees' names, e-mails and answers, checked against the event's form on the server. */
export async function saveRegistrationDetails(
  deps: Deps,
  body: z.output<typeof ZSaveRegistrationRequest>,
): Promise<TRegistration> {
  const input = withTrimmedAnswers(body);
  const registration = await loadBuyerRegistration(deps, input.registrationId, input.qrUuid);
  assertFillable(registration);
  const questions = await findFormQuestions(deps, null, registration.eventId);
  const perAttendee = questions.filter((q) => q.perAttendee);
  const once = questions.filter((q) => !q.perAttendee);
  const slots = await findAttendeesOf(deps.db, [registration.id]);
  const given = new Map(input.attendees.map((a) => [a.attendeeId, a]));
  const errors = [
    ...answerErrors(once, input.answers, 'answers'),
    ...slots.flatMap((slot, index) => {
      const attendee = given.get(slot.id);
      if (!attendee) return [{ path: `attendees.${index}`, message: `Fill in attendee ${index + 1}` }];
      return answerErrors(perAttendee, attendee.answers, `attendees.${index}.answers`);
    }),
    ...input.attendees
      .filter((a) => !slots.some((slot) => slot.id === a.attendeeId))
      .map(() => ({ path: 'attendees', message: 'An attendee does not belong to this registration' })),
  ];
  if (errors.length > 0) throw formProblem(errors);
  // Only answers to the form's questions are kept: a body of made-up keys would otherwise be stored,
  // and answered again in every list of attendees (docs/decisions/0020).
  const answers = answersTo(once, input.answers);
  const party = input.attendees.map((attendee) => ({ ...attendee, answers: answersTo(perAttendee, attendee.answers) }));
  // The status read above may be stale (a payment settling meanwhile): the write itself is
  // conditional on the registration being pending, under its row lock.
  if (!(await writeRegistrationDetails(deps.db, registration.id, answers, party))) {
    const now = await findRegistrationById(deps.db, registration.id, null);
    if (!now) throw notFound('Registration');
    assertFillable(now);
    throw conflict('This registration can no longer be changed');
  }
  // Every slot was given (checked above): the registration as just written, without reading it again.
  const written = new Map(party.map((a) => [a.attendeeId, a]));
  const saved = slots.map((slot) => {
    const { firstName, lastName, email, answers: own } = written.get(slot.id)!;
    return { ...slot, firstName, lastName, email, answers: own };
  });
  return toRegistrationDto({ ...registration, answers }, saved);
}

/**
 * The buyer's own registration, read back by the success page: once confirmed, with the vouchers
 * of the extras its order paid for (a hold or a cancelled registration shows none, and reads none).
 */
export async function findBuyerRegistration(
  deps: Deps,
  registrationId: string,
  qrUuid: string,
): Promise<TBuyerRegistration> {
  const registration = presentUnlessDeleted(
    await loadRegistrationDto(deps, await loadBuyerRegistration(deps, registrationId, qrUuid)),
  );
  if (registration.status !== 'confirmed') return { ...registration, extrasVouchers: [] };
  const vouchers = await findOrderVouchers(deps.db, { registrationId: registration.registrationId });
  return { ...registration, extrasVouchers: vouchers.map(toExtrasVoucherDto) };
}

/** A registration deleted while its order had taken money stays only as that order's anchor (0006). */
function presentUnlessDeleted(registration: TRegistration): TRegistration {
  if (isDeletedRegistration(registration, registration.attendees.length)) throw notFound('Registration');
  return registration;
}

export async function loadManagedRegistration(
  deps: Deps,
  actor: Actor,
  registrationId: string,
): Promise<RegistrationRow> {
  const row = await findRegistrationById(deps.db, registrationId, clubScope(actor));
  if (!row) throw notFound('Registration');
  assertCanManageEvent(actor, await findEventById(deps.db, row.eventId, clubScope(actor)));
  return row;
}

export async function findManagedRegistration(deps: Deps, actor: Actor, registrationId: string) {
  return presentUnlessDeleted(
    await loadRegistrationDto(deps, await loadManagedRegistration(deps, actor, registrationId)),
  );
}

/**
 * By hand: cancelling gives the seats back, and marks what was paid for refund (its orders and
 * their extras vouchers), as removing it does; confirming keeps them (an admin's free ticket).
 */
export async function setRegistrationStatus(
  deps: Deps,
  actor: Actor,
  registrationId: string,
  status: 'confirmed' | 'cancelled',
): Promise<TRegistration> {
  const existing = await loadManagedRegistration(deps, actor, registrationId);
  const row = await deps.db.transaction(async (tx) => {
    // The orders before the registration, as a payment's settlement locks them: one waits for the other.
    const orders = status === 'cancelled' ? await lockOrdersOf(tx, existing, existing.id) : [];
    const locked = await lockRegistration(tx, existing.id);
    if (!locked) throw notFound('Registration');
    if (locked.status === status) return locked;
    const party = await findAttendeesOf(tx, [locked.id]);
    if (isDeletedRegistration(locked, party.length)) throw notFound('Registration');
    const lines = linesOf(party);
    if (status === 'cancelled') {
      if (locked.status === 'pending' || locked.status === 'confirmed') {
        await releaseSeats(tx, locked.eventId, lines, locked.status === 'confirmed');
      }
      await refundPaidOrders(tx, existing, orders);
      return updateRegistration(tx, locked.id, { status, expiresAt: null });
    }
    // Its ticket mail is limited (no payment): the club's mail lock comes before the counters (outbox.repo.ts).
    await lockClubMail(tx, locked.clubId);
    if (locked.status === 'expired' || locked.status === 'cancelled') {
      const reserved = await reserveSeats(tx, locked.eventId, lines);
      if (!reserved.ok) throw soldOut('Not enough tickets left to confirm this registration');
    }
    await markSeatsSold(tx, lines);
    const confirmed = await updateRegistration(tx, locked.id, { status, confirmedAt: new Date(), expiresAt: null });
    const event = await findEventById(tx, confirmed.eventId, null);
    if (event) await queueTicketMail(tx, deps.config, event, confirmed, party);
    return confirmed;
  });
  return loadRegistrationDto(deps, row);
}

import type { TBoxOfficeAnswer, TLanguage, ZBoxOfficeSellRequest } from '@clubtix/contract';
import type { z } from 'zod';
import type { EventRow, TicketRow } from '../../db/schema';
import type { Actor } from '../../core/actor';
import type { Deps } from '../../core/deps';
import { type AppError, badInput, conflict, notFound, soldOut, say } from '../../core/errors';
import { transactionEndingWith } from '../../db/transaction-ending-with';
import { loadManagedEvent } from '../events/events.service';
import { extrasSoldOut, findExtrasShortfall } from '../extras/extras-stock';
import { issueOrderVouchers } from '../extras/order-vouchers.repo';
import { queueTicketMail } from '../mail/ticket-mail';
import { withCounterGate } from '../purchase/counter-gate';
import { expireLapsedHolds } from '../purchase/hold/holds.repo';
import { isOverLimit, mergeLines, seatIncrements, soldIncrements, type TicketLine } from '../purchase/seats.repo';
import { toOrderDto } from '../purchase/orders.mapper';
import { insertOrder } from '../purchase/orders.repo';
import { insertAttendeeSlots, insertRegistration } from '../purchase/registrations.repo';
import { findEventWithTickets } from '../tickets/tickets.repo';
import { seesDoorView, toAdminDoorRegistration, toDoorRegistration, toSoldVoucher } from '../checkin/door-view.mapper';
import { findCheckinQuestionIds } from '../checkin/door-view.repo';
import { checkInParty, handOverVouchers } from './boxoffice.repo';
import { extrasOrderLine, findExtrasToSell, mergeExtrasLines } from './boxoffice-extras';

type SellInput = z.output<typeof ZBoxOfficeSellRequest>;

/**
 * POST /boxoffice/sell (docs/product.md section 20; docs/decisions/0034-box-office.md): the door
 * sells a confirmed registration whose order is paid by the method given (stored as the order's
 * provider; a complimentary order costs nothing), under the hold's never-oversell rule: the same
 * counter increments, sent with the COMMIT, refused by the database past a ticket's quantity or the
 * event's capacity, so nothing of the sale is kept (409 SOLD_OUT). With checkIn the whole party is
 * checked in by the same transaction. The door's event policy (loadManagedEvent, as the door's
 * statistics) decides who may sell: another club's event is 404. Extras are lines of the same
 * order, checked against their stock under the row locks the online order takes
 * (docs/decisions/0014-extras-and-package-stock.md) and turned into paid vouchers by the same
 * statement a paid online order uses; sold alone, they are an order whose registration has no
 * attendees. The sale records the seller's language (`language`, the request's): the buyer at the desk
 * is served in it, so their mail speaks it too (docs/decisions/0048-mails-in-the-buyers-language.md).
 * Door staff are answered the door's view of the sale (docs/decisions/0061-staff-scope.md).
 */
export async function sellAtDoor(
  deps: Deps,
  actor: Actor,
  input: SellInput,
  language: TLanguage,
): Promise<TBoxOfficeAnswer> {
  const event = await loadManagedEvent(deps, actor, input.eventId);
  const lines = mergeLines(input.tickets);
  const extrasLines = mergeExtrasLines(input.extras ?? []);
  const offer =
    lines.length === 0
      ? undefined
      : await findEventWithTickets(
          deps.db,
          event.id,
          lines.map((line) => line.ticketId),
        );
  const ticketsById = new Map<string, TicketRow>();
  for (const line of lines) {
    const ticket = offer?.tickets.find((candidate) => candidate.id === line.ticketId);
    if (!ticket || ticket.eventId !== event.id) throw notFound('Ticket');
    ticketsById.set(ticket.id, ticket);
  }
  const extrasById = await findExtrasToSell(deps.db, event, extrasLines);
  if (event.status !== 'published') throw conflict('Only a published event sells at the door');
  const seats = lines.flatMap((line) => Array.from({ length: line.quantity }, () => line.ticketId));
  const names = input.attendees ?? [];
  if (names.length > seats.length) throw badInput('More attendees than tickets', 'attendees');
  const buyerEmail = input.email ?? names.find((name) => name.email)?.email ?? '';
  const free = input.paymentMethod === 'complimentary';

  const attempt = () =>
    withCounterGate((gate) =>
      transactionEndingWith(deps.db, async (tx) => {
        // First, so their row locks come before the seat counters, as in a paid order's settlement.
        if (extrasLines.length > 0) {
          const short = await findExtrasShortfall(tx, extrasLines, {
            reservationMinutes: deps.config.reservationMinutes,
          });
          if (short) throw extrasSoldOut(short.name, short.left);
        }
        const now = new Date();
        const registration = await insertRegistration(tx, {
          clubId: event.clubId,
          eventId: event.id,
          email: buyerEmail,
          language,
          expiresAt: null,
          status: 'confirmed',
          source: 'boxoffice',
          confirmedAt: now,
        });
        const slots = await insertAttendeeSlots(
          tx,
          registration,
          seats.map((ticketId, i) => ({
            ticketId,
            firstName: names[i]?.firstName ?? undefined,
            lastName: names[i]?.lastName ?? undefined,
            email: names[i]?.email ?? undefined,
          })),
        );
        const { order, items } = await insertOrder(
          tx,
          { clubId: event.clubId, eventId: event.id, registrationId: registration.id, currency: event.currency },
          [
            ...lines.map((line) => orderLine(ticketsById.get(line.ticketId)!, line, free)),
            ...extrasLines.map((line) => extrasOrderLine(extrasById.get(line.extrasId)!, line, free)),
          ],
          undefined,
          { paymentStatus: 'paid', paidAt: now, provider: input.paymentMethod },
        );
        const vouchers =
          extrasLines.length > 0 ? await handOverVouchers(tx, await issueOrderVouchers(tx, order, buyerEmail)) : [];
        const checkins = input.checkIn ? await checkInParty(tx, slots, actor.id) : [];
        const party = slots.map((slot) => {
          const checkin = checkins.find((row) => row.attendeeId === slot.id);
          return {
            ...slot,
            ticketName: ticketsById.get(slot.ticketId)!.name,
            checkinId: checkin?.id ?? null,
            checkinTime: checkin?.createdAt ?? null,
          };
        });
        if (buyerEmail) await queueTicketMail(tx, deps.config, event, registration, party, { order, vouchers });
        const result = { registration, party, order, items, vouchers };
        // Extras alone move no seat counter.
        if (lines.length === 0) return { result, last: [] };
        // Last, sent with the COMMIT as in the hold: held and sold at once, in the one lock order.
        await gate.enter(event.id);
        return { result, last: [...seatIncrements(event.id, lines), ...soldIncrements(lines)] };
      }),
    );

  const result = await sellOrRefuse(deps, event, lines, ticketsById, attempt);
  // Sold and let in at the door without a hold or a scan: counted as the pipeline and the scan count theirs.
  deps.metrics.ticketsSold.inc(seats.length);
  if (input.checkIn && seats.length > 0) deps.metrics.doorScans.inc({ result: 'admitted_at_sale' }, seats.length);
  if (buyerEmail) void deps.mail.flush().catch(() => undefined);
  const extrasVouchers = result.vouchers.map(toSoldVoucher);
  // Door staff get the door's view: no order, amount or e-mail; nobody gets a qrUuid at the door
  // (the tickets' QR codes are drawn from their short codes, the vouchers' go by mail).
  if (seesDoorView(actor)) {
    const shown = await findCheckinQuestionIds(deps.db, event.id);
    return { registration: toDoorRegistration(result.registration, result.party, shown), extrasVouchers };
  }
  return {
    registration: toAdminDoorRegistration(result.registration, result.party),
    order: toOrderDto(result.order, result.items),
    extrasVouchers,
  };
}

function orderLine(ticket: TicketRow, line: TicketLine, free: boolean) {
  const unitPrice = free ? 0 : ticket.price;
  return {
    kind: 'ticket',
    ticketId: ticket.id,
    extrasId: null,
    name: ticket.name,
    quantity: line.quantity,
    unitPrice,
    amount: unitPrice * line.quantity,
  };
}

/** As the hold: past the stock, lapsed holds of the event are released and it tries once more. */
async function sellOrRefuse<T>(
  deps: Deps,
  event: EventRow,
  lines: TicketLine[],
  tickets: Map<string, TicketRow>,
  attempt: () => Promise<T>,
): Promise<T> {
  try {
    return await attempt();
  } catch (error) {
    if (!isOverLimit(error)) throw error;
    const released = await expireLapsedHolds(deps.db, { eventId: event.id, seatsFreed: deps.seatsFreed });
    if (released === 0) throw soldOutError(lines, tickets);
    try {
      return await attempt();
    } catch (retryError) {
      if (isOverLimit(retryError)) throw soldOutError(lines, tickets);
      throw retryError;
    }
  }
}

function soldOutError(lines: TicketLine[], tickets: Map<string, TicketRow>): AppError {
  const names = lines.map((line) => tickets.get(line.ticketId)?.name).filter(Boolean);
  return soldOut(
    names.length === 1
      ? say('Not enough {ticket} tickets left to sell', { ticket: names[0]! })
      : 'Not enough tickets left to sell',
  );
}

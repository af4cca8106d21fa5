import type { TLanguage } from '@clubtix/contract';
import type { Db } from '../../../db/client';
import { runPrepared, type Prepared } from '../../../db/prepared';
import { registrations, type OrderItemRow, type OrderRow, type RegistrationRow } from '../../../db/schema';
import type { AttendeeFields } from '../registrations.repo';
import type { OrderDiscount } from '../../discounts/code-uses';
import { Batcher } from '../../../core/batcher';
import { releaseEarlierHolds } from './holds.repo';
import { type TicketLine } from '../seats.repo';

/** One buyer's hold as the batch statement takes it: lines merged, one per ticket type. */
export interface HoldRequest {
  eventId: string;
  email: string;
  language: TLanguage;
  /** The client address kept for the per-address limit; null when it is not limited. */
  address: string | null;
  /** The holder's advisory-lock keys (holderLockKeys). */
  lockKeys: number[];
  lines: TicketLine[];
  /** The code's discount, priced as it was checked (discounts/code-uses.ts); null without a code. */
  discount: OrderDiscount | null;
  /** The hidden ticket types the code opens (an access code); none without one. */
  openedTickets: readonly string[];
  reservationMinutes: number;
  holdsPerAddress: number;
}

/** Why the statement held nothing for a buyer: the first rule of the hold the buyer broke. */
export type HoldRefusalReason =
  | 'no_event'
  | 'ended'
  | 'not_open'
  | 'closed'
  | 'order_max'
  | 'no_ticket'
  | 'not_started'
  | 'sales_ended'
  | 'ticket_max'
  | 'access'
  | 'limit_email'
  | 'limit_address'
  | 'code_used_up'
  | 'sold_out';

/** A refusal with what its message names: a ticket type, a maximum, the event's time zone, the lines' tickets. */
export interface HoldRefusal {
  outcome: HoldRefusalReason;
  ticketName: string | null;
  number: number | null;
  timezone: string | null;
  ticketNames: string[];
}

/** What the statement did for one buyer: held (the rows as written), or refused, with nothing written. */
export type HoldOutcome =
  | {
      outcome: 'held';
      registration: RegistrationRow;
      party: AttendeeFields[];
      order: OrderRow;
      items: OrderItemRow[];
    }
  | HoldRefusal;

interface HoldRow {
  buyer: number;
  outcome: 'held' | HoldRefusalReason;
  fail_name: string | null;
  fail_number: number | null;
  ev_timezone: string | null;
  ev_club_id: string | null;
  reg_id: string | null;
  reg_qr_uuid: string | null;
  ord_id: string | null;
  /** Text, as db/prepared.ts leaves timestamps: mapped by the column as Drizzle maps it. */
  held_at: string | null;
  ord_amount: number | null;
  ord_currency: string | null;
  slot_ids: string[] | null;
  slot_tickets: string[] | null;
  slot_codes: string[] | null;
  line_item_ids: string[] | null;
  line_tickets: string[] | null;
  line_names: string[] | null;
  line_quantities: number[] | null;
  line_prices: number[] | null;
}

/** Prepared once per connection by its name (pg's named statements): no SQL is built per hold. */
const HOLD_STATEMENT: Prepared = {
  name: 'purchase_hold',
  text: `SELECT * FROM clubtix_hold($1::text, $2::timestamptz, $3::timestamptz, $4::integer, $5::text[], $6::text[],
    $7::text[], $8::integer[], $9::text[], $10::text[], $11::integer[], $12::integer[], $13::text[], $14::integer[],
    $15::boolean[])`,
};

async function holdBatch(db: Db, eventId: string, requests: HoldRequest[]): Promise<HoldOutcome[]> {
  const first = requests[0]!;
  const now = new Date();
  const expiresAt = new Date(now.getTime() + first.reservationMinutes * 60_000);
  const lineBuyers: number[] = [];
  const lineTickets: string[] = [];
  const lineQuantities: number[] = [];
  const lineOpened: boolean[] = [];
  requests.forEach((request, index) => {
    for (const line of request.lines) {
      lineBuyers.push(index + 1);
      lineTickets.push(line.ticketId);
      lineQuantities.push(line.quantity);
      lineOpened.push(request.openedTickets.includes(line.ticketId));
    }
  });
  const rows = await runPrepared<HoldRow>(db.$client, HOLD_STATEMENT, [
    eventId,
    now,
    expiresAt,
    first.holdsPerAddress,
    requests.map((request) => request.email),
    requests.map((request) => request.language),
    requests.map((request) => request.address),
    requests.flatMap((request) => request.lockKeys),
    requests.map((request) => request.discount?.discountId ?? null),
    requests.map((request) => request.discount?.discountCode ?? null),
    requests.map((request) => request.discount?.discountAmount ?? null),
    lineBuyers,
    lineTickets,
    lineQuantities,
    lineOpened,
  ]);
  const byBuyer = new Map(rows.map((row) => [row.buyer, row]));
  return requests.map((request, index) => toOutcome(request, expiresAt, byBuyer.get(index + 1)));
}

function toOutcome(request: HoldRequest, expiresAt: Date, row: HoldRow | undefined): HoldOutcome {
  if (!row) throw new Error('The hold statement answered no row for a buyer');
  if (row.outcome !== 'held') {
    return {
      outcome: row.outcome,
      ticketName: row.fail_name,
      number: row.fail_number,
      timezone: row.ev_timezone,
      ticketNames: row.line_names ?? [],
    };
  }
  const clubId = row.ev_club_id!;
  const createdAt = registrations.createdAt.mapFromDriverValue(row.held_at!) as Date;
  const registration: RegistrationRow = {
    id: row.reg_id!,
    clubId,
    eventId: request.eventId,
    email: request.email,
    qrUuid: row.reg_qr_uuid!,
    status: 'pending',
    answers: {},
    expiresAt,
    confirmedAt: null,
    source: 'online',
    clientAddress: request.address,
    confirmToken: null,
    language: request.language,
    passPurchaseId: null,
    createdAt,
  };
  const names = new Map(row.line_tickets!.map((ticketId, index) => [ticketId, row.line_names![index]!]));
  const party = row.slot_ids!.map((id, index): AttendeeFields => ({
    id,
    registrationId: registration.id,
    ticketId: row.slot_tickets![index]!,
    ticketName: names.get(row.slot_tickets![index]!)!,
    firstName: null,
    lastName: null,
    email: null,
    answers: {},
    checkinId: null,
    checkinTime: null,
    shortCode: row.slot_codes![index]!,
  }));
  const order: OrderRow = {
    id: row.ord_id!,
    clubId,
    eventId: request.eventId,
    registrationId: registration.id,
    amount: row.ord_amount!,
    currency: row.ord_currency!,
    paymentStatus: 'pending',
    provider: null,
    paymentIntentId: null,
    paidAt: null,
    discountId: request.discount?.discountId ?? null,
    discountCode: request.discount?.discountCode ?? null,
    discountAmount: request.discount?.discountAmount ?? 0,
    refundedAmount: 0,
    createdAt,
  };
  const items = row.line_tickets!.map((ticketId, index): OrderItemRow => ({
    id: row.line_item_ids![index]!,
    clubId,
    orderId: order.id,
    kind: 'ticket',
    ticketId,
    extrasId: null,
    name: row.line_names![index]!,
    quantity: row.line_quantities![index]!,
    unitPrice: row.line_prices![index]!,
    amount: row.line_quantities![index]! * row.line_prices![index]!,
  }));
  return { outcome: 'held', registration, party, order, items };
}

const batchersOf = new WeakMap<Db, Batcher<HoldRequest, HoldOutcome>>();

/**
 * Holds one buyer's tickets with the statement of db/functions/clubtix_hold.sql, sharing it (and its commit) with
 * the holds of the same event that arrive while that event's earlier batches run (core/batcher.ts).
 * Answered once the batch has committed. `seatsFreed` hears of an earlier hold a buyer let go, once
 * the new holds are taken (releaseEarlierHolds in holds.repo.ts).
 */
export function holdInBatch(
  db: Db,
  request: HoldRequest,
  seatsFreed?: (eventId: string) => void,
): Promise<HoldOutcome> {
  let batcher = batchersOf.get(db);
  if (!batcher) {
    batcher = new Batcher(
      async (requests, eventId) => {
        // Buyers who start over let their earlier holds go first: one look for the whole batch.
        const emails = [...new Set(requests.map((one) => one.email))];
        const released = await releaseEarlierHolds(db, eventId, emails);
        const outcomes = await holdBatch(db, eventId, requests);
        if (released > 0) seatsFreed?.(eventId);
        return outcomes;
      },
      { laneOf: (request) => request.eventId },
    );
    batchersOf.set(db, batcher);
  }
  return batcher.run(request);
}

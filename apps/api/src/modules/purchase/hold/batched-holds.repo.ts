import type { TLanguage } from '@clubtix/contract';
import type { Db } from '../../../db/client';
import { runPrepared, type Prepared } from '../../../db/prepared';
import { registrations, type OrderItemRow, type OrderRow, type RegistrationRow } from '../../../db/schema';
import type { AttendeeFields } from '../registrations.repo';
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
  reservationMinutes: number;
  holdsPerAddress: number;
}

/**
 * What the statement did for one buyer: held (the rows as written), sold out (too few left: nothing
 * written; the names of its tickets, for the message), or left to the full path (`check`: not on
 * sale to it as asked; `limit`: past a hold limit), which words the refusal.
 */
export type HoldOutcome =
  | {
      outcome: 'held';
      registration: RegistrationRow;
      party: AttendeeFields[];
      order: OrderRow;
      items: OrderItemRow[];
    }
  | { outcome: 'sold_out'; ticketNames: string[] }
  | { outcome: 'check' | 'limit' };

interface HoldRow {
  buyer: number;
  outcome: 'held' | 'sold_out' | 'check' | 'limit';
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
    $7::text[], $8::integer[], $9::integer[], $10::text[], $11::integer[])`,
};

async function holdBatch(db: Db, eventId: string, requests: HoldRequest[]): Promise<HoldOutcome[]> {
  const first = requests[0]!;
  const now = new Date();
  const expiresAt = new Date(now.getTime() + first.reservationMinutes * 60_000);
  const lineBuyers: number[] = [];
  const lineTickets: string[] = [];
  const lineQuantities: number[] = [];
  requests.forEach((request, index) => {
    for (const line of request.lines) {
      lineBuyers.push(index + 1);
      lineTickets.push(line.ticketId);
      lineQuantities.push(line.quantity);
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
    lineBuyers,
    lineTickets,
    lineQuantities,
  ]);
  const byBuyer = new Map(rows.map((row) => [row.buyer, row]));
  return requests.map((request, index) => toOutcome(request, expiresAt, byBuyer.get(index + 1)));
}

function toOutcome(request: HoldRequest, expiresAt: Date, row: HoldRow | undefined): HoldOutcome {
  if (!row) throw new Error('The hold statement answered no row for a buyer');
  if (row.outcome === 'sold_out') return { outcome: 'sold_out', ticketNames: row.line_names ?? [] };
  if (row.outcome !== 'held') return { outcome: row.outcome };
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
    discountId: null,
    discountCode: null,
    discountAmount: 0,
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
 * Holds one buyer's tickets with the statement of migration 0023, sharing it (and its commit) with
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

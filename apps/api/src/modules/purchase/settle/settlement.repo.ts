import { sql, type SQL } from 'drizzle-orm';
import {
  events,
  orderItems,
  orders,
  registrations,
  type EventRow,
  type OrderItemRow,
  type OrderRow,
  type RegistrationRow,
} from '../../../db/schema';
import { jsonObjectOf, rowOf, runPrepared, selectList, type Queryable } from '../../../db/prepared';
import type { AttendeeView } from '../registrations.repo';
import { PARTY_COLUMNS, PARTY_JOINS, partyOf } from '../party-rows';

/**
 * The statements of a settlement (settle-order.ts), each one round trip, written once
 * (docs/decisions/0052-purchase-round-trips.md).
 */

/**
 * Locks an order and its registration until the transaction ends; sent with the BEGIN, so the lock
 * costs no round trip of its own. Only those two rows: the event and ticket rows are every buyer's.
 */
export const lockOrderAndRegistration = (orderId: string): SQL =>
  sql`select 1 from orders o join registrations r on r.id = o.registration_id where o.id = ${orderId} for update of o, r`;

/**
 * Everything a settlement reads, in one statement run once the lock is held (so it reads what the
 * holders before it wrote, e.g. the details saved while it waited): the order and its lines, the
 * registration, its attendees (one row each), the event, and whether the order has extras lines.
 */
const READ_SETTLEMENT = {
  name: 'settlement-read',
  text: `SELECT ${selectList(orders, 'o', 'o')}, ${selectList(registrations, 'r', 'r')},
    ${selectList(events, 'e', 'e')}, ${PARTY_COLUMNS},
    EXISTS (SELECT 1 FROM order_items x WHERE x.order_id = o.id AND x.kind = 'extras') AS "hasExtras",
    (SELECT coalesce(json_agg(${jsonObjectOf(orderItems, 'i')} ORDER BY i.kind, i.name), '[]'::json)
       FROM order_items i WHERE i.order_id = o.id) AS "items"
  FROM orders o
  JOIN registrations r ON r.id = o.registration_id
  LEFT JOIN events e ON e.id = r.event_id
  ${PARTY_JOINS}
  WHERE o.id = $1
  ORDER BY a.position`,
};

export interface SettlementRead {
  order: OrderRow;
  registration: RegistrationRow;
  event: EventRow | undefined;
  party: AttendeeView[];
  items: OrderItemRow[];
  hasExtras: boolean;
}

export async function readSettlement(client: Queryable, orderId: string): Promise<SettlementRead | undefined> {
  const rows = await runPrepared(client, READ_SETTLEMENT, [orderId]);
  const first = rows[0];
  if (!first) return undefined;
  return {
    order: rowOf(orders, first, 'o'),
    registration: rowOf(registrations, first, 'r'),
    event: first['e.id'] === null ? undefined : rowOf(events, first, 'e'),
    party: partyOf(rows),
    items: (first.items as Record<string, unknown>[]).map((item) => rowOf(orderItems, item)),
    hasExtras: first.hasExtras as boolean,
  };
}

/**
 * The settlement's own writes, sent with its COMMIT (db/transaction-ending-with.ts): the registration
 * confirmed (its trigger marks the attendees), the order paid. Under the lock taken with the BEGIN
 * they touch their row by id, so they cannot fail short of an error that rolls it all back.
 */
export const confirmRegistration = (registrationId: string, at: Date): SQL =>
  sql`UPDATE registrations SET status = 'confirmed', confirmed_at = ${at.toISOString()}::timestamptz, expires_at = NULL WHERE id = ${registrationId}`;

export const markOrderPaid = (orderId: string, at: Date): SQL =>
  sql`UPDATE orders SET payment_status = 'paid', paid_at = ${at.toISOString()}::timestamptz WHERE id = ${orderId}`;

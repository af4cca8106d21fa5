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

/** Ids as a list of values, for `IN (...)`: sent inline with a BEGIN or COMMIT (db/transaction-ending-with.ts). */
const idList = (ids: string[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

/**
 * Locks an order and its registration until the transaction ends; sent with the BEGIN, so the lock
 * costs no round trip of its own. Only those two rows: the event and ticket rows are every buyer's.
 */
export const lockOrderAndRegistration = (orderId: string): SQL => lockOrdersAndRegistrations([orderId]);

/** The same for the orders of a batch (settle-together.ts), taken in id order as every batch takes them. */
export const lockOrdersAndRegistrations = (orderIds: string[]): SQL =>
  sql`select 1 from orders o join registrations r on r.id = o.registration_id where o.id in (${idList(orderIds)}) order by o.id for update of o, r`;

/**
 * Everything a settlement reads, in one statement run once the lock is held (so it reads what the
 * holders before it wrote, e.g. the details saved while it waited): the order and its lines, the
 * registration, its attendees (one row each), the event, and whether the order has extras lines.
 */
const READ_SETTLEMENTS = {
  name: 'settlements-read',
  text: `SELECT ${selectList(orders, 'o', 'o')}, ${selectList(registrations, 'r', 'r')},
    ${selectList(events, 'e', 'e')}, ${PARTY_COLUMNS},
    EXISTS (SELECT 1 FROM order_items x WHERE x.order_id = o.id AND x.kind = 'extras') AS "hasExtras",
    (SELECT coalesce(json_agg(${jsonObjectOf(orderItems, 'i')} ORDER BY i.kind, i.name), '[]'::json)
       FROM order_items i WHERE i.order_id = o.id) AS "items"
  FROM orders o
  JOIN registrations r ON r.id = o.registration_id
  LEFT JOIN events e ON e.id = r.event_id
  ${PARTY_JOINS}
  WHERE o.id = ANY($1::text[])
  ORDER BY o.id, a.position`,
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
  return (await readSettlements(client, [orderId])).get(orderId);
}

/** What readSettlement reads, for the orders of a batch in one statement: by order id, none for an id not found. */
export async function readSettlements(client: Queryable, orderIds: string[]): Promise<Map<string, SettlementRead>> {
  const rows = await runPrepared(client, READ_SETTLEMENTS, [orderIds]);
  const byOrder = new Map<string, Record<string, unknown>[]>();
  for (const row of rows) {
    const id = row['o.id'] as string;
    byOrder.set(id, [...(byOrder.get(id) ?? []), row]);
  }
  return new Map(
    [...byOrder].map(([id, ofOrder]) => {
      const first = ofOrder[0]!;
      const read: SettlementRead = {
        order: rowOf(orders, first, 'o'),
        registration: rowOf(registrations, first, 'r'),
        event: first['e.id'] === null ? undefined : rowOf(events, first, 'e'),
        party: partyOf(ofOrder),
        items: (first.items as Record<string, unknown>[]).map((item) => rowOf(orderItems, item)),
        hasExtras: first.hasExtras as boolean,
      };
      return [id, read];
    }),
  );
}

/**
 * The settlement's own writes, sent with its COMMIT (db/transaction-ending-with.ts): the registration
 * confirmed (its trigger marks the attendees), the order paid. Under the lock taken with the BEGIN
 * they touch their row by id, so they cannot fail short of an error that rolls it all back.
 */
export const confirmRegistration = (registrationId: string, at: Date): SQL =>
  confirmRegistrations([registrationId], at);

export const markOrderPaid = (orderId: string, at: Date): SQL => markOrdersPaid([orderId], at);

/** confirmRegistration for the registrations of a batch, in one statement. */
export const confirmRegistrations = (registrationIds: string[], at: Date): SQL =>
  sql`UPDATE registrations SET status = 'confirmed', confirmed_at = ${at.toISOString()}::timestamptz, expires_at = NULL WHERE id IN (${idList(registrationIds)})`;

/** markOrderPaid for the orders of a batch, in one statement. */
export const markOrdersPaid = (orderIds: string[], at: Date): SQL =>
  sql`UPDATE orders SET payment_status = 'paid', paid_at = ${at.toISOString()}::timestamptz WHERE id IN (${idList(orderIds)})`;

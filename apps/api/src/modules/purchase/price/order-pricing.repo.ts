import {
  orderItems,
  orders,
  registrations,
  type OrderItemRow,
  type OrderRow,
  type RegistrationRow,
} from '../../../db/schema';
import { jsonObjectOf, rowOf, runPrepared, selectList, type Queryable } from '../../../db/prepared';

/**
 * What pricing an order reads first, in one statement written once (docs/decisions/0052-purchase-round-trips.md):
 * the buyer's registration (by its secret), its latest order with the order's lines, and whether the
 * event's form has a required question.
 */
const READ_PRICING = {
  name: 'pricing-read',
  text: `SELECT ${selectList(registrations, 'r', 'r')}, ${selectList(orders, 'o', 'o')},
    EXISTS (SELECT 1 FROM form_questions q WHERE q.event_id = o.event_id AND q.required) AS "asksRequired",
    (SELECT coalesce(json_agg(${jsonObjectOf(orderItems, 'i')} ORDER BY i.kind, i.name), '[]'::json)
       FROM order_items i WHERE i.order_id = o.id) AS "items"
  FROM registrations r
  LEFT JOIN LATERAL (
    SELECT * FROM orders WHERE orders.registration_id = r.id ORDER BY orders.created_at DESC LIMIT 1
  ) o ON true
  WHERE r.id = $1 AND r.qr_uuid = $2`,
};

export interface PricingRead {
  registration: RegistrationRow;
  /** The registration's latest order, with its lines; none: the registration has no order. */
  found?: { order: OrderRow; items: OrderItemRow[]; asksRequired: boolean };
}

export async function readPricing(
  db: Queryable,
  registrationId: string,
  qrUuid: string,
): Promise<PricingRead | undefined> {
  const [row] = await runPrepared(db, READ_PRICING, [registrationId, qrUuid]);
  if (!row) return undefined;
  const registration = rowOf(registrations, row, 'r');
  if (row['o.id'] === null) return { registration };
  const items = (row.items as Record<string, unknown>[]).map((item) => rowOf(orderItems, item));
  return { registration, found: { order: rowOf(orders, row, 'o'), items, asksRequired: row.asksRequired as boolean } };
}

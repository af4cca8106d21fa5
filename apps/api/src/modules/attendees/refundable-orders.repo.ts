import { and, desc, gt, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { orders } from '../../db/schema';

/** The payment statuses with money an admin may give back (docs/product.md section 19). */
const REFUNDABLE_STATUSES = ['paid', 'partially_refunded', 'refund_required'];

/**
 * For each of these registrations, its newest order with money left to refund, for the attendee
 * list's "Refund and cancel" (docs/decisions/0030-money-screens.md). Read for one page's
 * registrations only, as their paid amounts are.
 */
export async function findRefundableOrderIds(db: DbOrTx, registrationIds: string[]): Promise<Map<string, string>> {
  if (registrationIds.length === 0) return new Map();
  const rows = await db
    .select({ registrationId: orders.registrationId, id: orders.id })
    .from(orders)
    .where(
      and(
        inArray(orders.registrationId, registrationIds),
        inArray(orders.paymentStatus, REFUNDABLE_STATUSES),
        gt(orders.amount, orders.refundedAmount),
      ),
    )
    .orderBy(desc(orders.createdAt), desc(orders.id));
  const byRegistration = new Map<string, string>();
  for (const row of rows) if (!byRegistration.has(row.registrationId)) byRegistration.set(row.registrationId, row.id);
  return byRegistration;
}

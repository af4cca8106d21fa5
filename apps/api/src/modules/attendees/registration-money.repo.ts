import { and, desc, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { orders } from '../../db/schema';

/** Orders that were paid, whatever was refunded of them since (docs/product.md section 19). */
const PAID_STATUSES = ['paid', 'partially_refunded', 'refunded'];
/** Orders with money an admin may give back: paid ones, and those paid too late (refund_required). */
const REFUNDABLE_STATUSES = ['paid', 'partially_refunded', 'refund_required'];

export interface RegistrationMoney {
  /** What its paid orders came to; null when nothing was paid (free or imported). */
  paid: number | null;
  /** Of that, what was refunded. */
  refunded: number;
  /** Its newest order with money left to refund, for the list's "Refund and cancel". */
  refundableOrderId: string | null;
}

/**
 * The money of each of these registrations, for the attendee list (docs/decisions/0030-money-screens.md):
 * read for one page's registrations only, so a 50,000-attendee event never sums every order.
 */
export async function findRegistrationMoney(
  db: DbOrTx,
  registrationIds: string[],
): Promise<Map<string, RegistrationMoney>> {
  const money = new Map<string, RegistrationMoney>();
  if (registrationIds.length === 0) return money;
  const rows = await db
    .select({
      id: orders.id,
      registrationId: orders.registrationId,
      amount: orders.amount,
      refundedAmount: orders.refundedAmount,
      paymentStatus: orders.paymentStatus,
    })
    .from(orders)
    .where(
      and(
        inArray(orders.registrationId, registrationIds),
        inArray(orders.paymentStatus, [...new Set([...PAID_STATUSES, ...REFUNDABLE_STATUSES])]),
      ),
    )
    .orderBy(desc(orders.createdAt), desc(orders.id));
  for (const row of rows) {
    const entry = money.get(row.registrationId) ?? { paid: null, refunded: 0, refundableOrderId: null };
    if (PAID_STATUSES.includes(row.paymentStatus)) {
      entry.paid = (entry.paid ?? 0) + row.amount;
      entry.refunded += row.refundedAmount;
    }
    const isRefundable = REFUNDABLE_STATUSES.includes(row.paymentStatus) && row.amount > row.refundedAmount;
    if (isRefundable && entry.refundableOrderId === null) entry.refundableOrderId = row.id;
    money.set(row.registrationId, entry);
  }
  return money;
}

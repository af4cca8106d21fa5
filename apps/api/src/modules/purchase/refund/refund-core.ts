import { formatMoney, type TCurrency } from '@clubtix/contract';
import type { Tx } from '../../../db/client';
import type { EventRow, RefundRow } from '../../../db/schema';
import { AppError, badInput, conflict, fieldError } from '../../../core/errors';
import type { Deps } from '../../../core/deps';
import { queueRefundMail } from '../../mail/refund-mail';
import { registrationLines, releaseSeats } from '../hold/holds.repo';
import {
  addRefundToOrder,
  cancelRegistration,
  REFUNDABLE_STATUSES,
  voidOrderVouchers,
  type LockedOrder,
} from './refund-orders.repo';
import { adoptRefund, findRefundByProviderId, insertRefund } from './refunds.repo';

/** One refund to make on an order whose row the caller holds locked. */
export interface RefundAsk {
  /** Undefined: all that is left. */
  amount: number | undefined;
  reason: string | null;
  releaseTickets: boolean;
  source: 'admin' | 'cancellation';
  /** Stored with the refund: the same request again finds it (refunds.request_key is unique). */
  requestKey: string | null;
  /** The provider's idempotency key for this refund. */
  providerKey: string;
  createdBy: string | null;
}

export interface RefundDone {
  refund: RefundRow;
  /** Whether seats went back on sale (the waiting list may offer them). */
  seatsFreed: boolean;
}

const isRefundable = (status: string) => (REFUNDABLE_STATUSES as readonly string[]).includes(status);

/** What is left to refund of an order, or the reason there is nothing to refund. */
export function leftToRefund({ order }: LockedOrder): number {
  if (!isRefundable(order.paymentStatus)) {
    if (order.paymentStatus === 'refunded') throw conflict('This order is refunded already: nothing is left to refund');
    throw conflict('Only a paid order can be refunded');
  }
  const left = order.amount - order.refundedAmount;
  if (left <= 0) throw conflict('This order is refunded already: nothing is left to refund');
  return left;
}

/**
 * Refunds a locked order: the provider first (under the lock, with the refund's own idempotency
 * key, so two refunds of one order never both reach it and a retry never pays twice), then the
 * refunds row, the order's refundedAmount and status, the released tickets and the buyer's mail,
 * all in the caller's transaction.
 */
export async function refundLockedOrder(
  tx: Tx,
  deps: Deps,
  event: EventRow,
  locked: LockedOrder,
  ask: RefundAsk,
): Promise<RefundDone> {
  const { order, registration } = locked;
  const money = (minor: number) => formatMoney(minor, order.currency as TCurrency);
  const left = leftToRefund(locked);
  const amount = ask.amount ?? left;
  if (amount > left) throw fieldError('amount', `At most ${money(left)} is left to refund on this order`);
  if (ask.releaseTickets && amount !== left) {
    throw badInput('Tickets can be released only with a full refund of what is left', 'releaseTickets');
  }
  const provider = deps.payments;
  if (!order.paymentIntentId) throw conflict('This order has no payment to refund');
  if (order.provider && order.provider !== provider.name) {
    throw conflict(`This order was paid through the ${order.provider} provider: refund it there`);
  }
  const outcome = await provider.refund({
    paymentIntentId: order.paymentIntentId,
    amount,
    key: ask.providerKey,
    metadata: { orderId: order.id, clubId: order.clubId },
    db: tx,
  });
  if (!outcome.ok) throw new AppError('PAYMENT_FAILED', 402, outcome.message);

  const values = {
    source: ask.source,
    reason: ask.reason,
    requestKey: ask.requestKey,
    releasedTickets: ask.releaseTickets,
    createdBy: ask.createdBy,
  };
  // The provider's webhook for this very refund may be in already (after a crash before our commit):
  // then it is counted, and becomes ours.
  const known = await findRefundByProviderId(tx, outcome.refund.id);
  let refund: RefundRow;
  let updated = order;
  if (known) {
    refund = await adoptRefund(tx, known.id, values);
  } else {
    const inserted = await insertRefund(tx, {
      ...values,
      clubId: order.clubId,
      eventId: order.eventId,
      orderId: order.id,
      amount,
      currency: order.currency,
      provider: provider.name,
      providerRefundId: outcome.refund.id,
    });
    // request_key and provider_refund_id are unique; under the order's lock nothing else writes them.
    if (!inserted) throw conflict('This refund was recorded meanwhile; read the order again');
    refund = inserted;
    updated = await addRefundToOrder(tx, order, amount);
  }

  let seatsFreed = false;
  if (ask.releaseTickets) {
    // A confirmed registration holds sold seats; any other gave them back already (a lapsed hold paid late).
    if (registration.status === 'confirmed') {
      await releaseSeats(tx, registration.eventId, await registrationLines(tx, registration.id), true);
      seatsFreed = true;
    }
    await cancelRegistration(tx, registration.id);
    await voidOrderVouchers(tx, order.id);
  }
  await queueRefundMail(tx, deps.config, {
    clubId: order.clubId,
    to: registration.email,
    event,
    order: updated,
    refund,
  });
  return { refund, seatsFreed };
}

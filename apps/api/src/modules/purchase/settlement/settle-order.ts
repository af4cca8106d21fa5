import type { Db } from '../../../db/client';
import type { EventRow } from '../../../db/schema';
import { transactionStartingWith } from '../../../db/transaction-ending-with';
import type { Deps } from '../../../core/deps';
import { queueMails } from '../../mail/mail-queue';
import { ticketMails } from '../../mail/ticket-mail';
import { Batcher } from '../../../core/batcher';
import { counterGate } from '../counter-gate';
import { linesOf, soldIncrements } from '../seats.repo';
import { confirmedRow, paidRow, settlePaidOrder, type Settlement } from './settle-paid-order';
import {
  confirmRegistrations,
  lockOrdersAndRegistrations,
  markOrdersPaid,
  readSettlements,
  type SettlementRead,
} from './settlement.repo';

/**
 * Paid orders settled together: the confirmations of buyers that arrive together share one
 * transaction, its lock, its read, one insert of their ticket mails and one COMMIT with their writes,
 * as their holds do (docs/decisions/0058-batched-settlements.md).
 *
 * Only the common case goes in a batch: an order still pending, for money, whose registration is
 * still held and has no extras. Anything else (already settled, a lapsed or cancelled hold, extras
 * vouchers to issue) is left to settlePaidOrder, one order at a time, after the batch; so every
 * rarer rule stays in one place (settle-order.ts) and a batch does exactly what settlePaidOrder
 * does in the common case.
 */
const isCommonCase = (read: SettlementRead | undefined): read is SettlementRead & { event: EventRow } =>
  read !== undefined &&
  read.order.paymentStatus === 'pending' &&
  read.order.amount > 0 &&
  read.registration.status === 'pending' &&
  !read.hasExtras &&
  read.event !== undefined;

/** Settles the common-case orders among `orderIds` in one transaction; undefined for each left to settle alone. */
export async function settleTogether(deps: Deps, orderIds: string[]): Promise<(Settlement | undefined)[]> {
  // An order asked for twice in one batch (the browser and the webhook) is settled once, by the first.
  const ids = [...new Set(orderIds)].sort();
  const gates = new Map<string, ReturnType<typeof counterGate>>();
  try {
    const settled = await transactionStartingWith(deps.db, [lockOrdersAndRegistrations(ids)], async (tx, client) => {
      const reads = await readSettlements(client, ids);
      const common = ids.flatMap((id) => {
        const read = reads.get(id);
        return isCommonCase(read) ? [read] : [];
      });
      if (common.length === 0) return { result: new Map<string, Settlement>(), last: [] };
      const now = new Date();
      const result = new Map<string, Settlement>();
      for (const { order, registration, party, items } of common) {
        const confirmed = { registration: confirmedRow(registration, now), attendees: party };
        result.set(order.id, { order: paidRow(order, now), items, confirmed, vouchers: [] });
      }
      await queueMails(
        tx,
        deps.config,
        common.flatMap(({ order, event, party }) =>
          ticketMails(deps.config, event, result.get(order.id)!.confirmed!.registration, party, {
            vouchers: [],
            order,
          }),
        ),
      );
      // The events' counters last, each event's turn taken in id order (hold/counter-gate.ts).
      for (const eventId of [...new Set(common.map(({ registration }) => registration.eventId))].sort()) {
        const gate = counterGate();
        gates.set(eventId, gate);
        await gate.enter(eventId);
      }
      return {
        result,
        last: [
          confirmRegistrations(
            common.map(({ registration }) => registration.id),
            now,
          ),
          markOrdersPaid(
            common.map(({ order }) => order.id),
            now,
          ),
          // One increment per ticket type, in the ticket-id order every writer of the counters takes.
          ...soldIncrements(linesOf(common.flatMap(({ party }) => party))),
        ],
      };
    });
    if (settled.size > 0) void deps.mail.flush().catch(() => undefined);
    // Counted once committed: a settlement rolled back sold nothing.
    for (const { confirmed } of settled.values()) deps.metrics.ticketsSold.inc(confirmed?.attendees.length ?? 0);
    const first = new Set<string>();
    return orderIds.map((id) => {
      if (first.has(id)) return undefined;
      first.add(id);
      return settled.get(id);
    });
  } finally {
    for (const gate of gates.values()) gate.leave();
  }
}

const batchersOf = new WeakMap<Db, Batcher<string, Settlement | undefined>>();

/**
 * The settlement of a paid order, in a batch with the orders of other buyers confirming at the same
 * moment (../batcher.ts; one lane: a batch may hold several events' orders), or alone when it is not
 * the common case. Answered once its transaction has committed.
 */
export async function settleOrder(deps: Deps, orderId: string): Promise<Settlement> {
  let batcher = batchersOf.get(deps.db);
  if (!batcher) {
    batcher = new Batcher((ids: string[]) => settleTogether(deps, ids));
    batchersOf.set(deps.db, batcher);
  }
  return (await batcher.run(orderId)) ?? settlePaidOrder(deps, orderId);
}

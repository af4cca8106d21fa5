import type { TEventCancellation } from '@clubtix/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { EventCancellationRow, EventRow } from '../../../db/schema';
import type { Actor } from '../../../core/actor';
import { AppError, notFound } from '../../../core/errors';
import type { Deps } from '../../../core/deps';
import { findEventById } from '../../events/events.repo';
import { loadManagedEvent } from '../../events/events.service';
import { orderPayable } from '../payables/order.payable';
import { refundLockedPayable } from './refund-core';
import { markOrderRefundRequired } from '../refund-orders.repo';
import { afterRefunds } from './refund.service';
import { insertRefund } from './refunds.repo';
import {
  cancellationKey,
  claimOrdersToRefund,
  countCancellationOutcome,
  countOrdersToRefund,
  failedKey,
  findCancellation,
  findOpenCancellations,
  finishIfDone,
  insertCancellation,
  markEventCancelled,
} from './cancellation.repo';

/** Orders refunded per transaction: a crash loses at most one batch's commit, never a refund (keys). */
export const CANCELLATION_BATCH = 20;

function toCancellationDto(row: EventCancellationRow): TEventCancellation {
  return {
    eventId: row.eventId,
    refundAll: row.refundAll,
    ordersToRefund: row.ordersToRefund,
    ordersRefunded: row.ordersRefunded,
    ordersFailed: row.ordersFailed,
    finished: row.finishedAt !== null,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * POST /event/cancelEvent (docs/product.md section 19): the event is cancelled (sales stop) and,
 * with refundAll, each order with money left is refunded in full with its tickets released, in
 * batches the sweep of any process takes on (kicked here at once). Again: the first cancellation.
 */
export async function cancelEvent(
  deps: Deps,
  actor: Actor,
  input: { eventId: string; refundAll: boolean },
  log?: FastifyBaseLogger,
): Promise<TEventCancellation> {
  const event = await loadManagedEvent(deps, actor, input.eventId);
  const row = await deps.db.transaction(async (tx) => {
    const known = await findCancellation(tx, event.id);
    if (known) return known;
    await markEventCancelled(tx, event.id);
    const ordersToRefund = input.refundAll ? await countOrdersToRefund(tx, event.id) : 0;
    const inserted = await insertCancellation(tx, {
      eventId: event.id,
      clubId: event.clubId,
      refundAll: input.refundAll,
      ordersToRefund,
      createdBy: actor.id,
      finishedAt: input.refundAll && ordersToRefund > 0 ? null : new Date(),
    });
    return inserted ?? (await findCancellation(tx, event.id))!;
  });
  if (row.refundAll && !row.finishedAt) {
    void refundCancelledEvent(deps, row.eventId, CANCELLATION_BATCH, log).catch((error: unknown) =>
      log?.warn({ err: error, eventId: row.eventId }, 'refunding a cancelled event failed; the sweep goes on'),
    );
  }
  return toCancellationDto(row);
}

export async function findEventCancellation(deps: Deps, actor: Actor, eventId: string): Promise<TEventCancellation> {
  const event = await loadManagedEvent(deps, actor, eventId);
  const row = await findCancellation(deps.db, event.id);
  if (!row) throw notFound('Cancellation');
  return toCancellationDto(row);
}

/**
 * One batch: up to `batch` orders claimed (SKIP LOCKED), each refunded in full with its tickets
 * released under the key cancellationKey, in a savepoint of its own; one the provider refuses is
 * left refund_required for the admin (counted in ordersFailed, not tried again). Answers how many
 * orders it took.
 */
async function refundBatch(deps: Deps, event: EventRow, batch: number, log?: FastifyBaseLogger): Promise<number> {
  const outcome = { refunded: 0, failed: 0, freed: false };
  const taken = await deps.db.transaction(async (tx) => {
    const ids = await claimOrdersToRefund(tx, event.id, batch);
    for (const id of ids) {
      const locked = await orderPayable.lockForRefund(tx, id);
      if (!locked) continue;
      try {
        const done = await tx.transaction((savepoint) =>
          refundLockedPayable(savepoint, deps, event, orderPayable, locked, {
            amount: undefined,
            reason: 'The event was cancelled',
            releaseTickets: true,
            source: 'cancellation',
            requestKey: cancellationKey(id),
            providerKey: cancellationKey(id),
            createdBy: null,
          }),
        );
        outcome.refunded += 1;
        outcome.freed ||= done.seatsFreed;
      } catch (error) {
        if (!(error instanceof AppError)) log?.warn({ err: error, orderId: id }, 'a cancelled event refund failed');
        const message = error instanceof Error ? error.message : String(error);
        await insertRefund(tx, {
          clubId: locked.clubId,
          eventId: locked.eventId,
          orderId: id,
          sponsorshipId: null,
          extrasPurchaseId: null,
          amount: 0,
          currency: locked.currency,
          reason: message.slice(0, 500),
          source: 'cancellation',
          requestKey: failedKey(id),
          provider: deps.payments.name,
          providerRefundId: null,
          releasedTickets: false,
          createdBy: null,
        });
        await markOrderRefundRequired(tx, id);
        outcome.failed += 1;
      }
    }
    await countCancellationOutcome(tx, event.id, outcome);
    return ids.length;
  });
  if (outcome.refunded > 0) afterRefunds(deps, outcome.freed ? [event.id] : [], log);
  return taken;
}

/** Refunds a cancelled event's orders batch after batch until none is left to this process. */
export async function refundCancelledEvent(
  deps: Deps,
  eventId: string,
  batch = CANCELLATION_BATCH,
  log?: FastifyBaseLogger,
): Promise<void> {
  const cancellation = await findCancellation(deps.db, eventId);
  if (!cancellation?.refundAll || cancellation.finishedAt) return;
  const event = await findEventById(deps.db, eventId, null);
  if (!event) return;
  while ((await refundBatch(deps, event, batch, log)) > 0) {
    // The next batch: whatever other processes left.
  }
  await finishIfDone(deps.db, eventId);
}

/**
 * The background sweep of every process (app.ts): each open cancellation's refunds go on, so a
 * process that stopped in the middle only delays them. One pass at a time per process.
 */
export function createCancellationSweep(deps: Deps, log?: FastifyBaseLogger, batch = CANCELLATION_BATCH) {
  let running: Promise<void> | null = null;
  const pass = async () => {
    for (const cancellation of await findOpenCancellations(deps.db, 10)) {
      await refundCancelledEvent(deps, cancellation.eventId, batch, log);
    }
  };
  return {
    run(): Promise<void> {
      running ??= pass().finally(() => {
        running = null;
      });
      return running;
    },
    /** Waits for a pass under way, before the database pool closes under it. */
    async stop(): Promise<void> {
      await running;
    },
  };
}

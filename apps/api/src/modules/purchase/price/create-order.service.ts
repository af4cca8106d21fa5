import { withItems } from '../orders.mapper';
import { type TCreateOrderResponse, type ZCreateOrderRequest } from '@clubtix/contract';
import type { z } from 'zod';
import type { OrderItemRow, OrderRow, RegistrationRow } from '../../../db/schema';
import { conflict, notFound } from '../../../core/errors';
import type { Deps } from '../../../core/deps';
import { findPublicExtrasByIds } from '../../extras/extras.repo';
import { assertExtrasInStock } from '../../extras/extras-stock';
import { settlePaidOrder } from '../settlement/settle-paid-order';
import { assertFormAnswered } from '../details/form-answers';
import { settleFreeOrder, type FreeOrderOutcome } from './free-booking.service';
import { chosenDiscount, discountOf, sameDiscount, switchCodeUses } from './order-code';
import { toOrderDto } from '../orders.mapper';
import { findItemsOf, findOrderToPrice, repriceOrder, type OrderItemValues } from '../orders.repo';
import { readPricing, type PricingRead } from './order-pricing.repo';

/** Re-pricings lost to a payment or a new intent at the same moment before the buyer is asked to retry. */
const PRICING_ATTEMPTS = 3;

/** A line as it counts for the order: two orders of the same lines are the same order. */
const lineKey = (item: Pick<OrderItemRow, 'kind' | 'ticketId' | 'extrasId' | 'name' | 'quantity' | 'unitPrice'>) =>
  JSON.stringify([item.kind, item.ticketId, item.extrasId, item.name, item.quantity, item.unitPrice]);

function sameLines(current: OrderItemValues[], wanted: OrderItemValues[]): boolean {
  const a = current.map(lineKey).sort();
  const b = wanted.map(lineKey).sort();
  return a.length === b.length && a.every((key, index) => key === b[index]);
}

/** The order lost a race (paid, or given an intent, meanwhile): read it again and start over. */
class OrderChanged extends Error {}

async function withOutcome(deps: Deps, outcome: FreeOrderOutcome): Promise<TCreateOrderResponse> {
  const order = await withItems(deps, outcome.order);
  return outcome.emailConfirmation ? { order, emailConfirmation: outcome.emailConfirmation } : { order };
}

/**
 * Step 3 of buying: the whole order priced on the server from the held tickets and the chosen
 * extras (the browser's prices are never trusted). A free order is confirmed at once, or on an
 * event with confirmFreeByEmail waits for the link mailed to its buyer (free-booking.service.ts).
 * `ip`: the buyer's (request.ip), whose wrong codes are counted when a new code is typed.
 */
export async function createOrder(
  deps: Deps,
  input: z.output<typeof ZCreateOrderRequest>,
  ip: string,
): Promise<TCreateOrderResponse> {
  // The registration, its order and the order's lines in one round trip; a retry reads the order again.
  const read = await readPricing(deps.db.$client, input.registrationId, input.qrUuid);
  if (!read) throw notFound('Registration');
  const { registration } = read;
  if (registration.status === 'expired') throw conflict('Your hold on these tickets has expired; please start again');
  if (registration.status === 'cancelled') throw conflict('This registration was cancelled');
  for (let attempt = 1; ; attempt += 1) {
    try {
      const found = attempt === 1 ? read.found : await findOrderWithLines(deps, registration.id);
      return await priceOrder(deps, registration, found, input.extras, input.discountCode, ip);
    } catch (error) {
      if (!(error instanceof OrderChanged)) throw error;
      if (attempt >= PRICING_ATTEMPTS)
        throw conflict('This order is being paid or changed elsewhere; please try again');
    }
  }
}

/** Pricing's reading of the order when it starts over (the first attempt reads it with the registration). */
async function findOrderWithLines(deps: Deps, registrationId: string): Promise<PricingRead['found']> {
  const found = await findOrderToPrice(deps.db, registrationId);
  return found && { ...found, items: await findItemsOf(deps.db, [found.order.id]) };
}

async function priceOrder(
  deps: Deps,
  registration: RegistrationRow,
  found: PricingRead['found'],
  chosen: z.output<typeof ZCreateOrderRequest>['extras'],
  typedCode: string | null | undefined,
  ip: string,
): Promise<TCreateOrderResponse> {
  if (!found) throw notFound('Order');
  const { order, items: current } = found;
  if (order.paymentStatus !== 'pending') return { order: toOrderDto(order, current) };
  // A buyer may skip /registration/save: required questions are answered before anything is priced.
  if (found.asksRequired) await assertFormAnswered(deps, registration);

  const extras = await findPublicExtrasByIds(
    deps.db,
    chosen.map((line) => line.extrasId),
  );
  const extrasItems = chosen.map((line): OrderItemValues => {
    const item = extras.find(
      (candidate) => candidate.id === line.extrasId && candidate.eventId === registration.eventId,
    );
    if (!item) throw notFound('Extra');
    return {
      kind: 'extras',
      ticketId: null,
      extrasId: item.id,
      name: item.name,
      quantity: line.quantity,
      unitPrice: item.price,
      amount: item.price * line.quantity,
    };
  });
  const ticketItems = current.filter((item) => item.kind === 'ticket');
  const wanted = [...ticketItems, ...extrasItems];
  const discount = await chosenDiscount(deps.db, registration, order, ticketItems, typedCode, ip);
  if (sameLines(current, wanted) && sameDiscount(discountOf(order), discount)) {
    // The order as it stands (a reload, the same extras again): its payment intent, if any, stays.
    if (order.amount === 0) return withOutcome(deps, await settleFreeOrder(deps, registration, order));
    return { order: toOrderDto(order, current) };
  }
  if (order.paymentIntentId) {
    // The buyer may have paid this intent (another tab, or Stripe already submitted): the provider
    // settles which it is before the order changes under it.
    const paid = await cancelOrSettle(deps, order, order.paymentIntentId);
    if (paid) return { order: await withItems(deps, paid) };
  }
  const priced = await deps.db.transaction(async (tx) => {
    // Extras with a stock are held by a pending order as by a purchase of their own (0014).
    if (chosen.length > 0) {
      await assertExtrasInStock(tx, chosen, {
        reservationMinutes: deps.config.reservationMinutes,
        excludeOrderId: order.id,
      });
    }
    const row = await repriceOrder(tx, order, order.paymentIntentId, wanted, discount);
    if (!row) throw new OrderChanged();
    await switchCodeUses(tx, order, discount);
    return row;
  });
  if (priced.amount === 0) return withOutcome(deps, await settleFreeOrder(deps, registration, priced));
  return { order: await withItems(deps, priced) };
}

/**
 * Cancels the order's payment intent with the provider. Answers nothing when it is cancelled (it
 * can never be paid now), or the order as settled when the payment went through first.
 */
async function cancelOrSettle(deps: Deps, order: OrderRow, intentId: string): Promise<OrderRow | undefined> {
  const state = await deps.payments.cancelIntent(intentId);
  if (!state || state.status === 'canceled') return undefined;
  if (state.status === 'succeeded') {
    // The order is settled at the amount paid for: it was given this intent only at that amount.
    if (state.amount !== order.amount || state.currency.toLowerCase() !== order.currency) {
      throw conflict('The payment does not match the amount due');
    }
    return (await settlePaidOrder(deps, order.id)).order;
  }
  throw conflict('Your payment is being processed: wait for it to complete before changing the order');
}

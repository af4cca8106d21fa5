import type { TCurrency, TExtrasPurchase, TPaymentIntent } from '@clubtix/contract';
import type { ExtrasPurchaseRow, ExtrasRow } from '../../db/schema';
import { conflict, notFound } from '../../plugins/errors';
import type { Deps } from '../../plugins/routes';
import { loadVisibleEvent } from '../events/events.service';
import { findExtrasById } from './extras.repo';
import {
  findExtrasPurchase,
  insertExtrasPurchase,
  markExtrasPurchasePaid,
  setExtrasPurchaseIntent,
} from './extras-purchases.repo';
import { toExtrasDto } from './extras.service';

export function toExtrasPurchaseDto(row: ExtrasPurchaseRow, extras: ExtrasRow): TExtrasPurchase {
  return {
    id: row.id,
    eventId: row.eventId,
    extras: toExtrasDto(extras),
    email: row.email,
    quantity: row.quantity,
    amount: row.amount,
    currency: row.currency as TCurrency,
    qrUuid: row.qrUuid,
    paymentStatus: row.paymentStatus as TExtrasPurchase['paymentStatus'],
    redeemedAt: row.redeemedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** An extra bought on its own, priced on the server; pending until paid, then its QR is redeemable once. */
export async function purchaseExtras(
  deps: Deps,
  input: { eventId: string; extrasId: string; quantity: number; email: string },
): Promise<TExtrasPurchase> {
  const event = await loadVisibleEvent(deps, null, input.eventId);
  const extras = await findExtrasById(deps.db, input.extrasId, event.clubId);
  if (!extras || extras.eventId !== event.id || !extras.isActive) throw notFound('Extra');
  const row = await insertExtrasPurchase(deps.db, {
    clubId: event.clubId,
    eventId: event.id,
    extrasId: extras.id,
    email: input.email,
    quantity: input.quantity,
    amount: extras.price * input.quantity,
    currency: event.currency,
  });
  if (row.amount === 0) await markExtrasPurchasePaid(deps.db, row.id);
  return toExtrasPurchaseDto((await findExtrasPurchase(deps.db, row.id))!, extras);
}

export async function startExtrasPayment(deps: Deps, purchaseId: string): Promise<TPaymentIntent> {
  const purchase = await findExtrasPurchase(deps.db, purchaseId);
  if (!purchase) throw notFound('Extras purchase');
  if (purchase.paymentStatus !== 'pending') throw conflict('This purchase is already paid');
  const intent = await deps.payments.createIntent({
    amount: purchase.amount,
    currency: purchase.currency,
    key: `extras:${purchase.id}`,
    description: `ClubTix extras ${purchase.id}`,
  });
  await setExtrasPurchaseIntent(deps.db, purchase.id, intent.id, deps.payments.name);
  return {
    provider: deps.payments.name,
    clientSecret: intent.clientSecret,
    paymentIntentId: intent.id,
    amount: purchase.amount,
    currency: purchase.currency as TCurrency,
    ...(deps.payments.publishableKey ? { publishableKey: deps.payments.publishableKey } : {}),
  };
}

/** Idempotent: a second confirmation finds it paid and changes nothing. */
export async function settlePaidExtrasPurchase(deps: Deps, purchaseId: string): Promise<void> {
  await markExtrasPurchasePaid(deps.db, purchaseId);
}

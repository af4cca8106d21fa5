import { queueVoucherMail } from '../payables/extras.payable';
import type { TExtrasPurchase, TLanguage } from '@clubtix/contract';
import { notFound } from '../../../core/errors';
import type { Deps } from '../../../core/deps';
import { loadVisibleEvent } from '../../events/events.service';
import { findExtrasById } from '../../extras/extras.repo';
import { assertExtrasInStock } from '../../extras/extras-stock';
import { findExtrasPurchase, insertExtrasPurchase, markExtrasPurchasePaid } from '../extras-purchases.repo';
import { toExtrasPurchaseDto } from '../extras-purchases.mapper';

/**
 * An extra bought on its own, priced on the server; pending until paid, then its QR is redeemable
 * once. An extra with a quantity sells no more than that (assertExtrasInStock): 409 SOLD_OUT and
 * nothing stored.
 */
export async function purchaseExtras(
  deps: Deps,
  input: { eventId: string; extrasId: string; quantity: number; email: string },
  language: TLanguage,
): Promise<TExtrasPurchase> {
  const event = await loadVisibleEvent(deps, null, input.eventId);
  const extras = await findExtrasById(deps.db, input.extrasId, event.clubId);
  if (!extras || extras.eventId !== event.id || !extras.isActive) throw notFound('Extra');
  const row = await deps.db.transaction(async (tx) => {
    await assertExtrasInStock(tx, [{ extrasId: extras.id, quantity: input.quantity }], {
      reservationMinutes: deps.config.reservationMinutes,
    });
    const inserted = await insertExtrasPurchase(tx, {
      clubId: event.clubId,
      eventId: event.id,
      extrasId: extras.id,
      email: input.email,
      quantity: input.quantity,
      amount: extras.price * input.quantity,
      currency: event.currency,
      language,
    });
    if (inserted.amount === 0 && (await markExtrasPurchasePaid(tx, inserted.id))) {
      await queueVoucherMail(tx, deps, inserted);
    }
    return inserted;
  });
  if (row.amount === 0) void deps.mail.flush().catch(() => undefined);
  return toExtrasPurchaseDto((await findExtrasPurchase(deps.db, row.id))!, extras);
}

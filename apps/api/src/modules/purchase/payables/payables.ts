import type { Deps } from '../../../core/deps';
import type { DbOrTx } from '../../../db/client';
import type { IntentState } from '../../../core/payment-provider';
import { extrasPayable } from './extras.payable';
import { orderPayable } from './order.payable';
import { passPayable } from './pass.payable';
import type { Payable, PayableKind, PayableState } from './payable';
import { sponsorshipPayable } from './sponsorship.payable';

/** Every kind of payable, each behind the one interface (docs/decisions/0026-one-purchase-pipeline.md). */
export const payables: Record<PayableKind, Payable> = {
  order: orderPayable,
  sponsorship: sponsorshipPayable,
  extras: extrasPayable,
  pass: passPayable,
};

const allPayables = Object.values(payables);

/** The payable an intent is attached to now, if any. */
export async function findPayable(db: DbOrTx, paymentIntentId: string): Promise<PayableState | undefined> {
  for (const payable of allPayables) {
    const found = await payable.findByIntent(db, paymentIntentId);
    if (found) return found;
  }
  return undefined;
}

/**
 * The payable an intent was made for: by the id its metadata names first (it finds the payable even
 * after the payable moved to another intent), else by the intent attached to it (intents made before
 * each kind sent its id, and providers that keep no metadata).
 */
export async function findPayableOfIntent(deps: Deps, intent: IntentState): Promise<PayableState | undefined> {
  for (const payable of allPayables) {
    const id = intent.metadata?.[payable.metadataKey];
    if (id) {
      const found = await payable.findById(deps.db, id);
      if (found) return found;
    }
  }
  return findPayable(deps.db, intent.id);
}

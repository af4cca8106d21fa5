import type { Deps } from '../../plugins/routes';
import { findExtrasPurchaseByIntent } from '../extras/extras-purchases.repo';
import { settlePaidExtrasPurchase } from '../extras/extras-purchases.service';
import { findOrderByPaymentIntent } from '../orders/orders.repo';
import { findSponsorshipByIntent } from '../sponsorships/sponsorships.repo';
import { settlePaidSponsorship } from '../sponsorships/sponsorships.service';

/** What a payment intent pays for: a ticket order, a donation or sponsorship, or extras bought alone. */
export interface Payable {
  kind: 'order' | 'sponsorship' | 'extras';
  id: string;
  amount: number;
  currency: string;
  /** Already paid (or, for an order, flagged for refund): settling again changes nothing. */
  settled: boolean;
}

export async function findPayable(deps: Deps, paymentIntentId: string): Promise<Payable | undefined> {
  const order = await findOrderByPaymentIntent(deps.db, paymentIntentId);
  if (order) {
    const settled = order.paymentStatus === 'paid' || order.paymentStatus === 'refund_required';
    return { kind: 'order', id: order.id, amount: order.amount, currency: order.currency, settled };
  }
  const sponsorship = await findSponsorshipByIntent(deps.db, paymentIntentId);
  if (sponsorship) {
    const { id, amount, currency } = sponsorship;
    return { kind: 'sponsorship', id, amount, currency, settled: sponsorship.paymentStatus === 'paid' };
  }
  const extras = await findExtrasPurchaseByIntent(deps.db, paymentIntentId);
  if (extras) {
    const { id, amount, currency } = extras;
    return { kind: 'extras', id, amount, currency, settled: extras.paymentStatus === 'paid' };
  }
  return undefined;
}

/** Settles a sponsorship or an extras purchase (orders have their own settlement, with seats and mail). */
export async function settleOtherPayable(deps: Deps, payable: Payable): Promise<void> {
  if (payable.kind === 'sponsorship') await settlePaidSponsorship(deps, payable.id);
  if (payable.kind === 'extras') await settlePaidExtrasPurchase(deps, payable.id);
}

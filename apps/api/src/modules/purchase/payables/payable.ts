import type { Deps } from '../../../core/deps';
import { findExtrasPurchaseByIntent } from '../extras-purchases.repo';
import { settlePaidExtrasPurchase } from './extras.payable';
import { findOrderByPaymentIntent } from '../orders.repo';
import { findSponsorshipByIntent } from '../sponsorships.repo';
import { settlePaidSponsorship } from './sponsorship.payable';

/** What a payment intent pays for: a ticket order, a donation or sponsorship, or extras bought alone. */
export interface Payable {
  kind: 'order' | 'sponsorship' | 'extras';
  id: string;
  amount: number;
  currency: string;
  /** Already paid or flagged for refund: settling again changes nothing. */
  settled: boolean;
  /** Flagged for refund: paid after what it bought was gone. */
  refundRequired: boolean;
  /** A sponsorship without a package: a donation. */
  isDonation?: boolean;
}

const settlementOf = (paymentStatus: string) => ({
  settled: paymentStatus === 'paid' || paymentStatus === 'refund_required',
  refundRequired: paymentStatus === 'refund_required',
});

export async function findPayable(deps: Deps, paymentIntentId: string): Promise<Payable | undefined> {
  const order = await findOrderByPaymentIntent(deps.db, paymentIntentId);
  if (order) {
    const { id, amount, currency } = order;
    return { kind: 'order', id, amount, currency, ...settlementOf(order.paymentStatus) };
  }
  const sponsorship = await findSponsorshipByIntent(deps.db, paymentIntentId);
  if (sponsorship) {
    const { id, amount, currency } = sponsorship;
    return {
      kind: 'sponsorship',
      id,
      amount,
      currency,
      ...settlementOf(sponsorship.paymentStatus),
      isDonation: sponsorship.packageId === null,
    };
  }
  const extras = await findExtrasPurchaseByIntent(deps.db, paymentIntentId);
  if (extras) {
    const { id, amount, currency } = extras;
    return { kind: 'extras', id, amount, currency, ...settlementOf(extras.paymentStatus) };
  }
  return undefined;
}

/**
 * Settles a sponsorship or an extras purchase (orders have their own settlement, with seats and
 * mail) and answers the payable as it left it: paid, or flagged for refund.
 */
export async function settleOtherPayable(deps: Deps, payable: Payable): Promise<Payable> {
  const status =
    payable.kind === 'sponsorship'
      ? await settlePaidSponsorship(deps, payable.id)
      : payable.kind === 'extras'
        ? await settlePaidExtrasPurchase(deps, payable.id)
        : undefined;
  return status ? { ...payable, ...settlementOf(status) } : payable;
}

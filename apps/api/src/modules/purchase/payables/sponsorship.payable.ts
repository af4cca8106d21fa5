import type { TSponsorship } from '@clubtix/contract';
import type { SponsorshipRow } from '../../../db/schema';
import type { Tx } from '../../../db/client';
import { conflict, notFound, soldOut, say } from '../../../core/errors';
import type { Deps } from '../../../core/deps';
import {
  addRefundToSponsorship,
  attachSponsorshipIntent,
  countPackageTaken,
  findSponsorshipByIntent,
  findSponsorshipView,
  lockLimitedPackage,
  lockSponsorshipForRefund,
  markSponsorshipPaid,
  type SponsorshipView,
} from '../sponsorships.repo';
import { refundTargetOf, settlementOf, type Payable, type PayableState, type RefundTarget } from './payable';
import { adoptSponsorLogo } from '../../media/media.service';

/** Whether a pending one still holds what it took: created within RESERVATION_MINUTES. */
const isHeld = (createdAt: Date, reservationMinutes: number) =>
  createdAt.getTime() > Date.now() - reservationMinutes * 60_000;

/**
 * Whether a package can take one more sponsorship (docs/product.md section 14's quantity). Locks the
 * package row until the transaction ends, so sponsors on any number of processes count one at a time.
 */
export async function packageHasRoom(
  tx: Tx,
  packageId: string,
  reservationMinutes: number,
  excludeSponsorshipId?: string,
): Promise<{ ok: true } | { ok: false; name: string }> {
  const pkg = await lockLimitedPackage(tx, packageId);
  if (!pkg) return { ok: true };
  const taken = await countPackageTaken(tx, pkg, reservationMinutes, excludeSponsorshipId);
  return taken < (pkg.quantity ?? 0) ? { ok: true } : { ok: false, name: pkg.name };
}

export const packageSoldOut = (name: string) => soldOut(say('{name} is sold out', { name }));

/**
 * Idempotent: a second confirmation (or the webhook as well) finds it settled and changes nothing.
 * A package sponsorship paid after its hold lapsed is honoured while the package has room, otherwise
 * it is marked refund_required for the admin, as a late order is (docs/decisions/0003-payments.md).
 * Paid, the sponsor's uploaded logo stops waiting and becomes the club's (docs/decisions/0064-visitor-uploads.md).
 * Answers its payment status once settled (undefined: no such sponsorship), for the giver's message.
 */
async function settlePaidSponsorship(
  deps: Deps,
  sponsorshipId: string,
): Promise<TSponsorship['paymentStatus'] | undefined> {
  return deps.db.transaction(async (tx) => {
    const sponsorship = await findSponsorshipView(tx, sponsorshipId, null);
    if (!sponsorship || sponsorship.paymentStatus !== 'pending') return statusOf(sponsorship);
    let status: 'paid' | 'refund_required' = 'paid';
    const { packageId } = sponsorship;
    if (packageId && !isHeld(sponsorship.createdAt, deps.config.reservationMinutes)) {
      const room = await packageHasRoom(tx, packageId, deps.config.reservationMinutes, sponsorship.id);
      if (!room.ok) status = 'refund_required';
    }
    if (await markSponsorshipPaid(tx, sponsorship.id, status)) {
      // Paid, its logo is the club's from now on (counted in its quota, never swept as unpaid).
      if (status === 'paid') await adoptSponsorLogo(tx, sponsorship);
      return status;
    }
    // Another confirmation settled it a moment ago: answer what it did.
    return statusOf(await findSponsorshipView(tx, sponsorship.id, null));
  });
}

const statusOf = (row: SponsorshipView | undefined) => row?.paymentStatus as TSponsorship['paymentStatus'] | undefined;

const stateOf = (sponsorship: SponsorshipRow): PayableState => ({
  kind: 'sponsorship',
  id: sponsorship.id,
  amount: sponsorship.amount,
  currency: sponsorship.currency,
  paymentIntentId: sponsorship.paymentIntentId,
  ...settlementOf(sponsorship.paymentStatus),
  isDonation: sponsorship.packageId === null,
});

const targetOf = (row: SponsorshipRow): RefundTarget =>
  refundTargetOf('sponsorship', row, {
    email: row.email,
    language: row.language,
    isDonation: row.packageId === null,
  });

/** A sponsorship (a package's amount) or a donation (the giver's): settling one marks it paid. */
export const sponsorshipPayable: Payable = {
  kind: 'sponsorship',
  metadataKey: 'sponsorshipId',
  async findByIntent(db, paymentIntentId) {
    const sponsorship = await findSponsorshipByIntent(db, paymentIntentId);
    return sponsorship && stateOf(sponsorship);
  },
  async findById(db, id) {
    const sponsorship = await findSponsorshipView(db, id, null);
    return sponsorship && stateOf(sponsorship);
  },
  async dueOf(deps, sponsorshipId) {
    const sponsorship = await findSponsorshipView(deps.db, sponsorshipId, null);
    if (!sponsorship) throw notFound('Sponsorship');
    if (sponsorship.paymentStatus !== 'pending') throw conflict('This is already paid: thank you!');
    const { packageId } = sponsorship;
    if (packageId && !isHeld(sponsorship.createdAt, deps.config.reservationMinutes)) {
      // Its hold lapsed: say so before the sponsor pays for a package others have taken meanwhile.
      const room = await deps.db.transaction((tx) =>
        packageHasRoom(tx, packageId, deps.config.reservationMinutes, sponsorship.id),
      );
      if (!room.ok) throw packageSoldOut(room.name);
    }
    return {
      id: sponsorship.id,
      amount: sponsorship.amount,
      currency: sponsorship.currency,
      key: `sponsorship:${sponsorship.id}`,
      description: `ClubTix ${sponsorship.packageId ? 'sponsorship' : 'donation'} ${sponsorship.id}`,
      attachedIntentId: sponsorship.paymentIntentId,
    };
  },
  attachIntent: (db, due, intent) => attachSponsorshipIntent(db, due.id, intent),
  async settle(deps, id) {
    await settlePaidSponsorship(deps, id);
    const sponsorship = await findSponsorshipView(deps.db, id, null);
    if (!sponsorship) throw notFound('Sponsorship');
    return { state: stateOf(sponsorship) };
  },
  async flagForRefund(db, id, intent) {
    return db.transaction(
      async (tx) => (await attachSponsorshipIntent(tx, id, intent)) && markSponsorshipPaid(tx, id, 'refund_required'),
    );
  },
  async lockForRefund(tx, id) {
    const row = await lockSponsorshipForRefund(tx, id);
    return row && targetOf(row);
  },
  addRefund: async (tx, target, amount) => targetOf(await addRefundToSponsorship(tx, target.id, amount)),
  // Refunded, it no longer counts among its package's taken places (countPackageTaken): nothing else to do.
  releaseAfterFullRefund: () => Promise.resolve({ seatsFreed: false, stopsAtDoor: false }),
};

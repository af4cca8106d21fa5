import { PUBLIC_SPONSORS_PER_PACKAGE, type TPublicSponsorPackage, type TPublicSponsors } from '@clubtix/contract';
import type { Deps } from '../../core/deps';
import { loadVisibleEvent } from '../events/events.service';
import { findPackagesByEvent } from '../sponsorship-packages/sponsorship-packages.repo';
import { countPackageTaken, findPublicSponsors } from '../purchase/sponsorships.repo';

/**
 * What the public event page shows of its sponsors (docs/product.md section 21): a published event's
 * active packages in their order (a draft or unknown event: 404, as its page), each with the places a
 * new sponsor would find (counted as the purchase path counts them, held ones included) and the paid
 * sponsors who chose to be shown, by name and logo only.
 */
export async function findPublicSponsorsOfEvent(deps: Deps, eventId: string): Promise<TPublicSponsors> {
  const event = await loadVisibleEvent(deps, null, eventId);
  const packages = await findPackagesByEvent(deps.db, { clubId: event.clubId, eventId: event.id }, true);
  const sponsors = await findPublicSponsors(
    deps.db,
    event.id,
    packages.map((pkg) => pkg.id),
    PUBLIC_SPONSORS_PER_PACKAGE,
  );
  const answer: TPublicSponsorPackage[] = [];
  for (const pkg of packages) {
    const placesLeft =
      pkg.quantity === null
        ? null
        : Math.max(0, pkg.quantity - (await countPackageTaken(deps.db, pkg, deps.config.reservationMinutes)));
    answer.push({
      packageId: pkg.id,
      name: pkg.name,
      amount: pkg.amount,
      placesLeft,
      sponsors: sponsors
        .filter((sponsor) => sponsor.packageId === pkg.id)
        .map((sponsor) => ({ name: sponsor.name, logoUrl: sponsor.logoUrl })),
    });
  }
  return { packages: answer };
}

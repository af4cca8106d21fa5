import { packageHasRoom, packageSoldOut } from '../payables/sponsorship.payable';
import { type TLanguage, type TSponsorship, type ZCreateSponsorshipRequest } from '@clubtix/contract';
import type { z } from 'zod';
import { badInput, conflict, notFound } from '../../../core/errors';
import type { Deps } from '../../../core/deps';
import { loadVisibleEvent } from '../../events/events.service';
import { findPackageById } from '../../sponsorship-packages/sponsorship-packages.repo';
import { findRegistrationForGift, findSponsorshipView, insertSponsorship } from '../sponsorships.repo';
import { toSponsorshipDto } from '../sponsorships.mapper';

/**
 * A donation (no package, the giver's amount) or a sponsorship (an active package's amount), pending
 * until paid. A package with a quantity takes no more than that many (paid, or pending within
 * RESERVATION_MINUTES): 409 SOLD_OUT. Given with a registration (its id and qrUuid, of the same
 * event, else 404), it is stored with it. Refused: nothing is stored.
 */
export async function createSponsorship(
  deps: Deps,
  input: z.output<typeof ZCreateSponsorshipRequest>,
  language: TLanguage,
): Promise<{ sponsorship: TSponsorship }> {
  const event = await loadVisibleEvent(deps, null, input.eventId);
  let amount: number;
  if (input.packageId) {
    if (!event.sponsorshipsEnabled) throw conflict('This event does not take sponsorships');
    const pkg = await findPackageById(deps.db, input.packageId, event.clubId);
    if (!pkg || pkg.eventId !== event.id || !pkg.isActive) throw notFound('Sponsorship package');
    amount = pkg.amount;
  } else {
    if (!event.donationsEnabled) throw conflict('This event does not take donations');
    if (input.amount === undefined) throw badInput('Choose an amount to give', 'amount');
    amount = input.amount;
  }
  const row = await deps.db.transaction(async (tx) => {
    let registrationId: string | null = null;
    if (input.registrationId !== undefined && input.qrUuid !== undefined) {
      const claim = { registrationId: input.registrationId, qrUuid: input.qrUuid, eventId: event.id };
      const registration = await findRegistrationForGift(tx, claim);
      if (!registration) throw notFound('Registration');
      registrationId = registration.id;
    }
    if (input.packageId) {
      const room = await packageHasRoom(tx, input.packageId, deps.config.reservationMinutes);
      if (!room.ok) throw packageSoldOut(room.name);
    }
    return insertSponsorship(tx, {
      clubId: event.clubId,
      eventId: event.id,
      packageId: input.packageId ?? null,
      registrationId,
      name: input.name,
      email: input.email,
      message: input.message,
      logoUrl: input.logoUrl ?? null,
      showPublicly: input.showPublicly ?? false,
      amount,
      currency: event.currency,
      language,
    });
  });
  const view = await findSponsorshipView(deps.db, row.id, null);
  return { sponsorship: toSponsorshipDto(view!) };
}

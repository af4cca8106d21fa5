import type { TCurrency, TPaymentIntent, TSponsorship, ZCreateSponsorshipRequest } from '@clubtix/contract';
import type { z } from 'zod';
import type { Actor } from '../../plugins/auth';
import { badInput, conflict, notFound } from '../../plugins/errors';
import type { Deps } from '../../plugins/routes';
import { clubScope } from '../clubs/clubs.policy';
import { loadManagedEvent, loadVisibleEvent } from '../events/events.service';
import { loadManagedRegistration } from '../registrations/registrations.service';
import { findPackageById } from '../sponsorship-packages/sponsorship-packages.repo';
import {
  findSponsorshipsBy,
  findSponsorshipView,
  insertSponsorship,
  markSponsorshipPaid,
  updateSponsorship,
  type SponsorshipView,
} from './sponsorships.repo';

export function toSponsorshipDto(row: SponsorshipView): TSponsorship {
  return {
    id: row.id,
    eventId: row.eventId,
    packageId: row.packageId,
    packageName: row.packageName,
    name: row.name,
    email: row.email,
    message: row.message,
    amount: row.amount,
    currency: row.currency as TCurrency,
    paymentStatus: row.paymentStatus as TSponsorship['paymentStatus'],
    createdAt: row.createdAt.toISOString(),
    paidAt: row.paidAt?.toISOString() ?? null,
  };
}

/** A donation (no package, the giver's amount) or a sponsorship (an active package's amount), pending until paid. */
export async function createSponsorship(
  deps: Deps,
  input: z.output<typeof ZCreateSponsorshipRequest>,
): Promise<TSponsorship> {
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
  const row = await insertSponsorship(deps.db, {
    clubId: event.clubId,
    eventId: event.id,
    packageId: input.packageId ?? null,
    name: input.name,
    email: input.email,
    message: input.message,
    amount,
    currency: event.currency,
  });
  const view = await findSponsorshipView(deps.db, row.id, null);
  return toSponsorshipDto(view!);
}

export async function startSponsorshipPayment(deps: Deps, sponsorshipId: string): Promise<TPaymentIntent> {
  const sponsorship = await findSponsorshipView(deps.db, sponsorshipId, null);
  if (!sponsorship) throw notFound('Sponsorship');
  if (sponsorship.paymentStatus !== 'pending') throw conflict('This is already paid: thank you!');
  const intent = await deps.payments.createIntent({
    amount: sponsorship.amount,
    currency: sponsorship.currency,
    key: `sponsorship:${sponsorship.id}`,
    description: `ClubTix ${sponsorship.packageId ? 'sponsorship' : 'donation'} ${sponsorship.id}`,
  });
  await updateSponsorship(deps.db, sponsorship.id, { paymentIntentId: intent.id, provider: deps.payments.name });
  return {
    provider: deps.payments.name,
    clientSecret: intent.clientSecret,
    paymentIntentId: intent.id,
    amount: sponsorship.amount,
    currency: sponsorship.currency as TCurrency,
    ...(deps.payments.publishableKey ? { publishableKey: deps.payments.publishableKey } : {}),
  };
}

/** Idempotent: a second confirmation (or the webhook as well) finds it paid and changes nothing. */
export async function settlePaidSponsorship(deps: Deps, sponsorshipId: string): Promise<void> {
  await markSponsorshipPaid(deps.db, sponsorshipId);
}

export async function findEventSponsorships(deps: Deps, actor: Actor, eventId: string): Promise<TSponsorship[]> {
  const event = await loadManagedEvent(deps, actor, eventId);
  return (await findSponsorshipsBy(deps.db, { eventId: event.id })).map(toSponsorshipDto);
}

export async function findRegistrationSponsorships(
  deps: Deps,
  actor: Actor,
  registrationId: string,
): Promise<TSponsorship[]> {
  const registration = await loadManagedRegistration(deps, actor, registrationId);
  return (await findSponsorshipsBy(deps.db, { registrationId: registration.id })).map(toSponsorshipDto);
}

export async function findManagedSponsorship(deps: Deps, actor: Actor, sponsorshipId: string): Promise<TSponsorship> {
  const row = await findSponsorshipView(deps.db, sponsorshipId, clubScope(actor));
  if (!row) throw notFound('Sponsorship');
  await loadManagedEvent(deps, actor, row.eventId);
  return toSponsorshipDto(row);
}

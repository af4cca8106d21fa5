import {
  LIST_CAPS,
  pageWindow,
  type TCurrency,
  type TPaymentIntent,
  type TSponsorship,
  type TSponsorshipTotals,
  type ZCreateSponsorshipRequest,
  type ZGetSponsorshipsQuery,
} from '@clubtix/contract';
import type { z } from 'zod';
import type { Tx } from '../../db/client';
import type { Actor } from '../../core/actor';
import { badInput, conflict, notFound, soldOut } from '../../core/errors';
import { capRows, wholePage, type CappedList } from '../../plugins/lists';
import type { Deps } from '../../core/deps';
import { clubScope } from '../clubs/clubs.policy';
import { loadManagedEvent, loadVisibleEvent } from '../events/events.service';
import { loadManagedRegistration } from '../purchase/hold/init-registration.service';
import { findPackageById } from '../sponsorship-packages/sponsorship-packages.repo';
import {
  countPackageTaken,
  findRegistrationForGift,
  findSponsorshipsBy,
  findSponsorshipView,
  insertSponsorship,
  lockLimitedPackage,
  markSponsorshipPaid,
  sumSponsorshipsOfEvent,
  updateSponsorship,
  type SponsorshipView,
} from '../purchase/sponsorships.repo';

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

/** Whether a pending one still holds what it took: created within RESERVATION_MINUTES. */
const isHeld = (createdAt: Date, reservationMinutes: number) =>
  createdAt.getTime() > Date.now() - reservationMinutes * 60_000;

/**
 * Whether a package can take one more sponsorship (docs/product.md section 14's quantity). Locks the
 * package row until the transaction ends, so sponsors on any number of processes count one at a time.
 */
async function packageHasRoom(
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

const packageSoldOut = (name: string) => soldOut(`${name} is sold out`);

/**
 * A donation (no package, the giver's amount) or a sponsorship (an active package's amount), pending
 * until paid. A package with a quantity takes no more than that many (paid, or pending within
 * RESERVATION_MINUTES): 409 SOLD_OUT. Given with a registration (its id and qrUuid, of the same
 * event, else 404), it is stored with it. Refused: nothing is stored.
 */
export async function createSponsorship(
  deps: Deps,
  input: z.output<typeof ZCreateSponsorshipRequest>,
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
      amount,
      currency: event.currency,
    });
  });
  const view = await findSponsorshipView(deps.db, row.id, null);
  return { sponsorship: toSponsorshipDto(view!) };
}

export async function startSponsorshipPayment(deps: Deps, sponsorshipId: string): Promise<TPaymentIntent> {
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

/**
 * Idempotent: a second confirmation (or the webhook as well) finds it settled and changes nothing.
 * A package sponsorship paid after its hold lapsed is honoured while the package has room, otherwise
 * it is marked refund_required for the admin, as a late order is (docs/decisions/0003-payments.md).
 * Answers its payment status once settled (undefined: no such sponsorship), for the giver's message.
 */
export async function settlePaidSponsorship(
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
    if (await markSponsorshipPaid(tx, sponsorship.id, status)) return status;
    // Another confirmation settled it a moment ago: answer what it did.
    return statusOf(await findSponsorshipView(tx, sponsorship.id, null));
  });
}

const statusOf = (row: SponsorshipView | undefined) => row?.paymentStatus as TSponsorship['paymentStatus'] | undefined;

/** A page of an event's donations and sponsorships, or else the newest LIST_CAPS.sponsorships (docs/decisions/0020). */
export async function findEventSponsorships(
  deps: Deps,
  actor: Actor,
  query: z.output<typeof ZGetSponsorshipsQuery>,
): Promise<CappedList<TSponsorship>> {
  const event = await loadManagedEvent(deps, actor, query.eventId);
  const page = pageWindow(query);
  const where = { eventId: event.id, paymentStatus: query.paymentStatus };
  const rows = await findSponsorshipsBy(deps.db, where, page ?? { limit: LIST_CAPS.sponsorships + 1, offset: 0 });
  const list = page ? wholePage(rows) : capRows(rows, LIST_CAPS.sponsorships);
  return { ...list, items: list.items.map(toSponsorshipDto) };
}

/** docs/product.md section 4: totals count only paid ones. Summed here, so a paged list need not be read whole. */
export async function sumEventSponsorships(deps: Deps, actor: Actor, eventId: string): Promise<TSponsorshipTotals> {
  const lines = await sumSponsorshipsOfEvent(deps.db, await loadManagedEvent(deps, actor, eventId));
  const sum = (pick: (line: (typeof lines)[number]) => number) => lines.reduce((all, line) => all + pick(line), 0);
  return {
    count: sum((line) => line.count),
    paidCount: sum((line) => line.paidCount),
    donationCount: sum((line) => line.donationCount),
    sponsorshipCount: sum((line) => line.paidCount - line.donationCount),
    byCurrency: lines
      .filter((line) => line.paidCount > 0)
      .map((line) => ({
        currency: line.currency as TCurrency,
        total: line.total,
        donations: line.donations,
        sponsorships: line.total - line.donations,
      })),
  };
}

export async function findRegistrationSponsorships(
  deps: Deps,
  actor: Actor,
  registrationId: string,
): Promise<CappedList<TSponsorship>> {
  const registration = await loadManagedRegistration(deps, actor, registrationId);
  const window = { limit: LIST_CAPS.sponsorshipsOfRegistration + 1, offset: 0 };
  const rows = await findSponsorshipsBy(deps.db, { registrationId: registration.id }, window);
  const list = capRows(rows, LIST_CAPS.sponsorshipsOfRegistration);
  return { ...list, items: list.items.map(toSponsorshipDto) };
}

export async function findManagedSponsorship(deps: Deps, actor: Actor, sponsorshipId: string): Promise<TSponsorship> {
  const row = await findSponsorshipView(deps.db, sponsorshipId, clubScope(actor));
  if (!row) throw notFound('Sponsorship');
  await loadManagedEvent(deps, actor, row.eventId);
  return toSponsorshipDto(row);
}

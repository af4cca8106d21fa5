import {
  LIST_CAPS,
  pageWindow,
  type TCurrency,
  type TSponsorship,
  type TSponsorshipTotals,
  type ZGetSponsorshipsQuery,
} from '@clubtix/contract';
import type { z } from 'zod';
import type { Actor } from '../../core/actor';
import { notFound } from '../../core/errors';
import { capRows, wholePage, type CappedList } from '../../plugins/lists';
import type { Deps } from '../../core/deps';
import { clubScope } from '../clubs/clubs.policy';
import { loadManagedEvent } from '../events/events.service';
import { loadManagedRegistration } from '../attendees/registration-admin.service';
import { findSponsorshipsBy, findSponsorshipView, sumSponsorshipsOfEvent } from '../purchase/sponsorships.repo';
import { toSponsorshipDto } from '../purchase/sponsorships.mapper';

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

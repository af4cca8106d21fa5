import type { TDuplicateEventRequest, TEvent } from '@clubtix/contract';
import type { Tx } from '../../db/client';
import type { EventRow } from '../../db/schema';
import type { Actor } from '../../core/actor';
import type { Deps } from '../../core/deps';
import { fieldError } from '../../core/errors';
import {
  assertRoomInCatalogue,
  DISCOUNT_CATALOGUE,
  EXTRAS_CATALOGUE,
  PACKAGE_CATALOGUE,
  TICKET_CATALOGUE,
} from './catalogue-cap.repo';
import { findCatalogueOfEvent, insertCatalogueCopy } from './duplicate-event.repo';
import { toEventDto } from './events.mapper';
import { insertEvent } from './events.repo';
import { loadManagedEvent } from './events.service';
import { chooseSlug, EVENT_SLUGS, inSlugTransaction } from './slugs';

/** A copy starts now or later: one in the past could never sell (its sales windows moved with it). */
export function assertNotPast(startDate: Date, path: string, now = new Date()): void {
  if (startDate.getTime() < now.getTime()) throw fieldError(path, 'The start must not be in the past');
}

/**
 * Copies an event inside the caller's transaction (DECISIONS 18): a draft with the same settings,
 * ticket types, extras, sponsorship packages, form and codes, every instant moved by the same amount
 * as its start; its slug made from its title by the slug rule. Nothing sold, no attendee, sponsor,
 * message or waiting list comes with it, and every counter starts at 0. Joining a series is the
 * caller's (deps.joinSeries), so a series' passes take their place in the copy as in any joining event.
 * The copy's catalogue is held to the same caps as any create (catalogue-cap.repo.ts).
 */
export async function copyEvent(
  tx: Tx,
  source: EventRow,
  copy: { startDate: Date; title?: string | undefined },
): Promise<EventRow> {
  const shiftMs = copy.startDate.getTime() - source.startDate.getTime();
  const move = (at: Date | null) => (at ? new Date(at.getTime() + shiftMs) : null);
  const title = copy.title ?? source.title;
  const row = await insertEvent(tx, {
    clubId: source.clubId,
    slug: await chooseSlug(tx, { title }),
    title,
    description: source.description,
    bannerUrl: source.bannerUrl,
    venue: source.venue,
    address: source.address,
    startDate: copy.startDate,
    endDate: move(source.endDate)!,
    timezone: source.timezone,
    currency: source.currency,
    status: 'draft',
    capacity: source.capacity,
    registrationOpensAt: move(source.registrationOpensAt),
    registrationClosesAt: move(source.registrationClosesAt),
    donationsEnabled: source.donationsEnabled,
    sponsorshipsEnabled: source.sponsorshipsEnabled,
    maxTicketsPerOrder: source.maxTicketsPerOrder,
    confirmFreeByEmail: source.confirmFreeByEmail,
    reminderHoursBefore: source.reminderHoursBefore,
  });
  const catalogue = await findCatalogueOfEvent(tx, source);
  await assertRoomInCatalogue(tx, TICKET_CATALOGUE, row.id, catalogue.tickets.length);
  await assertRoomInCatalogue(tx, EXTRAS_CATALOGUE, row.id, catalogue.extras.length);
  await assertRoomInCatalogue(tx, PACKAGE_CATALOGUE, row.id, catalogue.packages.length);
  await assertRoomInCatalogue(tx, DISCOUNT_CATALOGUE, row.id, catalogue.discounts.length);
  await insertCatalogueCopy(tx, catalogue, row, move);
  return row;
}

/** POST /event/duplicate: a copy of one of the actor's events; a copy of a series' date is a date of that series. */
export async function duplicateEvent(
  deps: Deps,
  actor: Actor,
  input: Pick<TDuplicateEventRequest, 'eventId' | 'startDate' | 'title'>,
): Promise<TEvent> {
  const source = await loadManagedEvent(deps, actor, input.eventId);
  const startDate = new Date(input.startDate);
  assertNotPast(startDate, 'startDate');
  const row = await inSlugTransaction(deps.db, EVENT_SLUGS, null, async (tx) => {
    const copy = await copyEvent(tx, source, { startDate, title: input.title });
    return source.seriesId ? deps.joinSeries(tx, copy, source.seriesId) : copy;
  });
  return toEventDto(row);
}

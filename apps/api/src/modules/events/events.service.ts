import {
  EVENT_DEFAULTS,
  EVENT_INSTANT_ORDER,
  LIST_CAPS,
  pageWindow,
  slugFromAddress,
  type TEvent,
  type ZSaveEventRequest,
} from '@clubtix/contract';
import type { z } from 'zod';
import type { Tx } from '../../db/client';
import type { EventRow } from '../../db/schema';
import type { Actor } from '../../core/actor';
import { conflict, notFound, say } from '../../core/errors';
import { capRows, wholePage, type CappedList } from '../../plugins/lists';
import type { Deps } from '../../core/deps';
import { canManageClub, clubScope } from '../clubs/clubs.policy';
import { findClubById } from '../clubs/clubs.repo';
import { toEventDto } from './events.mapper';
import { assertCanManageEvent, canViewEvent, clubForNewEvent, staffEventsOf } from './events.policy';
import {
  deleteEvent,
  findEventById,
  findEventsByClub,
  type ClubEventsFilter,
  findDonationEvents,
  findFirstEvent,
  findPublishedEventBySlug,
  hasSales,
  insertEvent,
  lockEvent,
  updateEvent,
} from './events.repo';
import { assertInstantsInOrder, requiredOnCreate, sentFields, toInstant } from '../../core/save-values';
import { chooseSlug, EVENT_SLUGS, inSlugTransaction } from './slugs';

/** An event the actor may manage (any status), else 404. Every admin call below an event starts here. */
export async function loadManagedEvent(deps: Deps, actor: Actor, eventId: string): Promise<EventRow> {
  const event = await findEventById(deps.db, eventId, clubScope(actor));
  assertCanManageEvent(actor, event);
  return event;
}

/** An event the caller may see: published, or the caller's own club's. */
export async function loadVisibleEvent(deps: Deps, actor: Actor | null, eventId: string): Promise<EventRow> {
  const event = await findEventById(deps.db, eventId, null);
  if (!event || !canViewEvent(actor, event)) throw notFound('Event');
  return event;
}

type PageQuery = { page?: number; pageSize?: number };

/**
 * A page of a club's events when one is asked for; else at most LIST_CAPS.events (docs/decisions/0020):
 * of all of them, those that start latest (a cut loses the oldest past events, which no screen
 * lists first); of the active ones, the soonest.
 */
async function listClubEvents(
  deps: Deps,
  clubId: string,
  filter: ClubEventsFilter,
  query: PageQuery,
  keepLatest: boolean,
): Promise<CappedList<TEvent>> {
  const page = pageWindow(query);
  if (page) return wholePage((await findEventsByClub(deps.db, clubId, filter, page)).map(toEventDto));
  const window = { limit: LIST_CAPS.events + 1, offset: 0, latestFirst: keepLatest };
  const capped = capRows(await findEventsByClub(deps.db, clubId, filter, window), LIST_CAPS.events);
  // Read latest first, so the cut dropped the oldest; answered soonest first all the same.
  const items = keepLatest ? capped.items.reverse() : capped.items;
  return { ...capped, items: items.map(toEventDto) };
}

export async function findClubEvents(
  deps: Deps,
  actor: Actor | null,
  query: PageQuery & { clubId: string },
): Promise<CappedList<TEvent>> {
  const own = canManageClub(actor, query.clubId);
  // Door staff list the events they work, drafts too (their door may open before it is published).
  const filter = { publishedOnly: !own, ...(own ? { onlyIds: staffEventsOf(actor) } : {}) };
  return listClubEvents(deps, query.clubId, filter, query, true);
}

export async function findActiveClubEvents(
  deps: Deps,
  query: PageQuery & { clubId: string; currentDate?: string },
): Promise<CappedList<TEvent>> {
  const endingFrom = query.currentDate ? new Date(query.currentDate) : new Date();
  return listClubEvents(deps, query.clubId, { publishedOnly: true, endingFrom }, query, false);
}

export async function findDonationEventsOfAllClubs(
  deps: Deps,
  query: PageQuery & { currentDate?: string },
): Promise<CappedList<TEvent>> {
  const endingFrom = query.currentDate ? new Date(query.currentDate) : new Date();
  const page = pageWindow(query);
  if (page) return wholePage((await findDonationEvents(deps.db, endingFrom, page)).map(toEventDto));
  const capped = capRows(
    await findDonationEvents(deps.db, endingFrom, { limit: LIST_CAPS.events + 1, offset: 0 }),
    LIST_CAPS.events,
  );
  return { ...capped, items: capped.items.map(toEventDto) };
}

export async function findEventBySlug(deps: Deps, slug: string): Promise<TEvent> {
  const row = await findPublishedEventBySlug(deps.db, slugFromAddress(slug));
  if (!row) throw notFound('Event');
  return toEventDto(row);
}

export async function findFirstEventOf(deps: Deps, actor: Actor): Promise<TEvent | null> {
  const row = await findFirstEvent(deps.db, clubScope(actor), new Date(), staffEventsOf(actor));
  return row ? toEventDto(row) : null;
}

export async function findEventOfClub(deps: Deps, actor: Actor, eventId: string, clubId: string): Promise<TEvent> {
  const event = await loadManagedEvent(deps, actor, eventId);
  if (event.clubId !== clubId) throw notFound('Event');
  return toEventDto(event);
}

/** Picks a slug and writes the event with it in one transaction (slugs.ts). */
async function writeWithSlug(
  deps: Deps,
  options: { typed?: string | null; title: string; rowId?: string },
  write: (tx: Tx, slug: string) => Promise<EventRow | undefined>,
): Promise<EventRow | undefined> {
  return inSlugTransaction(deps.db, EVENT_SLUGS, options.typed, async (tx) => write(tx, await chooseSlug(tx, options)));
}

type SaveEventInput = z.output<typeof ZSaveEventRequest>;

/** The sent fields of an event body, instants as the row holds them. */
function eventFieldsOf(fields: Omit<SaveEventInput, 'id' | 'clubId' | 'slug' | 'seriesId'>) {
  return sentFields({
    ...fields,
    startDate: toInstant(fields.startDate),
    endDate: toInstant(fields.endDate),
    registrationOpensAt: toInstant(fields.registrationOpensAt),
    registrationClosesAt: toInstant(fields.registrationClosesAt),
  });
}

/**
 * The event in the series the body names, or out of its series (null); left out: in the one it is in.
 * An event of a series goes through joinSeries at every save, which gives a date just published its
 * season passes' places.
 */
async function joinSentSeries(deps: Deps, tx: Tx, row: EventRow, seriesId: string | null | undefined) {
  const target = seriesId === undefined ? row.seriesId : seriesId;
  return target === null && row.seriesId === null ? row : deps.joinSeries(tx, row, target);
}

export async function saveEvent(deps: Deps, actor: Actor, input: SaveEventInput): Promise<TEvent> {
  const { id, clubId: requestedClub, slug: typedSlug, seriesId, ...fields } = input;
  const sent = eventFieldsOf(fields);
  if (!id) {
    const clubId = clubForNewEvent(actor, requestedClub);
    if (!(await findClubById(deps.db, clubId))) throw notFound('Club');
    const values = {
      ...EVENT_DEFAULTS,
      ...sent,
      title: requiredOnCreate(sent.title, 'title'),
      startDate: requiredOnCreate(sent.startDate, 'startDate'),
      endDate: requiredOnCreate(sent.endDate, 'endDate'),
      timezone: requiredOnCreate(sent.timezone, 'timezone'),
      currency: requiredOnCreate(sent.currency, 'currency'),
    };
    const row = await writeWithSlug(deps, { typed: typedSlug, title: values.title }, async (tx, slug) =>
      joinSentSeries(deps, tx, await insertEvent(tx, { ...values, clubId, slug }), seriesId),
    );
    return toEventDto(row!);
  }
  const existing = await loadManagedEvent(deps, actor, id);
  if (requestedClub && requestedClub !== existing.clubId) throw notFound('Event');
  // The dates are checked against the row as it is when written: locked, so that two saves each
  // moving one end cannot together put the end before the start.
  const write = async (tx: Tx, slug?: string) => {
    const locked = await lockEvent(tx, id, existing.clubId);
    if (!locked) throw notFound('Event');
    assertInstantsInOrder({ ...locked, ...sent }, EVENT_INSTANT_ORDER);
    const updated = await updateEvent(tx, id, existing.clubId, slug === undefined ? sent : { ...sent, slug });
    return updated && joinSentSeries(deps, tx, updated, seriesId);
  };
  // The slug changes only when the admin types a new one: shared links keep working after a rename.
  const row =
    typedSlug && typedSlug !== existing.slug
      ? await writeWithSlug(deps, { typed: typedSlug, title: sent.title ?? existing.title, rowId: id }, write)
      : await deps.db.transaction((tx) => write(tx));
  if (row) {
    // A capacity raised, or sales reopened, may leave room for the waiting lists.
    deps.seatsFreed?.(row.id);
    return toEventDto(row);
  }
  const current = await findEventById(deps.db, id, existing.clubId);
  if (!current) throw notFound('Event');
  throw conflict(
    say('Capacity cannot be lower than the {count} tickets already sold or held', { count: current.reservedCount }),
    'capacity',
  );
}

export async function removeEvent(deps: Deps, actor: Actor, eventId: string): Promise<void> {
  const event = await loadManagedEvent(deps, actor, eventId);
  await deps.db.transaction(async (tx) => {
    const locked = await lockEvent(tx, event.id, event.clubId);
    if (!locked) throw notFound('Event');
    if (await hasSales(tx, locked)) {
      throw conflict('This event has tickets sold or held, or money paid, so it cannot be removed; cancel it instead');
    }
    await deleteEvent(tx, locked.id, locked.clubId);
  });
}

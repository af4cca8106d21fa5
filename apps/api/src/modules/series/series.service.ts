import {
  LIST_CAPS,
  slugFromAddress,
  type TPublicSeries,
  type TSeries,
  type ZSaveSeriesRequest,
} from '@clubtix/contract';
import type { z } from 'zod';
import type { Actor } from '../../core/actor';
import type { Deps } from '../../core/deps';
import { conflict, notFound, say } from '../../core/errors';
import { requiredOnCreate, sentFields } from '../../core/save-values';
import { capRows, type CappedList } from '../../plugins/lists';
import { clubScope } from '../clubs/clubs.policy';
import { findClubById } from '../clubs/clubs.repo';
import { chooseSlug, inSlugTransaction, type SlugSpace } from '../events/slugs';
import { toSeriesDateDto, toSeriesDto } from './series.mapper';
import { assertCanManageSeries, clubForNewSeries } from './series.policy';
import {
  findPublishedDates,
  findSeriesById,
  findSeriesBySlug,
  findSeriesOfClub,
  findSeriesSlugsLike,
  insertSeries,
  updateSeries,
} from './series.repo';

/** Series' slugs follow the events' rule in a space of their own: their page is /series/{slug}. */
const SERIES_SLUGS: SlugSpace = {
  fallback: 'series',
  reserved: new Set(),
  lockKey: (base) => `series:${base}`,
  findLike: findSeriesSlugsLike,
  taken: (slug) => conflict(say('The address "{slug}" is already used by another series', { slug }), 'slug'),
  raced: () => conflict('That series address is already in use; choose another', 'slug'),
};

type SaveSeriesInput = z.output<typeof ZSaveSeriesRequest>;

export async function saveSeries(deps: Deps, actor: Actor, input: SaveSeriesInput): Promise<TSeries> {
  const { id, clubId: requestedClub, slug: typed, ...fields } = input;
  const sent = sentFields(fields);
  if (!id) {
    const clubId = clubForNewSeries(actor, requestedClub);
    if (!(await findClubById(deps.db, clubId))) throw notFound('Club');
    const name = requiredOnCreate(sent.name, 'name');
    const row = await inSlugTransaction(deps.db, SERIES_SLUGS, typed, async (tx) =>
      insertSeries(tx, {
        clubId,
        name,
        description: sent.description ?? null,
        slug: await chooseSlug(tx, { typed, title: name }, SERIES_SLUGS),
      }),
    );
    return toSeriesDto(row);
  }
  const existing = await findSeriesById(deps.db, id, clubScope(actor));
  assertCanManageSeries(actor, existing);
  if (requestedClub && requestedClub !== existing.clubId) throw notFound('Series');
  // As an event's: the slug changes only when one is typed, so shared links outlive a rename.
  const row = await inSlugTransaction(deps.db, SERIES_SLUGS, typed, async (tx) => {
    const slug =
      typed && typed !== existing.slug
        ? await chooseSlug(tx, { typed, title: sent.name ?? existing.name, rowId: id }, SERIES_SLUGS)
        : undefined;
    return updateSeries(tx, id, existing.clubId, slug === undefined ? sent : { ...sent, slug });
  });
  if (!row) throw notFound('Series');
  return toSeriesDto(row);
}

/** A club's series by name: all of them up to LIST_CAPS.events, as many as a club's events. */
export async function findClubSeries(deps: Deps, clubId: string): Promise<CappedList<TSeries>> {
  const capped = capRows(await findSeriesOfClub(deps.db, clubId, LIST_CAPS.events + 1), LIST_CAPS.events);
  return { ...capped, items: capped.items.map(toSeriesDto) };
}

/** The public page of a series: it and its published dates, soonest first (at most LIST_CAPS.events). */
export async function findSeriesPage(deps: Deps, slug: string): Promise<TPublicSeries> {
  const row = await findSeriesBySlug(deps.db, slugFromAddress(slug));
  if (!row) throw notFound('Series');
  const dates = await findPublishedDates(deps.db, row.id, LIST_CAPS.events);
  return { series: toSeriesDto(row), events: dates.map(toSeriesDateDto) };
}

import { LIST_CAPS, type TPass, type TPassPurchaseListItem, type ZSavePassRequest } from '@clubtix/contract';
import type { z } from 'zod';
import type { Actor } from '../../core/actor';
import { notFound } from '../../core/errors';
import type { Deps } from '../../core/deps';
import { requiredOnCreate, sentFields } from '../../core/save-values';
import { capRows, type CappedList } from '../../plugins/lists';
import type { PassRow, SeriesRow } from '../../db/schema';
import type { DbOrTx } from '../../db/client';
import { canManageClub, clubScope } from '../clubs/clubs.policy';
import { toPassDto, toPassPurchaseListItem } from './passes.mapper';
import {
  countPassesTaken,
  findComingSeriesEvents,
  findPassById,
  findPassesBySeries,
  findSeriesById,
  findSeriesCurrency,
  findSeriesPassPurchases,
  insertPass,
  updatePass,
  type ComingEvent,
} from './passes.repo';

/**
 * Passes left to buy (DECISIONS 18): the least of what the pass's quantity leaves and what each coming
 * event of the series with a capacity has left, since a pass takes a place at every one; null when
 * nothing limits it.
 */
export function availableOf(pass: PassRow, taken: number, coming: ComingEvent[]): number | null {
  const limits = [
    ...(pass.quantity === null ? [] : [pass.quantity - taken]),
    ...coming.flatMap((event) => (event.capacity === null ? [] : [event.capacity - event.reservedCount])),
  ];
  return limits.length === 0 ? null : Math.max(0, Math.min(...limits));
}

async function passDtos(db: DbOrTx, seriesId: string, rows: PassRow[]): Promise<TPass[]> {
  const [taken, coming, currency] = await Promise.all([
    countPassesTaken(
      db,
      rows.map((row) => row.id),
    ),
    findComingSeriesEvents(db, seriesId),
    findSeriesCurrency(db, seriesId),
  ]);
  return rows.map((row) => toPassDto(row, currency, availableOf(row, taken.get(row.id) ?? 0, coming)));
}

/** The series an admin manages: the tenant wall answers another club's as if it did not exist. */
async function loadManagedSeries(deps: Deps, actor: Actor, seriesId: string): Promise<SeriesRow> {
  const row = await findSeriesById(deps.db, seriesId, clubScope(actor));
  if (!row) throw notFound('Series');
  return row;
}

/** GET /pass/getBySeriesId: every pass for the club's admins, the active ones for anyone else. */
export async function findSeriesPasses(deps: Deps, actor: Actor | null, seriesId: string): Promise<TPass[]> {
  const row = await findSeriesById(deps.db, seriesId, null);
  if (!row) throw notFound('Series');
  const rows = await findPassesBySeries(deps.db, row.id, !canManageClub(actor, row.clubId));
  return passDtos(deps.db, row.id, rows);
}

/**
 * GET /pass/getPurchasesBySeriesId: the passes bought of a series the admin manages, newest first,
 * the newest LIST_CAPS.passPurchases (docs/decisions/0020-bounded-lists-and-quotas.md).
 */
export async function findSeriesPassSales(
  deps: Deps,
  actor: Actor,
  seriesId: string,
): Promise<CappedList<TPassPurchaseListItem>> {
  const owner = await loadManagedSeries(deps, actor, seriesId);
  const rows = await findSeriesPassPurchases(deps.db, owner.id, LIST_CAPS.passPurchases + 1);
  const list = capRows(rows, LIST_CAPS.passPurchases);
  return { ...list, items: list.items.map(toPassPurchaseListItem) };
}

/** POST /pass/save: creates a pass of a series the admin manages, or updates the fields sent. */
export async function savePass(deps: Deps, actor: Actor, input: z.output<typeof ZSavePassRequest>): Promise<TPass> {
  const { id, seriesId, ...fields } = input;
  const sent = sentFields(fields);
  if (!id) {
    const owner = await loadManagedSeries(deps, actor, requiredOnCreate(seriesId, 'seriesId'));
    const row = await insertPass(deps.db, {
      clubId: owner.clubId,
      seriesId: owner.id,
      name: requiredOnCreate(sent.name, 'name'),
      price: requiredOnCreate(sent.price, 'price'),
      quantity: sent.quantity ?? null,
      isActive: sent.isActive ?? true,
    });
    return (await passDtos(deps.db, owner.id, [row]))[0]!;
  }
  const existing = await findPassById(deps.db, id, clubScope(actor));
  // seriesId may be left out of an update; sent, it must be the pass's own series.
  if (!existing || (seriesId !== undefined && existing.seriesId !== seriesId)) throw notFound('Pass');
  const row = await updatePass(deps.db, id, existing.clubId, sent);
  if (!row) throw notFound('Pass');
  return (await passDtos(deps.db, row.seriesId, [row]))[0]!;
}

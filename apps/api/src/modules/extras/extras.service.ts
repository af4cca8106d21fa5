import { EXTRAS_DEFAULTS, type TExtras, type ZSaveExtrasRequest } from '@clubtix/contract';
import type { z } from 'zod';
import type { ExtrasRow } from '../../db/schema';
import type { Actor } from '../../core/actor';
import { conflict, notFound } from '../../core/errors';
import type { Deps } from '../../core/deps';
import { clubScope } from '../clubs/clubs.policy';
import { loadManagedEvent, loadVisibleEvent } from '../events/events.service';
import { assertRoomInCatalogue, EXTRAS_CATALOGUE } from '../events/catalogue-cap.repo';
import { requiredOnCreate, sentFields } from '../../core/save-values';
import {
  deleteExtras,
  findExtrasByEvent,
  findExtrasById,
  findPublicExtrasByIds,
  insertExtras,
  updateExtras,
} from './extras.repo';

export function toExtrasDto(row: ExtrasRow): TExtras {
  return {
    id: row.id,
    eventId: row.eventId,
    name: row.name,
    description: row.description,
    price: row.price,
    quantity: row.quantity,
    isActive: row.isActive,
  };
}

export async function findManagedExtras(deps: Deps, actor: Actor, eventId: string): Promise<TExtras[]> {
  const event = await loadManagedEvent(deps, actor, eventId);
  return (await findExtrasByEvent(deps.db, { clubId: event.clubId, eventId: event.id }, false)).map(toExtrasDto);
}

export async function findPublicExtras(deps: Deps, eventId: string): Promise<TExtras[]> {
  const event = await loadVisibleEvent(deps, null, eventId);
  return (await findExtrasByEvent(deps.db, { clubId: event.clubId, eventId: event.id }, true)).map(toExtrasDto);
}

export async function findPublicExtrasList(deps: Deps, ids: string[]): Promise<TExtras[]> {
  return (await findPublicExtrasByIds(deps.db, ids)).map(toExtrasDto);
}

export async function saveExtras(
  deps: Deps,
  actor: Actor,
  input: z.output<typeof ZSaveExtrasRequest>,
): Promise<TExtras> {
  const { id, eventId, ...fields } = input;
  const sent = sentFields(fields);
  if (!id) {
    const event = await loadManagedEvent(deps, actor, requiredOnCreate(eventId, 'eventId'));
    const values = {
      ...EXTRAS_DEFAULTS,
      ...sent,
      name: requiredOnCreate(sent.name, 'name'),
      price: requiredOnCreate(sent.price, 'price'),
      clubId: event.clubId,
      eventId: event.id,
    };
    const row = await deps.db.transaction(async (tx) => {
      await assertRoomInCatalogue(tx, EXTRAS_CATALOGUE, event.id);
      return insertExtras(tx, values);
    });
    return toExtrasDto(row);
  }
  // eventId may be left out of an update; sent, it must be the extra's own event.
  const named = eventId === undefined ? undefined : await loadManagedEvent(deps, actor, eventId);
  const existing = await findExtrasById(deps.db, id, clubScope(actor));
  if (!existing || (named && existing.eventId !== named.id)) throw notFound('Extra');
  const event = named ?? (await loadManagedEvent(deps, actor, existing.eventId));
  const row = await updateExtras(deps.db, id, { clubId: event.clubId, eventId: event.id }, sent);
  if (!row) throw notFound('Extra');
  return toExtrasDto(row);
}

export async function removeExtras(deps: Deps, actor: Actor, extrasId: string, eventId: string): Promise<void> {
  const event = await loadManagedEvent(deps, actor, eventId);
  const outcome = await deleteExtras(deps.db, extrasId, { clubId: event.clubId, eventId: event.id });
  if (outcome === 'missing') throw notFound('Extra');
  if (outcome === 'in-use')
    throw conflict('This extra has been ordered, so it cannot be deleted; deactivate it instead');
}

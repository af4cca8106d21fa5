import { PACKAGE_DEFAULTS, type TSponsorshipPackage, type ZSavePackageRequest } from '@clubtix/contract';
import type { z } from 'zod';
import type { SponsorshipPackageRow } from '../../db/schema';
import type { Actor } from '../../core/actor';
import { isForeignKeyViolation } from '../../db/errors';
import { conflict, notFound } from '../../core/errors';
import type { Deps } from '../../core/deps';
import { canManageClub, clubScope } from '../clubs/clubs.policy';
import { loadManagedEvent, loadVisibleEvent } from '../events/events.service';
import { assertRoomInCatalogue, PACKAGE_CATALOGUE } from '../events/catalogue-cap.repo';
import { requiredOnCreate, sentFields } from '../../core/save-values';
import {
  deletePackage,
  findPackageById,
  findPackagesByEvent,
  insertPackage,
  updatePackage,
} from './sponsorship-packages.repo';

export function toPackageDto(row: SponsorshipPackageRow): TSponsorshipPackage {
  return {
    id: row.id,
    eventId: row.eventId,
    name: row.name,
    description: row.description,
    amount: row.amount,
    benefits: row.benefits,
    quantity: row.quantity,
    isActive: row.isActive,
  };
}

/** A package the actor may manage: the tenant wall by its club, then its event. */
async function loadManagedPackage(deps: Deps, actor: Actor, packageId: string): Promise<SponsorshipPackageRow> {
  const row = await findPackageById(deps.db, packageId, clubScope(actor));
  if (!row) throw notFound('Sponsorship package');
  await loadManagedEvent(deps, actor, row.eventId);
  return row;
}

export async function findEventPackages(
  deps: Deps,
  actor: Actor | null,
  eventId: string,
): Promise<TSponsorshipPackage[]> {
  const event = await loadVisibleEvent(deps, actor, eventId);
  const scope = { clubId: event.clubId, eventId: event.id };
  return (await findPackagesByEvent(deps.db, scope, !canManageClub(actor, event.clubId))).map(toPackageDto);
}

export async function findPackage(deps: Deps, actor: Actor, packageId: string): Promise<TSponsorshipPackage> {
  return toPackageDto(await loadManagedPackage(deps, actor, packageId));
}

export async function savePackage(deps: Deps, actor: Actor, input: z.output<typeof ZSavePackageRequest>) {
  const { id, eventId, ...fields } = input;
  const sent = sentFields(fields);
  if (!id) {
    const event = await loadManagedEvent(deps, actor, requiredOnCreate(eventId, 'eventId'));
    const values = {
      ...PACKAGE_DEFAULTS,
      benefits: [...PACKAGE_DEFAULTS.benefits],
      ...sent,
      name: requiredOnCreate(sent.name, 'name'),
      amount: requiredOnCreate(sent.amount, 'amount'),
      clubId: event.clubId,
      eventId: event.id,
    };
    const row = await deps.db.transaction(async (tx) => {
      await assertRoomInCatalogue(tx, PACKAGE_CATALOGUE, event.id);
      return insertPackage(tx, values);
    });
    return toPackageDto(row);
  }
  // eventId may be left out of an update; sent, it must be the package's own event.
  if (eventId !== undefined) await loadManagedEvent(deps, actor, eventId);
  const existing = await loadManagedPackage(deps, actor, id);
  if (eventId !== undefined && existing.eventId !== eventId) throw notFound('Sponsorship package');
  const row = await updatePackage(deps.db, id, existing.clubId, sent);
  if (!row) throw notFound('Sponsorship package');
  return toPackageDto(row);
}

export async function setPackageActive(deps: Deps, actor: Actor, packageId: string, isActive: boolean) {
  const existing = await loadManagedPackage(deps, actor, packageId);
  const row = await updatePackage(deps.db, packageId, existing.clubId, { isActive });
  if (!row) throw notFound('Sponsorship package');
  return toPackageDto(row);
}

/**
 * Deletes a package nobody has sponsored yet. One with sponsorships (paid or on their way) stays,
 * or they would read as donations: the database's foreign key refuses, whatever the timing.
 */
export async function removePackage(deps: Deps, actor: Actor, packageId: string): Promise<void> {
  const existing = await loadManagedPackage(deps, actor, packageId);
  try {
    await deletePackage(deps.db, existing.id, existing.clubId);
  } catch (error) {
    if (isForeignKeyViolation(error)) throw conflict('This package has sponsorships; make it inactive instead');
    throw error;
  }
}

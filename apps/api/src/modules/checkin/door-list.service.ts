import { doorSecret, type TDoorList } from '@clubtix/contract';
import type { Actor } from '../../core/actor';
import type { Deps } from '../../core/deps';
import type { Db } from '../../db/client';
import { assertWorksEvent } from '../events/events.policy';
import { loadManagedEvent } from '../events/events.service';
import { DOOR_HASHING, DoorHashFlights, doorCacheKey, hashDoorSecret, type SecretToHash } from './door-hashes';
import {
  doorSaltOf,
  findCancellationsOf,
  findCancelledDoorList,
  findDoorList,
  insertDoorHashes,
} from './door-list.repo';

/**
 * The list a device keeps to recognise the event's tickets offline (docs/decisions/0035-offline-door.md,
 * 0062-hashed-door-list.md): admin, or staff of that event. Its secrets leave only as slow hashes;
 * those not yet made are made now, once per process however many devices ask at once, and kept.
 */

const flightsOf = new WeakMap<Db, DoorHashFlights>();

function flightsFor(db: Db): DoorHashFlights {
  let flights = flightsOf.get(db);
  if (!flights) {
    flights = new DoorHashFlights();
    flightsOf.set(db, flights);
  }
  return flights;
}

const cancelledOf = (cancellation: { at: Date | null; refunded: boolean } | undefined) =>
  cancellation ? { cancelled: { at: cancellation.at?.toISOString() ?? null, refunded: cancellation.refunded } } : {};

export async function getDoorList(deps: Deps, actor: Actor, query: { eventId: string }): Promise<TDoorList> {
  assertWorksEvent(actor, query.eventId);
  const event = await loadManagedEvent(deps, actor, query.eventId);
  const generatedAt = new Date().toISOString();
  const salt = await doorSaltOf(deps.db, event.id);
  const confirmed = await findDoorList(deps.db, event.id, doorCacheKey(salt));
  // The cancelled ones too, hashed the same way, so the door says "cancelled", never "unknown".
  const cancelledRows = await findCancelledDoorList(deps.db, event.id, doorCacheKey(salt));
  const cancellations = await findCancellationsOf(deps.db, [
    ...new Set(cancelledRows.map((row) => row.registrationId)),
  ]);
  const rows = [...confirmed, ...cancelledRows];

  const missing = new Map<string, SecretToHash>();
  for (const { codeToHash, qrToHash } of rows) {
    if (codeToHash) missing.set(codeToHash.digest, { ...codeToHash, secret: doorSecret.code(codeToHash.secret) });
    if (qrToHash) missing.set(qrToHash.digest, { ...qrToHash, secret: doorSecret.qr(qrToHash.secret) });
  }
  const made =
    missing.size === 0
      ? new Map<string, string>()
      : await flightsFor(deps.db).hashAll([...missing.values()], {
          hash: (secret) => hashDoorSecret(secret, salt),
          store: (hashes) => insertDoorHashes(deps.db, event.id, hashes),
        });
  const hashOf = (kept: string | null, toHash: { digest: string } | null) => {
    const hash = kept ?? (toHash ? made.get(toHash.digest) : undefined);
    if (!hash) throw new Error('door list: a secret left without its hash');
    return hash;
  };

  return {
    eventId: event.id,
    generatedAt,
    hashing: { ...DOOR_HASHING, salt },
    attendees: rows.map((row) => ({
      attendeeId: row.attendeeId,
      registrationId: row.registrationId,
      codeHash: hashOf(row.codeHash, row.codeToHash),
      qrHash: hashOf(row.qrHash, row.qrToHash),
      firstName: row.firstName ?? '',
      lastName: row.lastName ?? '',
      ticketName: row.ticketName,
      checkedInAt: row.checkedInAt?.toISOString() ?? null,
      checkedInDeviceId: row.checkedInDeviceId,
      ...cancelledOf(cancellations.get(row.registrationId)),
      ...(row.passPurchaseId ? { passPurchaseId: row.passPurchaseId } : {}),
    })),
  };
}

import { randomBytes } from 'node:crypto';
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { attendees, checkins, doorHashes, doorKeys, orders, refunds, registrations, tickets } from '../../db/schema';

/**
 * The door list's statements (docs/decisions/0035-offline-door.md, 0062-hashed-door-list.md): the
 * event's salt, the list itself with the slow hashes already made, and the hashes made since.
 */

/**
 * The event's salt, drawn the first time its list is asked for. Read first (every later call); a
 * process that finds none inserts its own, and of several racing the first insert wins: the loser's
 * insert does nothing and its next read, a new statement, sees the winner's.
 */
export async function doorSaltOf(db: DbOrTx, eventId: string): Promise<string> {
  const read = async () =>
    (await db.select({ salt: doorKeys.salt }).from(doorKeys).where(eq(doorKeys.eventId, eventId)))[0]?.salt;
  const found = await read();
  if (found) return found;
  const [drawn] = await db
    .insert(doorKeys)
    .values({ eventId, salt: randomBytes(16).toString('base64url') })
    .onConflictDoNothing()
    .returning({ salt: doorKeys.salt });
  const salt = drawn?.salt ?? (await read());
  if (!salt) throw new Error(`door list: no salt for event ${eventId}`);
  return salt;
}

const codeHashes = alias(doorHashes, 'code_hashes');
const qrHashes = alias(doorHashes, 'qr_hashes');

/**
 * The key of a slow hash in door_hashes: a fast SHA-256 of the salt, the hashing's parameters, the
 * secret's kind and the secret. Only the server knows it (it never leaves), so a changed code or QR
 * secret, or new parameters, simply find no row and are hashed anew.
 */
const digestOf = (cacheKey: string, kind: 'c' | 'q', secret: unknown) =>
  sql<string>`encode(sha256(convert_to(${cacheKey}::text || ${`:${kind}:`}::text || ${secret}, 'UTF8')), 'hex')`;

/**
 * Every attendee of the event's confirmed registrations in one statement, read in the order of
 * attendees_export_idx, with the slow hashes already kept. Where one is missing, the row carries the
 * secret to hash and its digest instead (the only time a secret leaves the database for the list),
 * and its hash column is null. `cacheKey` is the salt with the parameters (door-hashes.ts).
 */
export function findDoorList(db: DbOrTx, eventId: string, cacheKey: string) {
  return selectDoorListRows(db, eventId, cacheKey)
    .where(and(eq(attendees.eventId, eventId), sql`${attendees.confirmed}`))
    .orderBy(attendees.createdAt, attendees.registrationId, attendees.position, attendees.id);
}

/**
 * As findDoorList, the attendees of the event's registrations cancelled after they were confirmed
 * (docs/decisions/0070-the-door-says-cancelled.md): a registration never confirmed was never a
 * ticket. Few, read through registrations_event_idx; the confirmed list's own read is unchanged.
 */
export function findCancelledDoorList(db: DbOrTx, eventId: string, cacheKey: string) {
  return selectDoorListRows(db, eventId, cacheKey)
    .where(
      and(
        eq(attendees.eventId, eventId),
        eq(registrations.eventId, eventId),
        eq(registrations.status, 'cancelled'),
        isNotNull(registrations.confirmedAt),
      ),
    )
    .orderBy(attendees.createdAt, attendees.registrationId, attendees.position, attendees.id);
}

function selectDoorListRows(db: DbOrTx, eventId: string, cacheKey: string) {
  const codeDigest = digestOf(cacheKey, 'c', attendees.shortCode);
  const qrDigest = digestOf(cacheKey, 'q', registrations.qrUuid);
  return db
    .select({
      attendeeId: attendees.id,
      registrationId: attendees.registrationId,
      codeHash: codeHashes.hash,
      qrHash: qrHashes.hash,
      firstName: attendees.firstName,
      lastName: attendees.lastName,
      ticketName: tickets.name,
      checkedInAt: checkins.createdAt,
      checkedInDeviceId: checkins.deviceId,
      passPurchaseId: registrations.passPurchaseId,
      codeToHash: sql<{ digest: string; secret: string } | null>`CASE WHEN ${codeHashes.hash} IS NULL
        THEN json_build_object('digest', ${codeDigest}, 'secret', ${attendees.shortCode}) END`,
      qrToHash: sql<{ digest: string; secret: string } | null>`CASE WHEN ${qrHashes.hash} IS NULL
        THEN json_build_object('digest', ${qrDigest}, 'secret', ${registrations.qrUuid}) END`,
    })
    .from(attendees)
    .innerJoin(registrations, eq(registrations.id, attendees.registrationId))
    .innerJoin(tickets, eq(tickets.id, attendees.ticketId))
    .leftJoin(checkins, eq(checkins.attendeeId, attendees.id))
    .leftJoin(codeHashes, and(eq(codeHashes.eventId, eventId), eq(codeHashes.digest, codeDigest)))
    .leftJoin(qrHashes, and(eq(qrHashes.eventId, eventId), eq(qrHashes.digest, qrDigest)))
    .$dynamic();
}

/**
 * When each cancelled registration's money was given back: the last refund of its orders, or of the
 * season pass it is a place of (null and not refunded when none was, a free ticket the admin cancelled). The door says "Cancelled: refunded"
 * with this time (docs/decisions/0070-the-door-says-cancelled.md).
 */
export async function findCancellationsOf(
  db: DbOrTx,
  registrationIds: readonly string[],
): Promise<Map<string, { at: Date | null; refunded: boolean }>> {
  const found = new Map<string, { at: Date | null; refunded: boolean }>();
  if (registrationIds.length === 0) return found;
  const rows = await db
    .select({ registrationId: orders.registrationId, at: sql<string | Date | null>`max(${refunds.createdAt})` })
    .from(orders)
    .innerJoin(refunds, eq(refunds.orderId, orders.id))
    .where(inArray(orders.registrationId, [...registrationIds]))
    .groupBy(orders.registrationId);
  // A season pass's places are refunded with the pass (refunds.pass_purchase_id), not by an order.
  const passRows = await db
    .select({ registrationId: registrations.id, at: sql<string | Date | null>`max(${refunds.createdAt})` })
    .from(registrations)
    .innerJoin(refunds, eq(refunds.passPurchaseId, registrations.passPurchaseId))
    .where(and(inArray(registrations.id, [...registrationIds]), isNotNull(registrations.passPurchaseId)))
    .groupBy(registrations.id);
  for (const id of registrationIds) found.set(id, { at: null, refunded: false });
  for (const row of [...rows, ...passRows]) {
    if (row.at) found.set(row.registrationId, { at: new Date(row.at), refunded: true });
  }
  return found;
}

export type DoorListRow = Awaited<ReturnType<typeof findDoorList>>[number];

/** Keeps hashes just made; another process may have kept the same ones meanwhile (the same values). */
export async function insertDoorHashes(
  db: DbOrTx,
  eventId: string,
  hashes: readonly { digest: string; hash: string }[],
): Promise<void> {
  if (hashes.length === 0) return;
  await db.execute(sql`
    INSERT INTO door_hashes (event_id, digest, hash)
    SELECT ${eventId}, h.digest, h.hash
      FROM unnest(${sql.param(hashes.map((h) => h.digest))}::text[], ${sql.param(hashes.map((h) => h.hash))}::text[])
           AS h(digest, hash)
    ON CONFLICT (event_id, digest) DO NOTHING`);
}

import { and, eq, isNull, lt, notExists, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { clubs, events, mediaFiles, sponsorships } from '../../db/schema';
import { holdsStock } from '../extras/extras-stock.repo';

/** Namespace of the media quota locks among the advisory locks of the database. */
const MEDIA_LOCK_NAMESPACE = 5_310_022;
/** Namespace of the locks on an event's allowance for unpaid sponsors' uploads. */
const PENDING_UPLOADS_LOCK_NAMESPACE = 5_310_064;

/** Where uploads are served from: a club logo, an event banner or a sponsor's logo stores this path and the name. */
const MEDIA_PATH = '/api/media/';

/** The path an upload is served at, as a club logo or an event banner stores it. */
const servedAt = sql`${MEDIA_PATH} || ${mediaFiles.name}`;

/**
 * Holds the club's media quota until the transaction ends: uploads of one club are counted and
 * recorded one at a time, so two at once cannot both pass at the edge.
 */
export async function lockClubMedia(tx: Tx, clubId: string): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${MEDIA_LOCK_NAMESPACE}, hashtext(${clubId}))`);
}

/** What the club's own uploads take: unpaid sponsors' uploads (pending) are not the club's yet. */
export async function clubMediaBytes(db: DbOrTx, clubId: string): Promise<number> {
  const [row] = await db
    .select({ bytes: sql<number>`coalesce(sum(${mediaFiles.bytes}), 0)`.mapWith(Number) })
    .from(mediaFiles)
    .where(and(eq(mediaFiles.clubId, clubId), isNull(mediaFiles.pendingEventId)));
  return row?.bytes ?? 0;
}

/**
 * Holds the event's allowance for unpaid sponsors' uploads until the transaction ends: visitors'
 * uploads for one event are counted and recorded one at a time, so two at once cannot both pass the edge.
 */
export async function lockPendingUploads(tx: Tx, eventId: string): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${PENDING_UPLOADS_LOCK_NAMESPACE}, hashtext(${eventId}))`);
}

/** What the event's unpaid sponsors' uploads take now. */
export async function pendingUploadBytes(db: DbOrTx, eventId: string): Promise<number> {
  const [row] = await db
    .select({ bytes: sql<number>`coalesce(sum(${mediaFiles.bytes}), 0)`.mapWith(Number) })
    .from(mediaFiles)
    .where(eq(mediaFiles.pendingEventId, eventId));
  return row?.bytes ?? 0;
}

export async function insertMediaFile(
  db: DbOrTx,
  values: { name: string; clubId: string | null; bytes: number; pendingEventId?: string | null },
) {
  await db.insert(mediaFiles).values(values);
}

/**
 * A paid sponsorship's logo becomes its club's: the upload it names, if it waits as an unpaid
 * upload of the sponsorship's own event, stops waiting and counts in the club's quota from now on.
 */
export async function adoptPendingUpload(tx: DbOrTx, eventId: string, url: string): Promise<void> {
  if (!url.startsWith(MEDIA_PATH)) return;
  await tx
    .update(mediaFiles)
    .set({ pendingEventId: null })
    .where(and(eq(mediaFiles.name, url.slice(MEDIA_PATH.length)), eq(mediaFiles.pendingEventId, eventId)));
}

/**
 * Forgets the unpaid sponsors' uploads whose time is over: older than a day, or older than
 * `reservationMinutes` with no sponsorship of their event naming them that still holds its place
 * (paid, or pending within its hold: extras-stock.repo.ts's holdsStock, as a package's place
 * counts). A lapsed or cancelled sponsorship's upload therefore goes with its hold, and one no
 * sponsorship ever named goes as a hold would. The sponsorships that named them forget their logo,
 * so a payment landing late shows the sponsor by name rather than a missing image; one locked by a
 * settlement at that moment is skipped, never waited for. Answers the names freed, for their files
 * to be removed once this commits.
 */
export async function deleteLapsedPendingUploads(db: DbOrTx, reservationMinutes: number): Promise<string[]> {
  const { rows } = await db.execute<{ name: string }>(sql`
    WITH freed AS (
      DELETE FROM ${mediaFiles}
      WHERE ${mediaFiles.pendingEventId} IS NOT NULL
        AND (
          ${mediaFiles.createdAt} < now() - interval '1 day'
          OR (
            ${mediaFiles.createdAt} < now() - make_interval(mins => ${reservationMinutes}::int)
            AND NOT EXISTS (
              SELECT 1 FROM ${sponsorships}
              WHERE ${sponsorships.eventId} = ${mediaFiles.pendingEventId}
                AND ${sponsorships.logoUrl} = ${servedAt}
                AND ${holdsStock(sponsorships, reservationMinutes)}
            )
          )
        )
      RETURNING ${mediaFiles.name} AS name, ${mediaFiles.pendingEventId} AS event_id
    ), forgotten AS (
      UPDATE ${sponsorships} SET logo_url = NULL
      WHERE ${sponsorships.id} IN (
        SELECT s.id FROM ${sponsorships} s JOIN freed ON s.event_id = freed.event_id
        WHERE s.logo_url = ${MEDIA_PATH} || freed.name AND s.payment_status NOT IN ('paid', 'partially_refunded')
        FOR UPDATE OF s SKIP LOCKED
      )
    )
    SELECT name FROM freed`);
  return rows.map((row) => row.name);
}

/**
 * Forgets the club's own uploads that no club logo, event banner or sponsor's logo shows (of any club, as any page
 * may link any upload) and that are older than `uploadedBefore` (a fresh upload is not in its form's
 * save yet). Answers their names, for their files to be removed once this commits.
 */
export async function deleteUnusedMedia(tx: Tx, clubId: string, uploadedBefore: Date): Promise<string[]> {
  const rows = await tx
    .delete(mediaFiles)
    .where(
      and(
        eq(mediaFiles.clubId, clubId),
        // Unpaid sponsors' uploads are not the club's: the background sweep frees them.
        isNull(mediaFiles.pendingEventId),
        lt(mediaFiles.createdAt, uploadedBefore),
        notExists(
          tx
            .select({ one: sql`1` })
            .from(clubs)
            .where(eq(clubs.logoUrl, servedAt)),
        ),
        notExists(
          tx
            .select({ one: sql`1` })
            .from(events)
            .where(eq(events.bannerUrl, servedAt)),
        ),
        notExists(
          tx
            .select({ one: sql`1` })
            .from(sponsorships)
            .where(eq(sponsorships.logoUrl, servedAt)),
        ),
      ),
    )
    .returning({ name: mediaFiles.name });
  return rows.map((row) => row.name);
}

/**
 * An image moved from DATA_DIR/media into the store (move-disk-media.ts): recorded as it was, or, for
 * one uploaded before media_files existed, as an upload of no club (counted against no quota, as the
 * super user's), so it keeps being served. Once recorded, a move resumed records nothing new.
 */
export async function recordMovedMedia(db: DbOrTx, name: string, bytes: number): Promise<void> {
  await db.insert(mediaFiles).values({ name, clubId: null, bytes }).onConflictDoNothing();
}

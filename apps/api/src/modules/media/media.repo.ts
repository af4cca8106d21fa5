import { and, eq, lt, notExists, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { clubs, events, mediaFiles, sponsorships } from '../../db/schema';

/** Namespace of the media quota locks among the advisory locks of the database. */
const MEDIA_LOCK_NAMESPACE = 5_310_022;

/** The path an upload is served at, as a club logo or an event banner stores it. */
const servedAt = sql`'/api/media/' || ${mediaFiles.name}`;

/**
 * Holds the club's media quota until the transaction ends: uploads of one club are counted and
 * recorded one at a time, so two at once cannot both pass at the edge.
 */
export async function lockClubMedia(tx: Tx, clubId: string): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${MEDIA_LOCK_NAMESPACE}, hashtext(${clubId}))`);
}

export async function clubMediaBytes(db: DbOrTx, clubId: string): Promise<number> {
  const [row] = await db
    .select({ bytes: sql<number>`coalesce(sum(${mediaFiles.bytes}), 0)`.mapWith(Number) })
    .from(mediaFiles)
    .where(eq(mediaFiles.clubId, clubId));
  return row?.bytes ?? 0;
}

export async function insertMediaFile(db: DbOrTx, values: { name: string; clubId: string | null; bytes: number }) {
  await db.insert(mediaFiles).values(values);
}

/**
 * Forgets the club's uploads that no club logo, event banner or sponsor's logo shows (of any club, as any page
 * may link any upload) and that are older than `uploadedBefore` (a fresh upload is not in its form's
 * save yet). Answers their names, for their files to be removed once this commits.
 */
export async function deleteUnusedMedia(tx: Tx, clubId: string, uploadedBefore: Date): Promise<string[]> {
  const rows = await tx
    .delete(mediaFiles)
    .where(
      and(
        eq(mediaFiles.clubId, clubId),
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

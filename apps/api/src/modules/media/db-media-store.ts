import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { mediaBytes } from '../../db/schema';
import { sha256Hex, type MediaStore } from '../../core/media-store';

/** PostgreSQL's foreign_key_violation: the upload a copy was made from was freed meanwhile. */
const FOREIGN_KEY_VIOLATION = '23503';
const at = (name: string, width: number | null) => and(eq(mediaBytes.name, name), eq(mediaBytes.width, width ?? 0));

/**
 * Images as rows of media_bytes (db/schema/media.ts), the default store: the bytes go with the
 * database's dump and its replicas, and a row goes with its upload's media_files row (ON DELETE CASCADE),
 * so a freed upload's bytes go in the same transaction.
 */
export function createDbMediaStore(db: Db): MediaStore {
  return {
    description: 'PostgreSQL',
    async put(name, width, bytes, contentType, tx = db) {
      try {
        await tx
          .insert(mediaBytes)
          .values({ name, width: width ?? 0, contentType, size: bytes.length, sha256: sha256Hex(bytes), bytes })
          // Two first asks of one copy at once, or a move resumed: the first row stays, the same bytes.
          .onConflictDoNothing();
      } catch (error) {
        // A copy of an upload freed while it was made: nothing to keep it for.
        if (width !== null && (error as { code?: unknown }).code === FOREIGN_KEY_VIOLATION) return;
        throw error;
      }
    },
    async get(name, width) {
      const [row] = await db
        .select({ bytes: mediaBytes.bytes, contentType: mediaBytes.contentType, sha256: mediaBytes.sha256 })
        .from(mediaBytes)
        .where(at(name, width));
      return row;
    },
    async exists(name, width) {
      const [row] = await db.select({ name: mediaBytes.name }).from(mediaBytes).where(at(name, width));
      return row !== undefined;
    },
    async delete(name) {
      await db.delete(mediaBytes).where(eq(mediaBytes.name, name));
    },
  };
}

import { createHash } from 'node:crypto';
import type { DbOrTx } from '../db/client';

/** An upload's name ends in .png or .jpg (media.service.ts), chosen from its first bytes. */
export const mediaContentType = (name: string): string => (name.endsWith('.png') ? 'image/png' : 'image/jpeg');

/** The strong ETag of an image's bytes, kept beside them by every store. */
export const sha256Hex = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex');

/** What a store answers for an image: its bytes and what it is served with. */
export interface StoredMedia {
  bytes: Buffer;
  contentType: string;
  /** Hex SHA-256 of the bytes: the image's strong ETag. */
  sha256: string;
}

/**
 * Where uploaded images and their phone-sized copies are kept, one for all processes on all hosts
 * (docs/decisions/0077-media-in-the-database.md): PostgreSQL by default, an S3-compatible bucket when
 * MEDIA_S3_URL is set; chosen once at start (modules/media/media-store.ts). An image is named by its
 * upload's name (`<uuid>.<png|jpg>`) and a width: null for the upload itself, else a width of
 * MEDIA_WIDTHS for a copy.
 */
export interface MediaStore {
  /** How the store is named on the start-up line and in logs: never a secret. */
  readonly description: string;
  /**
   * Keeps the bytes. In PostgreSQL they are written in `tx` when given (the upload's own transaction,
   * so a row recorded is an image stored); a bucket ignores it and the caller deletes on rollback.
   */
  put(name: string, width: number | null, bytes: Buffer, contentType: string, tx?: DbOrTx): Promise<void>;
  get(name: string, width: number | null): Promise<StoredMedia | undefined>;
  exists(name: string, width: number | null): Promise<boolean>;
  /** Removes the upload and every copy of it; nothing to remove is no error. */
  delete(name: string): Promise<void>;
}

import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { MediaStore } from '../../core/media-store';
import { createDbMediaStore } from './db-media-store';
import { createS3MediaStore } from './s3-media-store';

/**
 * The one place the store is chosen, once at start (app.ts): the bucket MEDIA_S3_URL names, else
 * PostgreSQL (docs/decisions/0077-media-in-the-database.md).
 */
export function createMediaStore(config: Pick<Config, 'mediaS3'>, db: Db): MediaStore {
  return config.mediaS3 ? createS3MediaStore(config.mediaS3) : createDbMediaStore(db);
}

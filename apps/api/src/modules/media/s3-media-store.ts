import type { S3Client } from '@aws-sdk/client-s3';
import { MEDIA_WIDTHS } from '@clubtix/contract';
import type { MediaS3Settings } from '../../config';
import { onFirstUse } from '../../core/on-first-use';
import { sha256Hex, type MediaStore } from '../../core/media-store';

/** Imported when the first image is stored or asked for: most starts never need it at once. */
const loadS3 = onFirstUse(() => import('@aws-sdk/client-s3'));

/** The object's key: the upload's name, a copy under w<width>/ as it was under DATA_DIR/media. */
const keyOf = (name: string, width: number | null) => (width === null ? name : `w${width}/${name}`);

function isMissing(error: unknown): boolean {
  const { name, $metadata } = error as { name?: unknown; $metadata?: { httpStatusCode?: unknown } };
  return name === 'NoSuchKey' || name === 'NotFound' || $metadata?.httpStatusCode === 404;
}

/**
 * Images as objects of one S3-compatible bucket (MEDIA_S3_URL, config.ts), through the AWS SDK: any
 * process on any host serves any image, without the database carrying the bytes. Each object keeps
 * its SHA-256 as metadata, the ETag it is served with whatever ETag the bucket itself computes.
 */
export function createS3MediaStore(settings: MediaS3Settings): MediaStore {
  const client = onFirstUse(async (): Promise<S3Client> => {
    const { S3Client } = await loadS3();
    return new S3Client({
      endpoint: settings.endpoint,
      region: settings.region,
      forcePathStyle: settings.forcePathStyle,
      credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
      // Checksums only where S3 requires them: the SDK's default adds CRC32 trailers that several
      // S3-compatible servers refuse, and each object's SHA-256 is kept as metadata anyway.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  });
  const Bucket = settings.bucket;
  return {
    description: `S3 bucket ${settings.bucket} at ${settings.endpoint}`,
    async put(name, width, bytes, contentType) {
      const { PutObjectCommand } = await loadS3();
      await (
        await client()
      ).send(
        new PutObjectCommand({
          Bucket,
          Key: keyOf(name, width),
          Body: bytes,
          ContentType: contentType,
          Metadata: { sha256: sha256Hex(bytes) },
        }),
      );
    },
    async get(name, width) {
      const { GetObjectCommand } = await loadS3();
      try {
        const answer = await (await client()).send(new GetObjectCommand({ Bucket, Key: keyOf(name, width) }));
        if (!answer.Body) return undefined;
        const bytes = Buffer.from(await answer.Body.transformToByteArray());
        return {
          bytes,
          contentType: answer.ContentType ?? 'application/octet-stream',
          sha256: answer.Metadata?.sha256 ?? sha256Hex(bytes),
        };
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
    },
    async exists(name, width) {
      const { HeadObjectCommand } = await loadS3();
      try {
        await (await client()).send(new HeadObjectCommand({ Bucket, Key: keyOf(name, width) }));
        return true;
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
    },
    async delete(name) {
      const { DeleteObjectCommand } = await loadS3();
      const s3 = await client();
      // One call per key: DeleteObjects needs a Content-MD5 some S3-compatible servers refuse.
      await Promise.all(
        [null, ...MEDIA_WIDTHS].map((width) => s3.send(new DeleteObjectCommand({ Bucket, Key: keyOf(name, width) }))),
      );
    },
  };
}

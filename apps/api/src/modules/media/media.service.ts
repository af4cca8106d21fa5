import { randomUUID } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { IMAGE_TYPE_MESSAGE } from '@clubtix/contract';
import type { Actor } from '../../core/actor';
import { AppError, badInput, conflict, say } from '../../core/errors';
import { loadSharp } from '../../core/on-first-use';
import type { Deps } from '../../core/deps';
import { loadVisibleEvent } from '../events/events.service';
import { clubMediaBytes, deleteUnusedMedia, insertMediaFile, lockClubMedia } from './media.repo';
import { removeSizedCopies } from './sized-copies';

const MAX_SIDE = 2000;
const MAX_INPUT_PIXELS = 40_000_000;
/** An upload younger than this is not freed as unused: the form it was made for may not be saved yet. */
const UNUSED_AFTER_MS = 24 * 60 * 60 * 1000;

type ImageKind = 'jpg' | 'png';

/** The type comes from the first bytes, never from the name or the declared type. */
export function sniffImage(bytes: Buffer): ImageKind | undefined {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpg';
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length >= png.length && png.every((byte, i) => bytes[i] === byte)) return 'png';
  return undefined;
}

/** Drops metadata and anything hidden after the image, and caps its size. */
async function reencode(bytes: Buffer): Promise<{ kind: ImageKind; output: Buffer }> {
  const kind = sniffImage(bytes);
  if (!kind) throw badInput(IMAGE_TYPE_MESSAGE, 'file');
  const sharp = await loadSharp();
  try {
    const image = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside', withoutEnlargement: true });
    const output =
      kind === 'jpg' ? await image.jpeg({ quality: 85, mozjpeg: true }).toBuffer() : await image.png().toBuffer();
    return { kind, output };
  } catch {
    throw badInput('The file is not a readable JPEG or PNG image', 'file');
  }
}

const megabytes = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(1)} MB`;

function quotaFull(used: number, quota: number, image: number): AppError {
  return new AppError(
    'TOO_LARGE',
    413,
    say(
      "Your club's images already take {used} of its {quota}, and this one needs {image}: " +
        'remove images you no longer use from your events and club page, then upload it again',
      { used: megabytes(used), quota: megabytes(quota), image: megabytes(image) },
    ),
  );
}

/**
 * Re-encodes the upload and stores it under DATA_DIR/media, recorded in media_files against the
 * uploader's club and its quota (MEDIA_QUOTA_MB_PER_CLUB; the super user's uploads belong to no club
 * and count against none). Past the quota, the club's uploads that no page shows any more are freed
 * first; still past it: 413, nothing stored. Answers the URL the image is served from.
 */
export async function storeImage(deps: Deps, owner: Pick<Actor, 'clubId'>, bytes: Buffer): Promise<string> {
  const { kind, output } = await reencode(bytes);
  const name = `${randomUUID()}.${kind}`;
  const { mediaDir, mediaQuotaBytes: quota } = deps.config;
  const clubId = owner.clubId;
  await mkdir(mediaDir, { recursive: true });
  let freed: string[] = [];
  try {
    await deps.db.transaction(async (tx) => {
      if (clubId && quota !== null) {
        await lockClubMedia(tx, clubId);
        let used = await clubMediaBytes(tx, clubId);
        if (used + output.length > quota) {
          freed = await deleteUnusedMedia(tx, clubId, new Date(Date.now() - UNUSED_AFTER_MS));
          used = await clubMediaBytes(tx, clubId);
          if (used + output.length > quota) throw quotaFull(used, quota, output.length);
        }
      }
      await insertMediaFile(tx, { name, clubId, bytes: output.length });
      // Written before the commit: an upload recorded is an upload on disk.
      await writeFile(path.join(mediaDir, name), output);
    });
  } catch (error) {
    // Rolled back: what it freed is kept, and so are their files.
    await rm(path.join(mediaDir, name), { force: true });
    throw error;
  }
  await Promise.all(
    freed.map(async (unused) => {
      await rm(path.join(mediaDir, unused), { force: true });
      await removeSizedCopies(mediaDir, unused);
    }),
  );
  return `/api/media/${name}`;
}

/**
 * A sponsor's logo, uploaded by a visitor (docs/product.md section 21): only for a published event that
 * takes sponsorships, stored against that event's club and its quota as the club's own uploads are
 * (docs/decisions/0042-sponsors-on-show.md).
 */
export async function storeSponsorLogo(deps: Deps, eventId: string, bytes: Buffer): Promise<string> {
  const event = await loadVisibleEvent(deps, null, eventId);
  if (!event.sponsorshipsEnabled) throw conflict('This event does not take sponsorships');
  return storeImage(deps, { clubId: event.clubId }, bytes);
}

import { randomUUID } from 'node:crypto';
import { IMAGE_TYPE_MESSAGE } from '@clubtix/contract';
import type { Actor } from '../../core/actor';
import { AppError, badInput, conflict, say } from '../../core/errors';
import { loadSharp } from '../../core/on-first-use';
import type { Deps } from '../../core/deps';
import { mediaContentType, type MediaStore } from '../../core/media-store';
import { loadVisibleEvent } from '../events/events.service';
import type { Tx } from '../../db/client';
import {
  adoptPendingUpload,
  clubMediaBytes,
  deleteLapsedPendingUploads,
  deleteUnusedMedia,
  insertMediaFile,
  lockClubMedia,
  lockPendingUploads,
  pendingUploadBytes,
} from './media.repo';

const MAX_SIDE = 2000;
const MAX_INPUT_PIXELS = 40_000_000;
/** An upload younger than this is not freed as unused: the form it was made for may not be saved yet. */
const UNUSED_AFTER_MS = 24 * 60 * 60 * 1000;
/**
 * What one event's unpaid sponsors' uploads may take at once (docs/decisions/0064-visitor-uploads.md):
 * some forty logos at the size an upload is re-encoded to, and what visitors can keep of the disk.
 */
export const PENDING_UPLOAD_BYTES_PER_EVENT = 20 * 1024 * 1024;

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
    say(
      "Your club's images already take {used} of its {quota}, and this one needs {image}: " +
        'remove images you no longer use from your events and club page, then upload it again',
      { used: megabytes(used), quota: megabytes(quota), image: megabytes(image) },
    ),
  );
}

function pendingAllowanceFull(used: number, image: number): AppError {
  return new AppError(
    'TOO_LARGE',
    say(
      'Logos of sponsorships not paid yet already take {used} of the {allowance} this event holds at once, ' +
        'and this one needs {image}: send your sponsorship without a logo, or try again later',
      { used: megabytes(used), allowance: megabytes(PENDING_UPLOAD_BYTES_PER_EVENT), image: megabytes(image) },
    ),
  );
}

/**
 * Removes freed uploads and their sized copies from the store, once the rows' deletion has committed
 * (in PostgreSQL their bytes went with the rows; a bucket's objects go now).
 */
async function removeStored(store: MediaStore, names: string[]): Promise<void> {
  await Promise.all(names.map((name) => store.delete(name)));
}

/**
 * Re-encodes an upload and keeps it in the media store, recorded in media_files as `record` says,
 * inside a transaction where `admit` counts it (under its lock) and answers what it freed to make room,
 * or throws to refuse it: nothing is then stored. Answers the URL the image is served from.
 */
async function storeUpload(
  deps: Deps,
  bytes: Buffer,
  record: { clubId: string | null; pendingEventId: string | null },
  admit: (tx: Tx, size: number) => Promise<string[]>,
): Promise<string> {
  const { kind, output } = await reencode(bytes);
  const name = `${randomUUID()}.${kind}`;
  let freed: string[] = [];
  try {
    await deps.db.transaction(async (tx) => {
      freed = await admit(tx, output.length);
      await insertMediaFile(tx, { name, ...record, bytes: output.length });
      // Stored before the commit (in PostgreSQL, in this transaction): an upload recorded is an upload stored.
      await deps.media.put(name, null, output, mediaContentType(name), tx);
    });
  } catch (error) {
    // Rolled back: what it freed is kept, and so are their bytes; a bucket's new object goes.
    await deps.media.delete(name);
    throw error;
  }
  await removeStored(deps.media, freed);
  return `/api/media/${name}`;
}

/**
 * An upload of the club's own (an admin's), recorded against the uploader's club and its quota
 * (MEDIA_QUOTA_MB_PER_CLUB; the super user's uploads belong to no club and count against none). Past
 * the quota, the club's uploads that no page shows any more are freed first; still past it: 413,
 * nothing stored.
 */
export async function storeImage(deps: Deps, owner: Pick<Actor, 'clubId'>, bytes: Buffer): Promise<string> {
  const clubId = owner.clubId;
  const quota = deps.config.mediaQuotaBytes;
  return storeUpload(deps, bytes, { clubId, pendingEventId: null }, async (tx, size) => {
    if (!clubId || quota === null) return [];
    await lockClubMedia(tx, clubId);
    let used = await clubMediaBytes(tx, clubId);
    if (used + size <= quota) return [];
    const freed = await deleteUnusedMedia(tx, clubId, new Date(Date.now() - UNUSED_AFTER_MS));
    used = await clubMediaBytes(tx, clubId);
    if (used + size > quota) throw quotaFull(used, quota, size);
    return freed;
  });
}

/**
 * A sponsor's logo, uploaded by a visitor (docs/product.md section 21): only for a published event that
 * takes sponsorships. It waits as the event's pending upload, outside the club's quota, until its
 * sponsorship is paid (adoptSponsorLogo) or it lapses (freeLapsedSponsorUploads); the event's pending
 * uploads take at most PENDING_UPLOAD_BYTES_PER_EVENT at once, counted under a lock of the event so two
 * at the edge cannot both pass: past it, 413 and nothing stored (docs/decisions/0064-visitor-uploads.md).
 */
export async function storeSponsorLogo(deps: Deps, eventId: string, bytes: Buffer): Promise<string> {
  const event = await loadVisibleEvent(deps, null, eventId);
  if (!event.sponsorshipsEnabled) throw conflict('This event does not take sponsorships');
  return storeUpload(deps, bytes, { clubId: event.clubId, pendingEventId: event.id }, async (tx, size) => {
    await lockPendingUploads(tx, event.id);
    const used = await pendingUploadBytes(tx, event.id);
    if (used + size > PENDING_UPLOAD_BYTES_PER_EVENT) throw pendingAllowanceFull(used, size);
    return [];
  });
}

/**
 * In the settlement of a paid sponsorship: its logo, uploaded by the visitor for its event, becomes
 * the club's, counted in the club's quota and never freed by the sweep of unpaid uploads.
 */
export async function adoptSponsorLogo(tx: Tx, sponsorship: { eventId: string; logoUrl: string | null }) {
  if (sponsorship.logoUrl) await adoptPendingUpload(tx, sponsorship.eventId, sponsorship.logoUrl);
}

/**
 * The background sweep of unpaid sponsors' uploads (app.ts, beside the lapsed holds): those whose
 * sponsorship lapsed (its hold is over, or it was cancelled), those no sponsorship took up within a
 * hold's time, and every one older than a day are freed, rows, bytes and sized copies. Answers how
 * many. Any process may run it: each row is deleted, and its bytes removed, by one of them.
 */
export async function freeLapsedSponsorUploads(deps: Pick<Deps, 'db' | 'config' | 'media'>): Promise<number> {
  const freed = await deleteLapsedPendingUploads(deps.db, deps.config.reservationMinutes);
  await removeStored(deps.media, freed);
  return freed.length;
}

import { MEDIA_WIDTHS } from '@clubtix/contract';
import { loadSharp } from '../../core/on-first-use';
import { sha256Hex, type MediaStore, type StoredMedia } from '../../core/media-store';

/** The name of an upload (media.service.ts): `<uuid>.<png|jpg>`; nothing else is ever looked up. */
export const MEDIA_NAME = /^[A-Za-z0-9-]+\.(jpg|png)$/;

/**
 * Narrower copies of an upload for phones (docs/decisions/0053-first-paint.md): a banner is stored up to
 * 2000 px wide, and a phone shows it 390 CSS px wide. Only the widths of MEDIA_WIDTHS are made, so a
 * request cannot make the server resize to any width it likes; each is made once, on the first ask,
 * kept in the media store beside its upload, and removed with it.
 */
export const isMediaWidth = (width: number): boolean => (MEDIA_WIDTHS as readonly number[]).includes(width);

/** The copy, made now from `original` and stored if it is not there yet. */
export async function sizedCopy(
  store: MediaStore,
  name: string,
  width: number,
  original: StoredMedia,
): Promise<StoredMedia> {
  const sharp = await loadSharp();
  const image = sharp(original.bytes).resize({ width, withoutEnlargement: true });
  const bytes = await (name.endsWith('.png') ? image.png() : image.jpeg({ quality: 80, mozjpeg: true })).toBuffer();
  await store.put(name, width, bytes, original.contentType);
  // Two first asks at once both store it and the store keeps one: both serve that one, with one ETag.
  // None kept (its upload was freed meanwhile): this request still gets what it asked for.
  return (await store.get(name, width)) ?? { bytes, contentType: original.contentType, sha256: sha256Hex(bytes) };
}

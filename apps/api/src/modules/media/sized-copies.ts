import { existsSync } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { MEDIA_WIDTHS } from '@clubtix/contract';

/**
 * Narrower copies of an upload for phones (docs/decisions/0053-first-paint.md): a banner is stored up to
 * 2000 px wide, and a phone shows it 390 CSS px wide. Only the widths of MEDIA_WIDTHS are made, so a
 * request cannot make the server resize to any width it likes; each is made once, on the first ask,
 * under DATA_DIR/media/w<width>/, and removed with its upload.
 */
export const isMediaWidth = (width: number): boolean => (MEDIA_WIDTHS as readonly number[]).includes(width);

const copyPath = (mediaDir: string, width: number, name: string) => path.join(mediaDir, `w${width}`, name);

/** The copy's path, made now if it is not there yet. The upload itself must exist. */
export async function sizedCopy(mediaDir: string, name: string, width: number): Promise<string> {
  const file = copyPath(mediaDir, width, name);
  if (existsSync(file)) return file;
  await mkdir(path.dirname(file), { recursive: true });
  // Written beside, then renamed: two first asks at once never serve a half-written file.
  const partial = `${file}.${process.pid}.${Date.now()}.part`;
  const image = sharp(path.join(mediaDir, name)).resize({ width, withoutEnlargement: true });
  await (name.endsWith('.png') ? image.png() : image.jpeg({ quality: 80, mozjpeg: true })).toFile(partial);
  await rename(partial, file);
  return file;
}

/** Removes an upload's copies (with the upload, when it is freed). */
export async function removeSizedCopies(mediaDir: string, name: string): Promise<void> {
  await Promise.all(MEDIA_WIDTHS.map((width) => rm(copyPath(mediaDir, width, name), { force: true })));
}

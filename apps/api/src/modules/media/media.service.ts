import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { IMAGE_TYPE_MESSAGE } from '@clubtix/contract';
import { badInput } from '../../plugins/errors';

const MAX_SIDE = 2000;
const MAX_INPUT_PIXELS = 40_000_000;

type ImageKind = 'jpg' | 'png';

/** The type comes from the first bytes, never from the name or the declared type. */
export function sniffImage(bytes: Buffer): ImageKind | undefined {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpg';
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length >= png.length && png.every((byte, i) => bytes[i] === byte)) return 'png';
  return undefined;
}

/**
 * Re-encodes the upload (drops metadata and anything hidden after the image, caps its size) and
 * stores it under DATA_DIR/media; answers the URL it is served from.
 */
export async function storeImage(mediaDir: string, bytes: Buffer): Promise<string> {
  const kind = sniffImage(bytes);
  if (!kind) throw badInput(IMAGE_TYPE_MESSAGE, 'file');
  let output: Buffer;
  try {
    const image = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside', withoutEnlargement: true });
    output =
      kind === 'jpg' ? await image.jpeg({ quality: 85, mozjpeg: true }).toBuffer() : await image.png().toBuffer();
  } catch {
    throw badInput('The file is not a readable JPEG or PNG image', 'file');
  }
  const name = `${randomUUID()}.${kind}`;
  await mkdir(mediaDir, { recursive: true });
  await writeFile(path.join(mediaDir, name), output);
  return `/api/media/${name}`;
}

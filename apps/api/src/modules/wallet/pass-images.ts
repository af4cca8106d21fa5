import { loadSharp } from '../../core/on-first-use';

/**
 * The ClubTix mark (apps/web/public/favicon.svg), which a pass shows as its icon and logo. Drawn
 * here with sharp rather than shipped as PNGs, so the mark has one source of truth in SVG and no
 * image is downloaded (docs/decisions/0045-wallet-passes.md).
 */
const BRAND_MARK =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="#7d28dc"/>' +
  '<path d="M14 22a4 4 0 0 0 4-4h28a4 4 0 0 0 4 4v6a4 4 0 0 0 0 8v6a4 4 0 0 0-4 4H18a4 4 0 0 0-4-4v-6a4 4 0 0 0 0-8z" fill="#ffb01b"/>' +
  '<path d="M26 26v12M38 26v12" stroke="#7d28dc" stroke-width="3" stroke-linecap="round"/></svg>';

/** Apple's sizes in points: the icon 29 square (required), the logo at most 160 by 50; @2x and @3x for Retina screens. */
const SIZES: [string, number][] = [
  ['icon.png', 29],
  ['icon@2x.png', 58],
  ['icon@3x.png', 87],
  ['logo.png', 50],
  ['logo@2x.png', 100],
  ['logo@3x.png', 150],
];

let drawn: Promise<Record<string, Buffer>> | undefined;

async function drawImages(): Promise<Record<string, Buffer>> {
  const sharp = await loadSharp();
  const svg = Buffer.from(BRAND_MARK);
  const images = await Promise.all(
    SIZES.map(async ([name, size]) => [name, await sharp(svg, { density: 300 }).resize(size, size).png().toBuffer()]),
  );
  return Object.fromEntries(images) as Record<string, Buffer>;
}

/** The pass's images by file name, drawn once per process. */
export function passImages(): Promise<Record<string, Buffer>> {
  drawn ??= drawImages().catch((error: unknown) => {
    drawn = undefined;
    throw error;
  });
  return drawn;
}

import type { MediaStore } from '../../core/media-store';
import { loadSharp } from '../../core/on-first-use';

/** Uploads are served at /api/media/<uuid>.<png|jpg> (media.service.ts): only those are read. */
const OWN_MEDIA = /^\/api\/media\/([0-9a-f-]{36}\.(?:png|jpg))$/;

/** Drawn at most 56 points high: 3 times that in pixels keeps print sharp and the PDF small. */
const LOGO_MAX_PIXELS = 360;

/**
 * The club's logo as a small PNG for a ticket PDF, as a data: URL, read from the club's own uploads;
 * null when the club has none, it is elsewhere (nothing is fetched from outside while rendering), or
 * it is gone.
 */
export async function loadClubLogo(media: MediaStore, logoUrl: string | null): Promise<string | null> {
  const name = logoUrl ? OWN_MEDIA.exec(logoUrl)?.[1] : undefined;
  if (!name) return null;
  const sharp = await loadSharp();
  try {
    const stored = await media.get(name, null);
    if (!stored) return null;
    const png = await sharp(stored.bytes)
      .resize({ width: LOGO_MAX_PIXELS, height: LOGO_MAX_PIXELS, fit: 'inside', withoutEnlargement: true })
      .png()
      .toBuffer();
    return `data:image/png;base64,${png.toString('base64')}`;
  } catch {
    return null;
  }
}

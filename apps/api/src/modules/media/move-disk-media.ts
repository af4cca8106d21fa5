import { existsSync } from 'node:fs';
import { readdir, readFile, rm, rmdir } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { MEDIA_WIDTHS } from '@clubtix/contract';
import type { Deps } from '../../core/deps';
import { mediaContentType } from '../../core/media-store';
import { recordMovedMedia } from './media.repo';
import { MEDIA_NAME } from './sized-copies';

/** A progress line every this many images: a large club's move shows it is going on. */
const PROGRESS_EVERY = 100;

async function mediaNamesIn(dir: string): Promise<string[]> {
  if (!existsSync(dir)) return [];
  return (await readdir(dir)).filter((name) => MEDIA_NAME.test(name)).sort();
}

/**
 * Moves the images an older version kept under DATA_DIR/media (and its phone-sized copies under
 * w<width>/) into the store, on start, before the first request (app.ts), so they are served from it
 * as every new upload is (docs/decisions/0077-media-in-the-database.md). Each file is removed only
 * once stored, so a move cut short goes on at the next start and one finished finds nothing to do;
 * several processes starting at once store the same bytes under the same name, which is harmless. A
 * copy whose upload is not stored (freed) is removed, not moved. Answers how many files it moved.
 */
export async function moveDiskMedia(deps: Pick<Deps, 'db' | 'config' | 'media'>, log: FastifyBaseLogger) {
  const dir = deps.config.mediaDir;
  const originals = await mediaNamesIn(dir);
  const copies = await Promise.all(
    MEDIA_WIDTHS.map(async (width) => ({ width, names: await mediaNamesIn(path.join(dir, `w${width}`)) })),
  );
  const total = originals.length + copies.reduce((sum, { names }) => sum + names.length, 0);
  if (total === 0) return 0;
  log.info({ files: total, from: dir, to: deps.media.description }, 'moving images into the media store');
  let moved = 0;
  const done = () => {
    moved += 1;
    if (moved % PROGRESS_EVERY === 0) log.info({ moved, of: total }, 'moving images into the media store');
  };
  for (const name of originals) {
    const file = path.join(dir, name);
    const bytes = await readFile(file);
    await deps.db.transaction(async (tx) => {
      await recordMovedMedia(tx, name, bytes.length);
      await deps.media.put(name, null, bytes, mediaContentType(name), tx);
    });
    await rm(file, { force: true });
    done();
  }
  for (const { width, names } of copies) {
    for (const name of names) {
      const file = path.join(dir, `w${width}`, name);
      if (await deps.media.exists(name, null)) {
        await deps.media.put(name, width, await readFile(file), mediaContentType(name));
      }
      await rm(file, { force: true });
      done();
    }
    // Only when empty: anything else an operator put there is left alone.
    await rmdir(path.join(dir, `w${width}`)).catch(() => undefined);
  }
  log.info({ moved, from: dir, to: deps.media.description }, 'moved images into the media store');
  return moved;
}

import { createHash, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEDIA_WIDTHS } from '@clubtix/contract';
import { mediaBytes, mediaFiles } from '../../db/schema';
import { recordMovedMedia } from './media.repo';
import { noisePng } from '../../../test/images';
import { startS3StandIn, type S3StandIn } from '../../../test/s3-stand-in';
import {
  createClubWithAdmin,
  createSiblingApp,
  createTestApp,
  uploadImage,
  type ApiResponse,
  type TestApp,
} from '../../../test/helpers';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

const wide = () =>
  sharp({ create: { width: 1600, height: 400, channels: 3, background: { r: 20, g: 90, b: 160 } } })
    .jpeg()
    .toBuffer();

let s3: S3StandIn;
beforeAll(async () => {
  s3 = await startS3StandIn();
});
afterAll(async () => s3.close());

describe.each([
  ['PostgreSQL (the default)', 'db' as const],
  ['an S3-compatible bucket (MEDIA_S3_URL)', 's3' as const],
])('images kept in %s', (_store, kind) => {
  const QUOTA_MB = 0.1;
  const env = () => ({
    MEDIA_QUOTA_MB_PER_CLUB: String(QUOTA_MB),
    ...(kind === 's3' ? { MEDIA_S3_URL: s3.url } : {}),
  });
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp(env());
    ({ token } = (await createClubWithAdmin(t)).admin);
  });
  afterAll(async () => t.close());

  const upload = async (data: Buffer, as = token) => {
    const response: ApiResponse = await uploadImage(t, as, [{ filename: 'a.png', contentType: 'image/png', data }]);
    expect(response.status).toBe(200);
    return (response.body.payload as { url: string }).url;
  };
  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
  const nameOf = (url: string) => url.split('/').pop()!;

  it('serves an upload and its copies with a strong ETag, immutable caching, and 304 on If-None-Match', async () => {
    const url = await upload(await wide());
    for (const address of [url, `${url}?w=${MEDIA_WIDTHS[0]}`]) {
      const first = await get(address);
      expect(first.statusCode, address).toBe(200);
      expect(first.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const etag = first.headers.etag as string;
      expect(etag).toBe(`"${sha256(first.rawPayload)}"`);
      for (const asked of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
        const again = await get(address, { 'if-none-match': asked });
        expect(again.statusCode, asked).toBe(304);
        expect(again.rawPayload.length).toBe(0);
        expect(again.headers.etag).toBe(etag);
      }
      const changed = await get(address, { 'if-none-match': '"something-else"' });
      expect(changed.statusCode).toBe(200);
      expect(changed.rawPayload.equals(first.rawPayload)).toBe(true);
    }
    // A copy is other bytes: another ETag.
    expect((await get(url)).headers.etag).not.toBe((await get(`${url}?w=${MEDIA_WIDTHS[0]}`)).headers.etag);
  });

  it(`keeps the bytes ${kind === 'db' ? 'in media_bytes, with their hash' : 'as objects of the bucket, none in media_bytes'}`, async () => {
    const url = await upload(await noisePng(40));
    const name = nameOf(url);
    const served = (await get(url)).rawPayload;
    expect((await get(`${url}?w=${MEDIA_WIDTHS[0]}`)).statusCode).toBe(200);
    const rows = await t.db.select().from(mediaBytes).where(eq(mediaBytes.name, name));
    if (kind === 'db') {
      expect(rows.map((row) => row.width).sort((a, b) => a - b)).toEqual([0, MEDIA_WIDTHS[0]]);
      const original = rows.find((row) => row.width === 0)!;
      expect(original).toMatchObject({ contentType: 'image/png', size: served.length, sha256: sha256(served) });
      expect(original.bytes.equals(served)).toBe(true);
    } else {
      expect(rows).toEqual([]);
      expect(s3.objects.get(name)?.bytes.equals(served)).toBe(true);
      expect(s3.objects.get(name)).toMatchObject({ contentType: 'image/png', metadata: { sha256: sha256(served) } });
      expect(s3.objects.has(`w${MEDIA_WIDTHS[0]}/${name}`)).toBe(true);
    }
    expect(await t.media.exists(name, null)).toBe(true);
  });

  it('frees the club’s unused uploads, bytes and copies, from the store when its quota is full', async () => {
    const { admin } = await createClubWithAdmin(t);
    const image = await noisePng(100);
    const old = [await upload(image, admin.token), await upload(image, admin.token), await upload(image, admin.token)];
    expect((await get(`${old[0]}?w=${MEDIA_WIDTHS[0]}`)).statusCode).toBe(200);
    expect(
      (await uploadImage(t, admin.token, [{ filename: 'a.png', contentType: 'image/png', data: image }])).status,
    ).toBe(413);
    await t.db.execute(sql`UPDATE ${mediaFiles} SET created_at = now() - interval '25 hours'`);
    const kept = await upload(image, admin.token);
    for (const url of old) {
      expect(await t.media.exists(nameOf(url), null)).toBe(false);
      expect(await t.media.exists(nameOf(url), MEDIA_WIDTHS[0])).toBe(false);
      expect((await get(url)).statusCode).toBe(404);
    }
    expect((await get(kept)).statusCode).toBe(200);
  });

  it('moves the images under DATA_DIR/media into the store on the first start, once, and removes only what it stored', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'clubtix-move-'));
    try {
      const media = path.join(dataDir, 'media');
      const copies = path.join(media, `w${MEDIA_WIDTHS[0]}`);
      mkdirSync(copies, { recursive: true });
      const { club } = await createClubWithAdmin(t);
      // Uploaded before media_files existed: no row.
      const legacy = { name: `${randomUUID()}.png`, bytes: await noisePng(30) };
      // Recorded against its club, with a copy made; its bytes were stored by a move cut short.
      const recorded = { name: `${randomUUID()}.jpg`, bytes: await wide() };
      const recordedCopy = await sharp(recorded.bytes).resize({ width: MEDIA_WIDTHS[0] }).jpeg().toBuffer();
      const orphanCopy = `${randomUUID()}.png`;
      writeFileSync(path.join(media, legacy.name), legacy.bytes);
      writeFileSync(path.join(media, recorded.name), recorded.bytes);
      writeFileSync(path.join(copies, recorded.name), recordedCopy);
      writeFileSync(path.join(copies, orphanCopy), legacy.bytes);
      writeFileSync(path.join(media, 'notes.txt'), 'left by an operator');
      await t.db.insert(mediaFiles).values({ name: recorded.name, clubId: club.id, bytes: recorded.bytes.length });
      await t.db.transaction(async (tx) => {
        await recordMovedMedia(tx, recorded.name, recorded.bytes.length);
        await t.media.put(recorded.name, null, recorded.bytes, 'image/jpeg', tx);
      });

      const lines: string[] = [];
      const start = () =>
        createSiblingApp(
          t,
          { ...env(), DATA_DIR: dataDir, LOG_LEVEL: 'info' },
          { logDestination: { write: (line) => void lines.push(line) } },
        );
      const moved = await start();
      try {
        const logged = lines.map((line) => JSON.parse(line) as { msg: string; files?: number; moved?: number });
        expect(logged.find((line) => line.msg === 'moving images into the media store')).toMatchObject({ files: 4 });
        expect(logged.find((line) => line.msg === 'moved images into the media store')).toMatchObject({ moved: 4 });
        expect(lines.join('\n')).not.toContain('stand/in');
        expect(readdirSync(media)).toEqual(['notes.txt']);

        const served = (address: string) => moved.app.inject({ method: 'GET', url: `/api/media/${address}` });
        expect((await served(legacy.name)).rawPayload.equals(legacy.bytes)).toBe(true);
        expect((await served(recorded.name)).rawPayload.equals(recorded.bytes)).toBe(true);
        expect((await served(`${recorded.name}?w=${MEDIA_WIDTHS[0]}`)).rawPayload.equals(recordedCopy)).toBe(true);
        expect((await served(orphanCopy)).statusCode).toBe(404);
        expect(await t.media.exists(orphanCopy, MEDIA_WIDTHS[0])).toBe(false);
        const rows = await t.db
          .select()
          .from(mediaFiles)
          .where(sql`${mediaFiles.name} IN (${legacy.name}, ${recorded.name})`);
        expect(
          rows.map(({ name, clubId, bytes }) => ({ name, clubId, bytes })).sort((a, b) => a.bytes - b.bytes),
        ).toEqual([
          { name: legacy.name, clubId: null, bytes: legacy.bytes.length },
          { name: recorded.name, clubId: club.id, bytes: recorded.bytes.length },
        ]);
      } finally {
        await moved.close();
      }

      lines.length = 0;
      const again = await start();
      await again.close();
      expect(lines.some((line) => line.includes('into the media store'))).toBe(false);
      expect(existsSync(path.join(media, 'notes.txt'))).toBe(true);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaFiles } from '../../db/schema';
import { lockClubMedia } from './media.repo';
import { lineUpOnLock } from '../../../test/advisory-lock';
import { publishEvent } from '../../../test/catalogue';
import {
  call,
  createClubWithAdmin,
  createSiblingApp,
  createSudo,
  createTestApp,
  expectError,
  uploadImage,
  type ApiResponse,
  type TestApp,
  multipartBody,
} from '../../../test/helpers';

/** A PNG of noise: it does not compress, so its stored size is known before the test counts on it. */
const noise = (side: number, seed: number) =>
  sharp({
    create: {
      width: side,
      height: side,
      channels: 3,
      background: '#000',
      noise: { type: 'gaussian', mean: seed, sigma: 60 },
    },
  })
    .png()
    .toBuffer();

const QUOTA_MB = 0.1;
const QUOTA = Math.round(QUOTA_MB * 1024 * 1024);

describe(`the media quota per club (MEDIA_QUOTA_MB_PER_CLUB=${QUOTA_MB})`, () => {
  let apps: TestApp[];
  let t: TestApp;
  /** About 31 KB stored: three fit in the quota, a fourth does not. */
  let image: Buffer;
  let imageBytes: number;

  beforeAll(async () => {
    t = await createTestApp({ MEDIA_QUOTA_MB_PER_CLUB: String(QUOTA_MB) });
    apps = [t, await createSiblingApp(t, { MEDIA_QUOTA_MB_PER_CLUB: String(QUOTA_MB) })];
    image = await noise(100, 128);
    // The stored size is the re-encoded one: learn it from a club with room to spare.
    const { admin } = await createClubWithAdmin(t);
    imageBytes = (await storedOf(urlOf(await upload(t, admin.token))))!.bytes;
    expect(imageBytes).toBeGreaterThan(QUOTA / 4);
    expect(imageBytes).toBeLessThan(QUOTA / 3);
  });
  afterAll(async () => {
    for (const app of apps.reverse()) await app.close();
  });

  const upload = (app: TestApp, token: string, data: Buffer = image) =>
    uploadImage(app, token, [{ filename: 'photo.png', contentType: 'image/png', data }]);
  const urlOf = (response: ApiResponse) => (response.body.payload as { url: string }).url;
  const nameOf = (url: string) => url.split('/').pop()!;
  async function storedOf(url: string) {
    const [row] = await t.db
      .select()
      .from(mediaFiles)
      .where(eq(mediaFiles.name, nameOf(url)));
    return row;
  }
  async function clubUsage(clubId: string) {
    const rows = await t.db.select().from(mediaFiles).where(eq(mediaFiles.clubId, clubId));
    return { files: rows.length, bytes: rows.reduce((sum, row) => sum + row.bytes, 0) };
  }
  const filesOnDisk = (app: TestApp) => (existsSync(app.config.mediaDir) ? readdirSync(app.config.mediaDir).length : 0);

  it('records every upload with its club and size, and refuses one past the quota with 413, storing nothing', async () => {
    const { club, admin } = await createClubWithAdmin(t);
    for (let i = 0; i < 3; i++) {
      const response = await upload(t, admin.token);
      expect(response.status).toBe(200);
      const row = await storedOf(urlOf(response));
      expect(row).toMatchObject({ clubId: club.id, bytes: imageBytes });
      const served = await t.app.inject({ method: 'GET', url: urlOf(response) });
      expect(served.rawPayload.length).toBe(imageBytes);
    }
    const before = { usage: await clubUsage(club.id), files: filesOnDisk(t) };

    const refused = await upload(t, admin.token);
    const used = (3 * imageBytes) / (1024 * 1024);
    expectError(
      refused,
      413,
      'TOO_LARGE',
      `Your club's images already take ${used.toFixed(1)} MB of its ${QUOTA_MB.toFixed(1)} MB, and this one needs ` +
        `${(imageBytes / (1024 * 1024)).toFixed(1)} MB: remove images you no longer use from your events and club page, then upload it again`,
    );
    expect(await clubUsage(club.id)).toEqual(before.usage);
    expect(filesOnDisk(t)).toBe(before.files);

    // The quota is the club's own: another club uploads as before.
    const other = await createClubWithAdmin(t);
    expect((await upload(t, other.admin.token)).status).toBe(200);
  });

  it("counts the super user's uploads against no club", async () => {
    const sudo = await createSudo(t);
    for (let i = 0; i < 4; i++) {
      const response = await upload(t, sudo.token);
      expect(response.status).toBe(200);
      expect((await storedOf(urlOf(response)))?.clubId).toBeNull();
    }
  });

  it("frees the club's old uploads that no page shows any more, and keeps those a logo or banner shows", async () => {
    const { club, admin } = await createClubWithAdmin(t);
    const urls: string[] = [];
    for (let i = 0; i < 3; i++) urls.push(urlOf(await upload(t, admin.token)));
    const [logoUrl, bannerUrl, unusedUrl] = urls as [string, string, string];
    expect((await call(t, 'POST', '/club/save', { token: admin.token, body: { id: club.id, logoUrl } })).status).toBe(
      200,
    );
    await publishEvent(t, admin.token, { bannerUrl });
    // A day on, all three are old; only the one no page shows may go.
    await t.db
      .update(mediaFiles)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(eq(mediaFiles.clubId, club.id));

    const response = await upload(t, admin.token);
    expect(response.status).toBe(200);
    expect(await storedOf(unusedUrl)).toBeUndefined();
    expect(existsSync(path.join(t.config.mediaDir, nameOf(unusedUrl)))).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: unusedUrl })).statusCode).toBe(404);
    for (const kept of [logoUrl, bannerUrl, urlOf(response)]) {
      expect(await storedOf(kept)).toBeDefined();
      expect((await t.app.inject({ method: 'GET', url: kept })).statusCode).toBe(200);
    }
    expect((await clubUsage(club.id)).files).toBe(3);
  });

  it("counts a sponsor's logo against the event's club, and keeps it while a sponsorship shows it", async () => {
    const { club, admin } = await createClubWithAdmin(t);
    const event = await publishEvent(t, admin.token, { sponsorshipsEnabled: true, donationsEnabled: true });
    const sponsorUpload = () => {
      const { payload, contentType } = multipartBody([{ filename: 'logo.png', contentType: 'image/png', data: image }]);
      return call(t, 'POST', '/sponsorship/uploadLogo', {
        query: { eventId: event.id },
        body: payload,
        headers: { 'content-type': contentType },
      });
    };
    const unusedUrl = urlOf(await upload(t, admin.token));
    const logoUrl = urlOf(await sponsorUpload());
    const unusedLogoUrl = urlOf(await sponsorUpload());
    expect(await clubUsage(club.id)).toEqual({ files: 3, bytes: 3 * imageBytes });
    const body = {
      eventId: event.id,
      amount: 500,
      name: 'Acme',
      email: 'acme@example.org',
      logoUrl,
      showPublicly: true,
    };
    expect((await call(t, 'POST', '/sponsorship/create', { body })).status).toBe(200);
    await t.db
      .update(mediaFiles)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(eq(mediaFiles.clubId, club.id));

    const response = await upload(t, admin.token);
    expect(response.status).toBe(200);
    for (const freed of [unusedUrl, unusedLogoUrl]) expect(await storedOf(freed)).toBeUndefined();
    expect((await t.app.inject({ method: 'GET', url: logoUrl })).statusCode).toBe(200);
    expect((await clubUsage(club.id)).files).toBe(2);
  });

  it('lets exactly one of many uploads at the edge through, on two processes at once', async () => {
    const { club, admin } = await createClubWithAdmin(t);
    for (let i = 0; i < 2; i++) expect((await upload(t, admin.token)).status).toBe(200);
    // Room for one more. Eight arrive together, half on each process, lined up on the club's quota.
    const responses = await lineUpOnLock(
      t,
      (tx) => lockClubMedia(tx, club.id),
      8,
      () => Array.from({ length: 8 }, (_, i) => upload(apps[i % 2]!, admin.token)),
    );
    expect(responses.filter((response) => response.status === 200)).toHaveLength(1);
    for (const response of responses.filter((r) => r.status !== 200)) expectError(response, 413, 'TOO_LARGE');
    expect(await clubUsage(club.id)).toEqual({ files: 3, bytes: 3 * imageBytes });
  });
});

import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, MEDIA_WIDTHS } from '@clubtix/contract';
import { mediaBytes, mediaFiles, sponsorships } from '../../db/schema';
import { lockClubMedia, lockPendingUploads } from './media.repo';
import { PENDING_UPLOAD_BYTES_PER_EVENT } from './media.service';
import { lineUpOnLock } from '../../../test/advisory-lock';
import { createPackage, publishEvent } from '../../../test/catalogue';
import {
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
import { callEndpoint, expectPayload } from '../../../test/call-endpoint';
import { noisePng } from '../../../test/images';

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
    image = await noisePng(100, 128);
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
    const rows = await t.db
      .select()
      .from(mediaFiles)
      .where(and(eq(mediaFiles.clubId, clubId), isNull(mediaFiles.pendingEventId)));
    return { files: rows.length, bytes: rows.reduce((sum, row) => sum + row.bytes, 0) };
  }
  /** The images in the store, counted in PostgreSQL (where the quota tests keep them). */
  const filesStored = async () => (await t.db.select({ name: mediaBytes.name }).from(mediaBytes)).length;

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
    const before = { usage: await clubUsage(club.id), files: await filesStored() };

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
    expect(await filesStored()).toBe(before.files);

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
    expect(
      (await callEndpoint(t, endpoints.club.save, { token: admin.token, body: { id: club.id, logoUrl } })).status,
    ).toBe(200);
    await publishEvent(t, admin.token, { bannerUrl });
    // A day on, all three are old; only the one no page shows may go.
    await t.db
      .update(mediaFiles)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(eq(mediaFiles.clubId, club.id));

    const response = await upload(t, admin.token);
    expect(response.status).toBe(200);
    expect(await storedOf(unusedUrl)).toBeUndefined();
    expect(await t.media.exists(nameOf(unusedUrl), null)).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: unusedUrl })).statusCode).toBe(404);
    for (const kept of [logoUrl, bannerUrl, urlOf(response)]) {
      expect(await storedOf(kept)).toBeDefined();
      expect((await t.app.inject({ method: 'GET', url: kept })).statusCode).toBe(200);
    }
    expect((await clubUsage(club.id)).files).toBe(3);
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

/**
 * Visitors' uploads (docs/decisions/0064-visitor-uploads.md): a sponsor's logo waits outside the
 * club's quota until its sponsorship is paid, one event holds at most 20 MB of them at once, and the
 * background sweep frees those whose sponsorship lapsed, and every one after a day.
 */
describe("unpaid sponsors' uploads", () => {
  let apps: TestApp[];
  let t: TestApp;
  let image: Buffer;
  let imageBytes: number;
  const env = { MEDIA_QUOTA_MB_PER_CLUB: String(QUOTA_MB) };

  beforeAll(async () => {
    // The sweep every 200 ms, as the background job runs it every 15 s.
    t = await createTestApp(env, { holdSweepMs: 200 });
    apps = [t, await createSiblingApp(t, env)];
    image = await noisePng(100, 128);
  });
  afterAll(async () => {
    for (const app of apps.reverse()) await app.close();
  });

  const urlOf = (response: ApiResponse) => (response.body.payload as { url: string }).url;
  const nameOf = (url: string) => url.split('/').pop()!;
  const stored = async (url: string) =>
    (
      await t.db
        .select()
        .from(mediaFiles)
        .where(eq(mediaFiles.name, nameOf(url)))
    )[0];
  const inStore = (url: string) => t.media.exists(nameOf(url), null);
  const served = async (url: string) => (await t.app.inject({ method: 'GET', url })).statusCode;
  /** Whether the sweep has freed it: its row, and then (once the deletion committed) its bytes. */
  const freed = async (url: string) => (await stored(url)) === undefined && !(await inStore(url));
  const adminUpload = (token: string) =>
    uploadImage(t, token, [{ filename: 'photo.png', contentType: 'image/png', data: image }]);
  const sponsorUpload = (eventId: string, app: TestApp = t) => {
    const { payload, contentType } = multipartBody([{ filename: 'logo.png', contentType: 'image/png', data: image }]);
    return callEndpoint(app, endpoints.sponsorship.uploadLogo, {
      query: { eventId },
      raw: payload,
      headers: { 'content-type': contentType },
    });
  };
  async function sponsorEvent() {
    const { club, admin } = await createClubWithAdmin(t);
    const event = await publishEvent(t, admin.token, { sponsorshipsEnabled: true });
    const pkg = await createPackage(t, admin.token, event.id, { amount: 10_000 });
    return { club, admin, event, pkg };
  }
  let sponsor = 0;
  const sponsorWith = async (eventId: string, packageId: string, logoUrl: string) =>
    expectPayload(
      await callEndpoint(t, endpoints.sponsorship.create, {
        body: {
          eventId,
          packageId,
          name: `Sponsor ${(sponsor += 1)}`,
          email: `sponsor${sponsor}@example.org`,
          logoUrl,
          showPublicly: true,
        },
      }),
    ).sponsorship;
  const pay = async (sponsorshipId: string) => {
    const intent = expectPayload(
      await callEndpoint(t, endpoints.sponsorship.createSponsorshipPaymentIntent, { body: { sponsorshipId } }),
    );
    const paid = await callEndpoint(t, endpoints.stripe.confirmPayment, {
      body: { paymentIntentId: intent.paymentIntentId, testCard: '4242 4242 4242 4242' },
    });
    expect(paid.status, paid.body.msg).toBe(200);
  };
  const ageUpload = (url: string, age: string) =>
    t.db
      .update(mediaFiles)
      .set({ createdAt: sql`now() - ${age}::interval` })
      .where(eq(mediaFiles.name, nameOf(url)));
  const ageSponsorship = (id: string, age: string) =>
    t.db
      .update(sponsorships)
      .set({ createdAt: sql`now() - ${age}::interval` })
      .where(eq(sponsorships.id, id));
  const pastHold = () => `${t.config.reservationMinutes + 1} minutes`;

  it("leaves the club's own uploads room after 40 visitor uploads, none counted in its quota", async () => {
    const { club, admin, event } = await sponsorEvent();
    for (let i = 0; i < 40; i++) {
      const response = await sponsorUpload(event.id);
      expect(response.status, response.body.msg).toBe(200);
      imageBytes = (await stored(urlOf(response)))!.bytes;
      expect(await stored(urlOf(response))).toMatchObject({ clubId: club.id, pendingEventId: event.id });
    }
    // The quota holds three of the club's own images, as before any visitor came.
    for (let i = 0; i < 3; i++) {
      const response = await adminUpload(admin.token);
      expect(response.status, response.body.msg).toBe(200);
      expect((await stored(urlOf(response)))?.pendingEventId).toBeNull();
    }
    expectError(await adminUpload(admin.token), 413, 'TOO_LARGE', /^Your club's images already take 0\.1 MB/);
  });

  it('holds at most 20 MB of unpaid uploads for one event, racing uploads on two processes included', async () => {
    const { event } = await sponsorEvent();
    const other = await sponsorEvent();
    // What earlier visitors left: room for one more upload and not two.
    const filler = PENDING_UPLOAD_BYTES_PER_EVENT - imageBytes - Math.floor(imageBytes / 2);
    await t.db.insert(mediaFiles).values({
      name: `filler-${event.id}.png`,
      clubId: event.clubId,
      bytes: filler,
      pendingEventId: event.id,
    });
    const responses = await lineUpOnLock(
      t,
      (tx) => lockPendingUploads(tx, event.id),
      8,
      () => Array.from({ length: 8 }, (_, i) => sponsorUpload(event.id, apps[i % 2])),
    );
    expect(responses.filter((response) => response.status === 200)).toHaveLength(1);
    const megabytes = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
    for (const response of responses.filter((r) => r.status !== 200)) {
      expectError(
        response,
        413,
        'TOO_LARGE',
        `Logos of sponsorships not paid yet already take ${megabytes(filler + imageBytes)} of the 20.0 MB this ` +
          `event holds at once, and this one needs ${megabytes(imageBytes)}: send your sponsorship without a logo, or try again later`,
      );
    }
    const pending = await t.db.select().from(mediaFiles).where(eq(mediaFiles.pendingEventId, event.id));
    expect(pending.reduce((sum, row) => sum + row.bytes, 0)).toBe(filler + imageBytes);
    // Another event's visitors are not refused for it.
    expect((await sponsorUpload(other.event.id)).status).toBe(200);
  });

  it("makes a paid sponsor's logo the club's, counted in its quota and never swept", async () => {
    const { club, admin, event, pkg } = await sponsorEvent();
    const paidUrl = urlOf(await sponsorUpload(event.id));
    const paid = await sponsorWith(event.id, pkg.id, paidUrl);
    await pay(paid.id);
    expect(await stored(paidUrl)).toMatchObject({ clubId: club.id, pendingEventId: null });
    const counted = await t.db
      .select()
      .from(mediaFiles)
      .where(and(eq(mediaFiles.clubId, club.id), isNull(mediaFiles.pendingEventId)));
    expect(counted.map((row) => row.name)).toEqual([nameOf(paidUrl)]);

    // A day on, beside an unpaid one that lapsed: the sweep frees that one and keeps the paid logo.
    const lapsedUrl = urlOf(await sponsorUpload(event.id));
    const lapsed = await sponsorWith(event.id, pkg.id, lapsedUrl);
    for (const url of [paidUrl, lapsedUrl]) await ageUpload(url, '25 hours');
    for (const id of [paid.id, lapsed.id]) await ageSponsorship(id, '25 hours');
    await expect.poll(() => freed(lapsedUrl), { timeout: 10_000 }).toBe(true);
    expect(await stored(paidUrl)).toMatchObject({ pendingEventId: null });
    expect(await served(paidUrl)).toBe(200);
    const shown = expectPayload(
      await callEndpoint(t, endpoints.sponsorship.getPublicSponsors, { query: { eventId: event.id } }),
    );
    expect(shown.packages.flatMap((p) => p.sponsors.map((s) => s.logoUrl))).toEqual([paidUrl]);

    // It takes a third of the quota: two of the club's own images fill it. When the quota is full
    // the club's old images no page shows are freed, never the logo a paid sponsor shows.
    const own = [urlOf(await adminUpload(admin.token)), urlOf(await adminUpload(admin.token))];
    expectError(await adminUpload(admin.token), 413, 'TOO_LARGE');
    for (const url of own) await ageUpload(url, '25 hours');
    expect((await adminUpload(admin.token)).status).toBe(200);
    for (const url of own) expect(await stored(url)).toBeUndefined();
    expect(await served(paidUrl)).toBe(200);
  });

  it('frees an unpaid upload whose sponsorship lapsed, with its file and sized copies, and keeps one still held', async () => {
    const { event, pkg } = await sponsorEvent();
    const lapsedUrl = urlOf(await sponsorUpload(event.id));
    const lapsed = await sponsorWith(event.id, pkg.id, lapsedUrl);
    expect(await served(`${lapsedUrl}?w=${MEDIA_WIDTHS[0]}`)).toBe(200);
    const copyStored = () => t.media.exists(nameOf(lapsedUrl), MEDIA_WIDTHS[0]);
    expect(await copyStored()).toBe(true);
    // Uploaded a while before a sponsorship that still holds its place: kept.
    const heldUrl = urlOf(await sponsorUpload(event.id));
    await sponsorWith(event.id, pkg.id, heldUrl);
    await ageUpload(heldUrl, pastHold());
    const freshUrl = urlOf(await sponsorUpload(event.id));

    await ageUpload(lapsedUrl, pastHold());
    await ageSponsorship(lapsed.id, pastHold());
    await expect.poll(async () => (await freed(lapsedUrl)) && !(await copyStored()), { timeout: 10_000 }).toBe(true);
    expect(await served(lapsedUrl)).toBe(404);
    const [row] = await t.db.select().from(sponsorships).where(eq(sponsorships.id, lapsed.id));
    expect(row?.logoUrl).toBeNull();
    for (const kept of [heldUrl, freshUrl]) {
      expect(await stored(kept)).toBeDefined();
      expect(await inStore(kept)).toBe(true);
    }
  });

  it('frees a pending upload after a day at most, and one no sponsorship took up after a hold’s time', async () => {
    const { event, pkg } = await sponsorEvent();
    const oldUrl = urlOf(await sponsorUpload(event.id));
    // Its sponsorship was just made, but the upload is a day old: a day is the most it waits.
    await sponsorWith(event.id, pkg.id, oldUrl);
    await ageUpload(oldUrl, '25 hours');
    const unusedUrl = urlOf(await sponsorUpload(event.id));
    await ageUpload(unusedUrl, pastHold());
    const freshUrl = urlOf(await sponsorUpload(event.id));
    await expect
      .poll(async () => [await freed(oldUrl), await freed(unusedUrl)], { timeout: 10_000 })
      .toEqual([true, true]);
    expect(await inStore(freshUrl)).toBe(true);
    expect(await stored(freshUrl)).toMatchObject({ pendingEventId: event.id });
  });
});

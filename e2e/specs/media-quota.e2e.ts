import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../apps/api/src/db/embedded';
import { startServer, type ServerProcess } from '../../apps/api/test/server-process';
import { api, launchBrowser, newPage, PHONE, seriousA11yViolations, unique, waitForTitle } from '../helpers';

/** A PNG of noise: it does not compress, so two of them pass a small quota and a third does not. */
const noise = (seed: number) =>
  sharp({
    create: {
      width: 260,
      height: 260,
      channels: 3,
      background: '#000',
      noise: { type: 'gaussian', mean: seed, sigma: 60 },
    },
  })
    .png()
    .toBuffer();

describe('the media quota per club, as the image field shows it', () => {
  let browser: Browser;
  let server: ServerProcess;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'clubtix-e2e-quota-'));
    chmodSync(dataDir, 0o755);
    // An installation with a quota small enough to reach: 0.5 MB a club.
    server = await startServer(await freePort(), {
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      MEDIA_QUOTA_MB_PER_CLUB: '0.5',
      SUDO_EMAIL: 'sudo@quota.test',
      SUDO_PASSWORD: 'quota-password-1',
    });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    server?.child.kill('SIGTERM');
    await server?.exited;
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('says beside the logo field how much the club uses and to remove unused images, on a phone', async () => {
    const registered = await api<{ currentUser: { clubId: string } }>('POST', '/auth/register', {
      baseUrl: server.baseUrl,
      body: {
        name: 'Ivy Images',
        email: `${unique('ivy')}@example.org`,
        password: 'pictures2026',
        clubName: unique('Shutter Club'),
      },
    });
    expect(registered.status).toBe(200);
    const { context, page } = await newPage(browser, PHONE);
    await page.goto(`${server.baseUrl}/`);
    await page.evaluate(
      ([t, u]) => {
        localStorage.setItem('clubtix.token', t);
        localStorage.setItem('clubtix.currentUser', u);
      },
      [registered.authorization!.replace(/^Bearer /, ''), JSON.stringify(registered.body.payload.currentUser)] as const,
    );
    await page.goto(`${server.baseUrl}/club/edit/${registered.body.payload.currentUser.clubId}`);
    await waitForTitle(page, 'Edit Club | ClubTix');

    const input = page.locator('input[type="file"]');
    const files = await Promise.all([1, 2, 3].map((seed) => noise(60 + seed * 30)));
    const logo = page.locator('img[src^="/api/media/"]');
    const logoSrc = async () => ((await logo.count()) > 0 ? logo.first().getAttribute('src') : null);
    for (const [i, buffer] of files.slice(0, 2).entries()) {
      const before = await logoSrc();
      await input.setInputFiles({ name: `photo-${i}.png`, mimeType: 'image/png', buffer });
      // Uploaded once the preview shows the new image.
      await expect.poll(logoSrc).not.toBe(before);
    }
    await input.setInputFiles({ name: 'photo-3.png', mimeType: 'image/png', buffer: files[2]! });
    // The field's own message (the client's toast says it too).
    const message = page
      .locator('.mantine-Text-root[role="alert"]')
      .filter({ hasText: /^Your club's images already take/ });
    await message.waitFor();
    expect(await message.innerText()).toMatch(
      /^Your club's images already take 0\.\d MB of its 0\.5 MB, and this one needs 0\.\d MB: remove images you no longer use from your events and club page, then upload it again$/,
    );
    await page.screenshot({ path: path.join(tmpdir(), 'clubtix-media-quota-phone.png'), fullPage: true });
    expect(await seriousA11yViolations(page)).toEqual([]);
    await context.close();
  });
});

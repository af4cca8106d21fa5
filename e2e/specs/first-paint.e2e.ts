import { mkdirSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedPublishedEvent } from '../fixtures';
import { DESKTOP, expectAccessible, launchBrowser, newPage, PHONE } from '../helpers';

const SHOTS = '/tmp/shots-first-paint';
mkdirSync(SHOTS, { recursive: true });

/**
 * The event page's first paint (docs/decisions/0053-first-paint.md): the server writes the top of
 * /{slug} into the page, so a buyer sees the event before the app's JavaScript has come; the app then
 * takes its place, with the event it was served, and nothing is shown twice.
 */
describe("the event page's first paint", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser.close());

  for (const [device, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    it(`on a ${device}: the event shows before the app, then the app alone, without asking for the event again`, async () => {
      const seeded = await seedPublishedEvent();
      const { context, page } = await newPage(browser, viewport);
      // The app's code held back: what a buyer sees while it is still on the way.
      await page.route('**/assets/*.js', (route) => route.abort());
      await page.goto(`/${seeded.event.slug}`);
      const paint = page.locator('#first-paint');
      await paint.getByRole('heading', { level: 1, name: seeded.event.title, exact: true }).waitFor();
      expect(await paint.textContent()).toContain('Thu 15/08/2030 10:00 – 17:00 (Europe/London)');
      expect(await paint.textContent()).toContain('Harbour Steps');
      expect(await paint.isVisible()).toBe(true);
      await expectAccessible(page, `the first paint on a ${device}`);
      await page.screenshot({ path: `${SHOTS}/first-paint-${device}.png` });
      await context.close();

      // With the app, in a fresh browser: one page, the app's, and the event taken from the page, not
      // asked for again.
      const app = await newPage(browser, viewport);
      const asked: string[] = [];
      app.page.on('request', (request) => {
        if (request.url().includes('/api/event/getEventBySlug')) asked.push(request.url());
      });
      await app.page.goto(`/${seeded.event.slug}`);
      await app.page.getByRole('link', { name: 'Buy tickets' }).waitFor();
      expect(await app.page.locator('#first-paint').count()).toBe(0);
      expect(await app.page.getByRole('heading', { level: 1 }).allTextContents()).toEqual([seeded.event.title]);
      expect(asked).toEqual([]);
      await expectAccessible(app.page, `the event page after the first paint on a ${device}`);
      await app.context.close();
    });
  }
});

import sharp from 'sharp';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedPublishedEvent } from '../fixtures';
import {
  api,
  DESKTOP,
  expectSettledAccessible,
  launchBrowser,
  newPage,
  PHONE,
  primeSession,
  unique,
  waitForTitle,
} from '../helpers';

/** Where to keep screenshots to look at by hand (never in the repository); unset, none are taken. */
const SHOTS = process.env.E2E_SCREENSHOT_DIR;
const shot = async (target: { screenshot: (options: { path: string }) => Promise<unknown> }, name: string) => {
  if (SHOTS) await target.screenshot({ path: `${SHOTS}/${name}.png` });
};

/** docs/product.md section 21: a paid sponsor who chose to be shown appears on the event page with their logo. */
describe('sponsors on show', () => {
  let browser: Browser;
  let logo: Buffer;
  beforeAll(async () => {
    browser = await launchBrowser();
    logo = await sharp({ create: { width: 120, height: 60, channels: 3, background: '#0b6e4f' } })
      .png()
      .toBuffer();
  });
  afterAll(async () => browser.close());

  it('a sponsor pays with a logo and "show", and the event page shows the logo and the places left', async () => {
    const { event, admin, gold } = await seedPublishedEvent();
    const saved = await api('POST', '/sponsorship-package/save', {
      token: admin.token,
      body: { id: gold.id, eventId: event.id, quantity: 3 },
    });
    expect(saved.status).toBe(200);

    const { context, page } = await newPage(browser, PHONE);
    await page.goto(`/${event.slug}`);
    await waitForTitle(page, `${event.title} | ClubTix`);
    // No sponsor yet: no Sponsors section, but the package says how many places it has.
    await page.getByText('3 places left').waitFor();
    expect(await page.getByTestId('event-sponsors').count()).toBe(0);

    await page.getByRole('link', { name: 'Sponsor with Gold sponsor' }).click();
    const sponsoring = page.getByTestId('sponsorship-form');
    await sponsoring.getByRole('heading', { name: 'Sponsor with Gold sponsor' }).waitFor();
    await sponsoring.getByLabel('Name', { exact: true }).fill('Harbour Chandlery Ltd');
    await sponsoring.getByLabel('E-mail', { exact: true }).fill(`${unique('chandlery')}@example.org`);
    await sponsoring
      .locator('input[type="file"]')
      .setInputFiles({ name: 'chandlery.png', mimeType: 'image/png', buffer: logo });
    await sponsoring.getByRole('img', { name: 'Your logo' }).waitFor();
    await sponsoring.getByLabel('Show my name and logo on the event page').check();
    await expectSettledAccessible(page, 'the sponsorship form with a logo');
    await shot(page, 'sponsors-form-phone');
    await sponsoring.getByRole('button', { name: 'Continue to payment' }).click();
    await sponsoring.getByLabel('Card number').fill('4242 4242 4242 4242');
    await sponsoring.getByRole('button', { name: 'Pay £750' }).click();
    await page
      .getByTestId('support-thanks')
      .getByRole('heading', { name: 'Thank you for your sponsorship!' })
      .waitFor();

    await page.goto(`/${event.slug}`);
    const sponsors = page.getByRole('region', { name: 'Sponsors', exact: true });
    const shown = sponsors.getByRole('img', { name: 'Harbour Chandlery Ltd' });
    await shown.waitFor();
    // The logo is the uploaded image, served and drawn.
    expect(await shown.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await sponsors.getByText('2 places left').waitFor();
    expect(await page.getByText(/@example\.org/).count()).toBe(0);
    await expectSettledAccessible(page, 'the event page with its sponsors');
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(PHONE.width);
    await shot(sponsors, 'sponsors-section-phone');
    await context.close();

    const desktop = await newPage(browser, DESKTOP);
    await desktop.page.goto(`/${event.slug}`);
    await desktop.page
      .getByRole('region', { name: 'Sponsors', exact: true })
      .getByRole('img', { name: 'Harbour Chandlery Ltd' })
      .waitFor();
    await expectSettledAccessible(desktop.page, 'the event page with its sponsors on a desktop');
    await shot(desktop.page.getByTestId('event-sponsors'), 'sponsors-event-desktop');

    // The club's admin sees the logo and the sponsor's choice in the list.
    await primeSession(desktop.page, admin.token, admin.user);
    await desktop.page.goto(`/event/${event.id}/sponsorships`);
    await waitForTitle(desktop.page, 'Sponsorships | ClubTix');
    const listed = desktop.page.getByTestId('sponsorship').filter({ hasText: 'Harbour Chandlery Ltd' });
    await listed.getByText('Shown on the event page').waitFor();
    await listed.getByRole('img', { name: 'Harbour Chandlery Ltd logo' }).waitFor();
    await expectSettledAccessible(desktop.page, 'the sponsorships list with a logo');
    await shot(listed, 'sponsors-admin-card');
    await desktop.context.close();
  });
});

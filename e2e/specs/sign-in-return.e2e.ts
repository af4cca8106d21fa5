import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { seedPublishedEvent, type SeededEvent } from '../fixtures';
import { DESKTOP, launchBrowser, newPage, PHONE, seriousA11yViolations, waitForTitle } from '../helpers';

/** Fills the sign-in form already on screen (signInThroughForm would open /signin afresh). */
async function signInHere(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

describe('signing in from a page that asked for it', () => {
  let browser: Browser;
  let seeded: SeededEvent;
  beforeAll(async () => {
    browser = await launchBrowser();
    seeded = await seedPublishedEvent();
  });
  afterAll(async () => browser.close());

  it.each([
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ])('a door volunteer opening the check-in link lands on check-in after signing in (%s)', async (_, viewport) => {
    const { context, page } = await newPage(browser, viewport);
    const checkin = `/event/${seeded.event.id}/checkin`;
    await page.goto(checkin);
    await page.waitForURL(`**/signin?redirect=${encodeURIComponent(checkin)}`);
    await waitForTitle(page, 'Sign in | ClubTix');
    expect(await seriousA11yViolations(page)).toEqual([]);

    await signInHere(page, seeded.admin.user.email, 'rowing2026');
    await page.waitForURL(`**${checkin}`);
    await waitForTitle(page, 'Check-in | ClubTix');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await context.close();
  });

  it('goes to the dashboard instead of another site named as the page to return to', async () => {
    const { context, page } = await newPage(browser, PHONE);
    await page.goto(`/signin?redirect=${encodeURIComponent('//evil.example/event/1/checkin')}`);
    await signInHere(page, seeded.admin.user.email, 'rowing2026');
    await page.waitForURL('**/dashboard/admin');
    expect(new URL(page.url()).origin).toBe(new URL(inject('baseUrl')).origin);
    await context.close();
  });
});

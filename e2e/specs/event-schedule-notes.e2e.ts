import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerClubAdmin } from '../fixtures';
import { DESKTOP, expectAccessible, launchBrowser, newPage, PHONE, primeSession, unique } from '../helpers';

/** The event form warns of a start in the past and says an end before the start while typed (docs/decisions/0024). */
describe('the event form reads its dates back', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser.close());

  it.each([
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ])('warns of a past start without blocking the save (%s)', async (_, viewport) => {
    const admin = await registerClubAdmin('Past Keeper');
    const { context, page } = await newPage(browser, viewport);
    await primeSession(page, admin.token, admin.user);
    await page.goto('/tour/add');
    const title = unique('Last Year Regatta');
    await page.getByLabel('Title', { exact: true }).fill(title);
    await page.getByLabel('Venue', { exact: true }).fill('Harbour Steps');
    const notes = page.getByTestId('schedule-notes');

    await page.getByLabel('Start date', { exact: true }).fill('15/08/2020');
    await page.getByLabel('Start time', { exact: true }).fill('10:00');
    await page.getByLabel('End date', { exact: true }).fill('14/08/2020');
    await page.getByLabel('End time', { exact: true }).fill('17:00');
    await notes.getByText('This event starts in the past').waitFor();
    await notes.getByText('The end is before the start').waitFor();
    await expectAccessible(page, 'the event form with date warnings');

    await page.getByLabel('End date', { exact: true }).fill('15/08/2020');
    // A typed day is read when the field is left.
    await page.getByLabel('End date', { exact: true }).blur();
    await expect.poll(() => notes.getByText('The end is before the start').count()).toBe(0);
    expect(await notes.textContent()).toContain('This event starts in the past');

    // A warning only: the past event is saved.
    await page.getByRole('button', { name: 'Save event' }).click();
    await page.waitForURL('**/tour/edit/**');
    await page.goto('/dashboard/admin');
    await page.getByRole('article', { name: title }).waitFor();

    // A future event says nothing.
    await page.goto('/tour/add');
    await page.getByLabel('Start date', { exact: true }).fill('15/08/2030');
    await page.getByLabel('Start time', { exact: true }).fill('10:00');
    await page.getByLabel('End date', { exact: true }).fill('15/08/2030');
    await page.getByLabel('End time', { exact: true }).fill('17:00');
    await page.getByLabel('Venue', { exact: true }).fill('Harbour Steps');
    expect(await page.getByTestId('schedule-notes').count()).toBe(0);
    await context.close();
  });
});

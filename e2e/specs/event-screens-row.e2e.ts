import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedPublishedEvent, type SeededEvent } from '../fixtures';
import {
  DESKTOP,
  expectAccessible,
  expectSettledAccessible,
  launchBrowser,
  newPage,
  openEventScreen,
  PHONE,
  primeSession,
  waitForTitle,
} from '../helpers';

/**
 * The row of an event's 10-11 screens (12-13 with discounts and the waiting list, 14 with the box office, 16
 * with sales and messages) wrapped to four rows on a phone (docs/decisions/0024-admin-screens-and-accessibility.md).
 */
describe("an event's screens", () => {
  let browser: Browser;
  let seeded: SeededEvent;
  beforeAll(async () => {
    browser = await launchBrowser();
    seeded = await seedPublishedEvent();
  });
  afterAll(async () => browser.close());

  it('fit in two rows on a phone, the less used ones in a menu that opens them', async () => {
    const { context, page } = await newPage(browser, PHONE);
    await primeSession(page, seeded.admin.token, seeded.admin.user);
    await page.goto(`/event/${seeded.event.id}/tickets`);
    const nav = page.getByRole('navigation', { name: 'Event screens' });
    await nav.getByRole('button', { name: 'More screens' }).waitFor();
    const height = (await nav.boundingBox())!.height;
    const rowHeight = (await nav.getByRole('link', { name: 'Tickets' }).boundingBox())!.height;
    expect(height).toBeLessThan(rowHeight * 2 + 12);
    expect(await nav.getByRole('link').allTextContents()).toEqual(['Edit', 'Tickets', 'Attendees', 'Check-in']);

    await nav.getByRole('button', { name: 'More screens' }).click();
    const more = page.getByRole('dialog', { name: 'More screens' });
    await more.getByRole('link', { name: 'Statistics' }).waitFor();
    await expectSettledAccessible(page, 'the event screens menu on a phone');
    await more.getByRole('link', { name: 'Statistics' }).click();
    await waitForTitle(page, 'Statistics | ClubTix');
    // The screen being shown stays in the row.
    await nav.getByRole('link', { name: 'Statistics' }).waitFor();
    await openEventScreen(page, 'Extras');
    await waitForTitle(page, 'Extras | ClubTix');
    await context.close();
  });

  it('are all buttons on a desktop', async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    await primeSession(page, seeded.admin.token, seeded.admin.user);
    await page.goto(`/event/${seeded.event.id}/tickets`);
    const nav = page.getByRole('navigation', { name: 'Event screens' });
    await nav.getByRole('link', { name: 'Statistics' }).waitFor();
    expect(await nav.getByRole('link').count()).toBe(16);
    expect(await nav.getByRole('button', { name: 'More screens' }).count()).toBe(0);
    await expectAccessible(page, 'the event screens on a desktop');
    await context.close();
  });
});

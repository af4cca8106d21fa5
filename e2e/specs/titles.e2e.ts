import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { seedPublishedEvent } from '../fixtures';
import { api, DESKTOP, launchBrowser, newPage, PHONE, primeSession } from '../helpers';

const SUFFIX = ' | ClubTix';

/** The page's title without the product name, and its one main heading, once both are there. */
async function titleAndHeading(page: Page, path: string): Promise<{ title: string; heading: string }> {
  await page.goto(path);
  const heading = page.getByRole('heading', { level: 1 });
  await heading.waitFor();
  await page.waitForFunction((suffix) => document.title.endsWith(suffix), SUFFIX);
  expect(await heading.count()).toBe(1);
  return { title: (await page.title()).slice(0, -SUFFIX.length), heading: (await heading.innerText()).trim() };
}

/**
 * docs/product.md section 2 gives each route its words: the page title says them and so does the screen's
 * heading (sentence case there), "event" throughout where the paths say "tour" (docs/decisions/0022).
 */
describe("the organiser's screens: the title and the heading say the same words", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser.close());

  for (const [device, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    it(`on a ${device}, for an admin and for the super user`, async () => {
      const { admin, event } = await seedPublishedEvent();
      const id = encodeURIComponent(event.id);
      const { context, page } = await newPage(browser, viewport);
      await primeSession(page, admin.token, admin.user);
      const adminScreens: [string, string][] = [
        ['/dashboard/admin', 'Admin Dashboard'],
        ['/dashboard/account', 'My Account'],
        ['/tour/add', 'Add Event'],
        [`/tour/edit/${id}`, 'Edit Event'],
        [`/event/${id}/tickets`, 'Tickets'],
        [`/event/${id}/extras`, 'Extras'],
        [`/event/${id}/sponsorships`, 'Sponsorships'],
        [`/event/${id}/sponsorship-packages`, 'Sponsorship Packages'],
        [`/event/${id}/discounts`, 'Discount Codes'],
        [`/event/${id}/waitlist`, 'Waiting List'],
        [`/event/${id}/attendees`, 'Attendees'],
        [`/event/${id}/statistics`, 'Statistics'],
        [`/event/${id}/checkin`, 'Check-in'],
        [`/form-builder?eventId=${id}`, 'Form Builder'],
        [`/import?eventId=${id}`, 'Import Attendees'],
      ];
      for (const [path, title] of adminScreens) {
        const shown = await titleAndHeading(page, path);
        expect({ path, title: shown.title }).toEqual({ path, title });
        expect({ path, heading: shown.heading.toLowerCase() }).toEqual({ path, heading: title.toLowerCase() });
      }
      await context.close();

      const sudo = await newPage(browser, viewport);
      const me = await api<{ currentUser: unknown }>('POST', '/auth/signin', {
        body: { email: inject('sudoEmail'), password: inject('sudoPassword') },
      });
      const clubId = encodeURIComponent(event.clubId);
      await primeSession(sudo.page, me.authorization!, me.body.payload.currentUser);
      for (const [path, title] of [
        ['/dashboard/sudo', 'Super User Dashboard'],
        ['/club/add', 'Add Club'],
        [`/club/edit/${clubId}`, 'Edit Club'],
        [`/club/${clubId}/credential`, 'Credentials'],
      ] as const) {
        const shown = await titleAndHeading(sudo.page, path);
        expect({ path, title: shown.title }).toEqual({ path, title });
        expect({ path, heading: shown.heading.toLowerCase() }).toEqual({ path, heading: title.toLowerCase() });
      }
      await sudo.context.close();
    });
  }
});

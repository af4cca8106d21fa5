import type { TEvent } from '@clubtix/contract';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerClubAdmin, seedPublishedEvent } from '../fixtures';
import { api, DESKTOP, launchBrowser, newPage, PHONE, seriousA11yViolations, unique, waitForTitle } from '../helpers';

/** Issue 19: what a buyer sees on the public pages (docs/decisions/0023-buyer-pages.md). */
describe('buyer pages', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser.close());

  describe('/pricing (Donation Page)', () => {
    it.each([
      ['phone', PHONE],
      ['desktop', DESKTOP],
    ])('lists the club’s events that take donations, each leading to its donation flow (%s)', async (_, viewport) => {
      const seeded = await seedPublishedEvent();
      const { admin, event } = seeded;
      const saveEvent = async (title: string, body: Record<string, unknown>) => {
        const result = await api<TEvent>('POST', '/event/save', {
          token: admin.token,
          body: {
            title,
            slug: title.toLowerCase(),
            startDate: '2030-09-01T09:00:00.000Z',
            endDate: '2030-09-01T16:00:00.000Z',
            timezone: 'Europe/London',
            currency: 'gbp',
            ...body,
          },
        });
        expect(result.status).toBe(200);
        return result.body.payload;
      };
      const noDonations = await saveEvent(unique('Quiet Regatta'), { status: 'published', donationsEnabled: false });
      const draft = await saveEvent(unique('Draft Regatta'), { status: 'draft', donationsEnabled: true });
      const ended = await saveEvent(unique('Old Regatta'), {
        status: 'published',
        donationsEnabled: true,
        startDate: '2020-09-01T09:00:00.000Z',
        endDate: '2020-09-01T16:00:00.000Z',
      });

      const { context, page } = await newPage(browser, viewport);
      // The club page leads here with its id.
      await page.goto(`/club/${admin.user.clubId!}/event`);
      await page.getByRole('link', { name: 'Give to our events' }).click();
      await page.waitForURL(`**/pricing?clubId=${admin.user.clubId!}`);
      await waitForTitle(page, 'Donation Page | ClubTix');
      const list = page.getByRole('region', { name: /^Give to / });
      await list.getByTestId('donation-event').first().waitFor();
      expect(await list.getByTestId('donation-event').allInnerTexts()).toEqual([expect.stringContaining(event.title)]);
      for (const hidden of [noDonations, draft, ended]) expect(await page.getByText(hidden.title).count()).toBe(0);
      expect(await seriousA11yViolations(page)).toEqual([]);

      await list.getByRole('link', { name: `Donate to ${event.title}` }).click();
      await page.waitForURL(`**/event/${event.id}/donation`);
      await page.getByRole('region', { name: 'Make a donation' }).waitFor();
      await context.close();
    });

    it('says so when a club has no event taking donations, and when the club is unknown', async () => {
      const admin = await registerClubAdmin();
      const { context, page } = await newPage(browser, PHONE);
      await page.goto(`/pricing?clubId=${admin.user.clubId!}`);
      await page.getByTestId('donation-events-empty').waitFor();
      expect(await seriousA11yViolations(page)).toEqual([]);
      await page.goto('/pricing?clubId=00000000-0000-4000-8000-000000000000');
      await page.getByText('This club is not available').waitFor();
      // Without a club the page explains how to give.
      await page.goto('/pricing');
      await page.getByRole('heading', { name: 'How to give' }).waitFor();
      expect(await page.getByTestId('donation-event').count()).toBe(0);
      await context.close();
    });
  });
});

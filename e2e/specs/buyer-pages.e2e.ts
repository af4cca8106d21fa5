import type { TEvent } from '@clubtix/contract';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buyTicketsViaApi, registerClubAdmin, seedPublishedEvent } from '../fixtures';
import {
  api,
  DESKTOP,
  launchBrowser,
  newPage,
  PHONE,
  primeSession,
  seriousA11yViolations,
  unique,
  waitForTitle,
} from '../helpers';

/** What a buyer sees on the public pages (docs/decisions/0023-buyer-pages.md). */
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
      await context.close();
    });

    it.each([
      ['phone', PHONE],
      ['desktop', DESKTOP],
    ])('without a club lists every club’s events that take donations, with Show more (%s)', async (_, viewport) => {
      // Two clubs; the e2e database holds other specs' events too, so the page is read to its end.
      const first = await seedPublishedEvent();
      const second = await seedPublishedEvent();
      const quiet = await api<TEvent>('POST', '/event/save', {
        token: second.admin.token,
        body: {
          title: unique('Quiet Regatta'),
          startDate: '2030-09-01T09:00:00.000Z',
          endDate: '2030-09-01T16:00:00.000Z',
          timezone: 'Europe/London',
          currency: 'gbp',
          status: 'published',
          donationsEnabled: false,
        },
      });
      expect(quiet.status).toBe(200);
      // More than a read's 20, so "Show more events" is there whatever else the database holds.
      const saves = Array.from({ length: 20 }, (_, i) =>
        api<TEvent>('POST', '/event/save', {
          token: first.admin.token,
          body: {
            title: unique(`Giving Day ${i + 1}`),
            startDate: '2030-07-01T09:00:00.000Z',
            endDate: '2030-07-01T16:00:00.000Z',
            timezone: 'Europe/London',
            currency: 'gbp',
            status: 'published',
            donationsEnabled: true,
          },
        }),
      );
      for (const saved of await Promise.all(saves)) expect(saved.status).toBe(200);

      const { context, page } = await newPage(browser, viewport);
      await page.goto('/pricing');
      await waitForTitle(page, 'Donation Page | ClubTix');
      const list = page.getByRole('region', { name: 'Events taking donations' });
      await list.getByTestId('donation-event').first().waitFor();
      expect(await seriousA11yViolations(page)).toEqual([]);
      const more = list.getByRole('button', { name: 'Show more events' });
      expect(await list.getByTestId('donation-event').count()).toBe(20);
      expect(await more.count()).toBe(1);
      for (let reads = 0; (await more.count()) > 0; reads++) {
        expect(reads).toBeLessThan(100);
        const shown = await list.getByTestId('donation-event').count();
        await more.click();
        // The next read has answered: more rows, or (a last page that was exactly full) no button.
        await page.waitForFunction(
          (before) =>
            document.querySelectorAll('[data-testid="donation-event"]').length > before ||
            ![...document.querySelectorAll('button')].some((b) => b.textContent?.includes('Show more events')),
          shown,
        );
      }
      for (const { event } of [first, second])
        expect(await list.getByRole('link', { name: `Donate to ${event.title}` }).count()).toBe(1);
      expect(await page.getByText(quiet.body.payload.title).count()).toBe(0);

      await list.getByRole('link', { name: `Donate to ${second.event.title}` }).click();
      await page.waitForURL(`**/event/${second.event.id}/donation`);
      await page.getByRole('region', { name: 'Make a donation' }).waitFor();
      await context.close();
    });
  });

  describe('the header', () => {
    it.each([
      ['phone', PHONE],
      ['desktop', DESKTOP],
    ])('is quiet on every page a buyer walks through, and keeps sign-in for organisers (%s)', async (_, viewport) => {
      const seeded = await seedPublishedEvent();
      const { event, admin } = seeded;
      const { registration } = await buyTicketsViaApi(seeded, [
        { firstName: 'Quinn', lastName: 'Quiet', email: `${unique('quinn')}@example.org` },
      ]);
      const attendee = registration.attendees[0]!;
      const { context, page } = await newPage(browser, viewport);
      const buyerPages: [string, string][] = [
        // The event page's tab reads the event's own title (docs/product.md section 21).
        [`/${event.slug}`, event.title],
        [`/${event.slug}/tickets`, 'Tickets'],
        [`/${event.slug}/success`, 'Registration Success'],
        [`/event/${event.id}/donation`, 'Support Event'],
        [
          `/event/${event.id}/qr/${registration.registrationId}/${attendee.attendeeId}/${registration.qrUuid}`,
          'QR Code',
        ],
        [`/pricing?clubId=${admin.user.clubId!}`, 'Donation Page'],
      ];
      const banner = page.getByRole('banner');
      for (const [path, title] of buyerPages) {
        await page.goto(path);
        await waitForTitle(page, `${title} | ClubTix`);
        await page.getByRole('heading', { level: 1 }).first().waitFor();
        await banner.getByTestId('quiet-header').waitFor();
        expect(await banner.getByRole('link').count(), path).toBe(0);
        expect(await page.getByRole('link', { name: /^(Sign in|Register)$/ }).count(), path).toBe(0);
        expect(await seriousA11yViolations(page), path).toEqual([]);
      }
      // The club page has no header at all; its own page never offers sign-in either.
      await page.goto(`/club/${admin.user.clubId!}/event`);
      await page.getByTestId('event-card').first().waitFor();
      expect(await page.getByRole('link', { name: /^(Sign in|Register)$/ }).count()).toBe(0);

      // Organisers' pages keep theirs.
      for (const path of ['/', '/signin']) {
        await page.goto(path);
        await banner.getByRole('link', { name: 'Register' }).waitFor();
        expect(await banner.getByTestId('quiet-header').count()).toBe(0);
      }
      // A signed-in organiser looking at their event keeps the way back to the dashboard.
      await primeSession(page, admin.token, admin.user);
      await page.goto(`/${event.slug}`);
      await banner.getByRole('link', { name: 'Dashboard' }).waitFor();
      await context.close();
    });
  });

  describe('/{slug}/success', () => {
    it.each([
      ['phone', PHONE],
      ['desktop', DESKTOP],
    ])('opened in a new tab shows one state: no purchase, and no thanks (%s)', async (_, viewport) => {
      const { event } = await seedPublishedEvent();
      const { context, page } = await newPage(browser, viewport);
      await page.goto(`/${event.slug}/success`);
      await page.getByRole('heading', { level: 1, name: 'No purchase to show here' }).waitFor();
      expect(await page.getByText('Thank you!').count()).toBe(0);
      expect(await page.getByRole('heading', { name: 'No purchase to show here' }).count()).toBe(1);
      await page.getByRole('link', { name: 'Back to the event page' }).waitFor();
      expect(await seriousA11yViolations(page)).toEqual([]);
      await context.close();
    });
  });

  describe('Sponsor this event', () => {
    it.each([
      ['phone', PHONE],
      ['desktop', DESKTOP],
    ])('opens the sponsorship packages, not the donation form (%s)', async (_, viewport) => {
      const seeded = await seedPublishedEvent();
      const { event } = seeded;
      const { context, page } = await newPage(browser, viewport);
      await page.goto(`/${event.slug}`);
      await page.getByRole('link', { name: 'Sponsor this event' }).click();
      await page.waitForURL(`**/event/${event.id}/donation?sponsor=1`);
      await page.getByRole('heading', { level: 1, name: `Sponsor ${event.title}` }).waitFor();
      await page.getByRole('button', { name: 'Sponsor with Gold sponsor' }).waitFor();
      expect(await page.getByRole('region', { name: 'Make a donation' }).count()).toBe(0);
      expect(await seriousA11yViolations(page)).toEqual([]);

      // A package's form, and back to the packages alone.
      await page.getByRole('button', { name: 'Sponsor with Gold sponsor' }).click();
      const form = page.getByTestId('sponsorship-form');
      await form.getByRole('heading', { name: 'Sponsor with Gold sponsor' }).waitFor();
      expect(await page.getByRole('region', { name: 'Make a donation' }).count()).toBe(0);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await form.getByRole('button', { name: 'Choose another package' }).click();
      await page.waitForURL(`**/event/${event.id}/donation?sponsor=1`);
      await page.getByRole('button', { name: 'Sponsor with Gold sponsor' }).waitFor();
      expect(await page.getByRole('region', { name: 'Make a donation' }).count()).toBe(0);

      // Donate still opens the donation form.
      await page.goto(`/${event.slug}`);
      await page.getByRole('link', { name: 'Donate' }).click();
      await page.getByRole('region', { name: 'Make a donation' }).waitFor();
      await context.close();
    });
  });
});

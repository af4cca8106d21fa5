import type { TClub, TClubWithAdmins, TEvent } from '@clubtix/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerClubAdmin } from '../fixtures';
import {
  api,
  DESKTOP,
  expectAccessible,
  launchBrowser,
  newPage,
  PHONE,
  primeSession,
  unique,
  waitForTitle,
} from '../helpers';

/** What a crawler reads from the HTML as the browser parsed it (the SPA does not touch these tags). */
async function previewTags(page: Page) {
  return page.evaluate(() => {
    const meta = (selector: string) => document.querySelector<HTMLMetaElement>(`meta[${selector}]`)?.content ?? null;
    const ld = document.querySelectorAll('script[type="application/ld+json"]');
    return {
      ogTitle: meta('property="og:title"'),
      ogUrl: meta('property="og:url"'),
      siteName: meta('property="og:site_name"'),
      description: meta('name="description"'),
      card: meta('name="twitter:card"'),
      ldCount: ld.length,
      ld: ld[0] ? (JSON.parse(ld[0].textContent ?? '') as { '@type': string; name: string }) : null,
    };
  });
}

/**
 * Link previews and friendly club links (docs/product.md section 21;
 * docs/decisions/0041-link-previews-and-club-links.md): the served page carries the event's or the
 * club's own tags, a hostile title stays text, the tab reads the event's title, the club answers by slug.
 */
describe('link previews and the club page by its address', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser.close());

  for (const [device, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    it(`on a ${device}: the event page by slug and the club page by its address`, async () => {
      const admin = await registerClubAdmin();
      const title = `${unique('Quiz "night"')} </script><script>alert(1)</script>`;
      const start = new Date(Date.now() + 10 * 24 * 3600_000);
      const saved = await api<TEvent>('POST', '/event/save', {
        token: admin.token,
        body: {
          title,
          description: 'Teams of four. Prizes for the top three.',
          startDate: start.toISOString(),
          endDate: new Date(start.getTime() + 3 * 3600_000).toISOString(),
          timezone: 'Europe/London',
          currency: 'gbp',
          status: 'published',
          venue: 'Club house',
        },
      });
      expect(saved.status).toBe(200);
      const event = saved.body.payload;

      const { context, page } = await newPage(browser, viewport);
      const dialogs: string[] = [];
      page.on('dialog', (dialog) => {
        dialogs.push(dialog.message());
        void dialog.dismiss();
      });
      await page.goto(`/${event.slug}`);
      await page.getByRole('heading', { level: 1, name: title }).waitFor();
      await waitForTitle(page, `${title} | ClubTix`);
      const tags = await previewTags(page);
      const ownClub = await api<TClub>('GET', '/club/getClub', { query: { clubId: admin.user.clubId! } });
      expect(tags).toMatchObject({
        ogTitle: title,
        siteName: ownClub.body.payload.name,
        card: 'summary',
        ldCount: 1,
        ld: { '@type': 'Event', name: title },
      });
      expect(tags.ogUrl).toMatch(new RegExp(`/${event.slug}$`));
      // When and where lead, then the event's words; the club names the site.
      expect(tags.description).toMatch(/\(Europe\/London\) · Club house · Teams of four\. Prizes for the top three\.$/);
      expect(dialogs).toEqual([]);
      await expectAccessible(page, `the event page on a ${device}`);
      await page.screenshot({ path: `/tmp/previews-event-${device}.png`, fullPage: true });

      // The admin gives the club an address on its edit form; the club page answers there.
      await primeSession(page, admin.token, admin.user);
      await page.goto(`/club/edit/${encodeURIComponent(admin.user.clubId!)}`);
      const slug = unique('harbour-quiz');
      await page.getByLabel('Club address').fill(slug.toUpperCase());
      await expect.poll(() => page.getByText(`/club/${slug}/event`).count()).toBe(1);
      // Where replies to the club's mails go (docs/decisions/0067-the-club-as-sender.md).
      await page.getByLabel('Contact e-mail').fill('Desk@Harbour-Quiz.example');
      await expectAccessible(page, `the club form on a ${device}`);
      await page.screenshot({ path: `/tmp/shots-35/sender/previews-club-form-${device}.png`, fullPage: true });
      await page.getByRole('button', { name: 'Save' }).click();
      await page.waitForURL('**/dashboard/**');
      const club = await api<TClub>('GET', '/club/getClub', { query: { clubId: slug } });
      expect(club.body.payload).toMatchObject({ id: admin.user.clubId, slug });
      const own = await api<TClubWithAdmins[]>('GET', '/club/getAllClubs', { token: admin.token });
      expect(own.body.payload).toMatchObject([{ contactEmail: 'desk@harbour-quiz.example' }]);

      await page.goto(`/club/${slug}/event`);
      await page.getByRole('heading', { level: 1, name: club.body.payload.name }).waitFor();
      await waitForTitle(page, `${club.body.payload.name} | ClubTix`);
      // Its events, read by the club's id once the slug found it.
      await page.getByText(title).first().waitFor();
      expect(await previewTags(page)).toMatchObject({ ld: { '@type': 'Organization', name: club.body.payload.name } });
      await expectAccessible(page, `the club page by its address on a ${device}`);
      await page.screenshot({ path: `/tmp/previews-club-${device}.png`, fullPage: true });

      // The address by id still works.
      await page.goto(`/club/${encodeURIComponent(admin.user.clubId!)}/event`);
      await page.getByRole('heading', { level: 1, name: club.body.payload.name }).waitFor();
      await context.close();
    });
  }
});

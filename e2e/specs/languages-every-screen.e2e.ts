import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { seedPublishedEvent, type SeededEvent } from '../fixtures';
import { api, DESKTOP, launchBrowser, newPage, primeSession, sudoToken, watchMissingKeys } from '../helpers';
import { buyViaApi, person } from '../money';

/**
 * docs/product.md section 22: every screen reads in the language picked. Thai is the language whose
 * script shows a leftover at a glance: on each screen opened in Thai, a Latin word that is not the
 * seeded data (names, titles, addresses) nor a name the same in every language is English left behind.
 */
const SAME_IN_EVERY_LANGUAGE = [
  'ClubTix',
  'QR',
  'PDF',
  'CSV',
  'XLSX',
  'xlsx',
  'csv',
  'JPEG',
  'PNG',
  'MB',
  'Excel',
  'Stripe',
  'GBP',
  'THB',
  'EUR',
  'USD',
  'GMT',
  'UTC',
  // The import file's column names, which the file must use whatever the language.
  'firstName',
  'lastName',
  'email',
  // A message's placeholders, typed as they are in every language (decision 0067).
  '{firstName}',
  '{lastName}',
  '{eventTitle}',
  // Examples of what a person types (slugs and codes are typed in Latin letters).
  'harbour-sailing',
  'summer-gala',
  'YOURCODE',
];

interface Leftover {
  path: string;
  text: string;
}

/** Visible text and the read attributes of the page, in document order. */
async function screenTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const texts: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      const text = node.textContent?.trim();
      if (!parent || !text || ['SCRIPT', 'STYLE', 'NOSCRIPT'].includes(parent.tagName)) continue;
      if (!parent.checkVisibility()) continue;
      // An address drawn in parts (a search match marked inside it) is read whole.
      const address = /[\w.+-]+@[\w-]+\.[\w.]+/;
      let whole = parent;
      for (let up = 0; up < 3 && whole.parentElement && !address.test(whole.innerText); up++) {
        whole = whole.parentElement;
      }
      texts.push(address.test(whole.innerText) && whole.innerText.length < 200 ? whole.innerText : text);
    }
    for (const element of document.querySelectorAll('[aria-label], [placeholder], [title], img[alt]')) {
      if (!element.checkVisibility() || element.closest('[aria-hidden="true"]')) continue;
      for (const name of ['aria-label', 'placeholder', 'title', 'alt']) {
        // aria-labelledby names the element instead of its aria-label (a file input's library default).
        if (name === 'aria-label' && element.hasAttribute('aria-labelledby')) continue;
        const value = element.getAttribute(name)?.trim();
        if (value) texts.push(value);
      }
    }
    texts.push(document.title);
    return texts;
  });
}

async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  // The page loader and the route's lazy chunks are gone once a heading or the main content shows.
  await page.waitForFunction(() => !document.querySelector('[role="status"] .mantine-Loader-root'), null, {
    timeout: 30_000,
  });
}

describe('every screen in Thai', () => {
  let browser: Browser;
  let seeded: SeededEvent;
  let data: string[];
  let viewerPath: string;
  let clubId: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    seeded = await seedPublishedEvent();
    const buyer = person('thai-screens');
    const { registration } = await buyViaApi(seeded, buyer);
    const attendee = registration.attendees[0]!;
    viewerPath = `/event/${seeded.event.id}/qr/${registration.registrationId}/${attendee.attendeeId}/${registration.qrUuid}`;
    clubId = seeded.admin.user.clubId!;
    const club = await api<{ name: string; slug?: string | null }>('GET', '/club/getClub', { query: { clubId } });
    data = [
      seeded.event.title,
      seeded.event.slug,
      seeded.event.venue ?? '',
      seeded.event.timezone,
      club.body.payload.slug ?? '',
      club.body.payload.name.toLowerCase().replace(/\s+/g, '-'),
      seeded.admin.user.name,
      seeded.admin.user.email,
      club.body.payload.name,
      buyer.firstName,
      buyer.lastName,
      buyer.email,
      ...[seeded.adult, seeded.junior].map((ticket) => ticket.name),
      seeded.lunch.name,
      seeded.gold.name,
      'Logo on the boats',
      ...[seeded.dietary, seeded.shirt, seeded.heardFrom].flatMap((question) => [
        question.label,
        ...(question.options ?? []),
      ]),
      'None',
      ...SAME_IN_EVERY_LANGUAGE,
    ].filter(Boolean);
  });
  afterAll(async () => browser?.close());

  function leftovers(path: string, texts: string[]): Leftover[] {
    const found: Leftover[] = [];
    const sorted = data.filter((value) => value.trim() !== '').sort((a, b) => b.length - a.length);
    for (const text of texts) {
      let rest = text;
      for (const value of sorted) rest = rest.split(value).join(' ');
      // E-mail addresses and web addresses a person typed or the product shows as they are.
      rest = rest
        .replace(/\S+@\S+/g, ' ')
        .replace(/https?:\/\/\S+/g, ' ')
        // Ids and short ticket codes (XXXX-XXXX) are data, the same in every language.
        .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, ' ')
        .replace(/\b[A-Z0-9]{4}-[A-Z0-9]{4}\b/g, ' ')
        .replace(/\b[0-9a-f]{8}\b/g, ' ')
        // A link's path, shown as the address to share.
        .replace(/\/\S+/g, ' ');
      if (/[A-Za-z]{3,}/.test(rest)) found.push({ path, text });
    }
    return found;
  }

  async function visitAll(page: Page, paths: string[]): Promise<Leftover[]> {
    const found: Leftover[] = [];
    for (const path of paths) {
      await page.goto(path);
      await settle(page);
      found.push(...leftovers(path, await screenTexts(page)));
    }
    return found;
  }

  // 22 screens, each loaded and read: twice the time limit of an end-to-end test (vitest.config.ts).
  it('shows no English on the organiser and door screens', async () => {
    const missing: string[] = [];
    const { context, page } = await newPage(browser, DESKTOP);
    await context.addInitScript(() => localStorage.setItem('clubtix.language', 'th'));
    watchMissingKeys(page, missing);
    await primeSession(page, seeded.admin.token, seeded.admin.user);
    const id = seeded.event.id;
    const organiser = [
      '/dashboard/admin',
      '/team',
      '/account',
      `/club/edit/${clubId}`,
      '/tour/add',
      `/tour/edit/${id}`,
      ...[
        'tickets',
        'extras',
        'discounts',
        'waitlist',
        'sponsorships',
        'sponsorship-packages',
        'attendees',
        'statistics',
        'messages',
        'sales',
        'checkin',
        'box-office',
      ].map((screen) => `/event/${id}/${screen}`),
      '/form-builder',
      '/import',
    ];
    const found = await visitAll(page, organiser);
    await context.close();
    expect(missing).toEqual([]);
    expect(found).toEqual([]);
  }, 120_000);

  it('shows no English on the buyer screens', async () => {
    const missing: string[] = [];
    const found: Leftover[] = [];
    const id = seeded.event.id;
    const buyer = await newPage(browser, DESKTOP);
    await buyer.context.addInitScript(() => localStorage.setItem('clubtix.language', 'th'));
    watchMissingKeys(buyer.page, missing);
    found.push(
      ...(await visitAll(buyer.page, [
        '/',
        `/pricing?clubId=${clubId}`,
        '/signin',
        '/register',
        `/${seeded.event.slug}`,
        `/${seeded.event.slug}/tickets`,
        `/event/${id}/donation`,
        viewerPath,
        `/club/${clubId}/event`,
        '/no-such-page-here',
      ])),
    );
    await buyer.context.close();
    expect(missing).toEqual([]);
    expect(found).toEqual([]);
  });

  it("shows no English on the super user's screens", async () => {
    const missing: string[] = [];
    const sudo = await newPage(browser, DESKTOP);
    watchMissingKeys(sudo.page, missing);
    await sudo.context.addInitScript(() => localStorage.setItem('clubtix.language', 'th'));
    const token = await sudoToken();
    const me = await api<{ currentUser: { name: string } }>('GET', '/auth/getAccount', { token });
    data.push(me.body.payload.currentUser.name);
    // The super user's screens list every club of the installation, other specs' clubs among them.
    const clubs = await api<
      { name: string; description?: string | null; website?: string | null; admins?: { name: string }[] }[]
    >('GET', '/club/getAllClubs', { token });
    data.push(
      ...clubs.body.payload.flatMap((other) => [
        other.name,
        other.description ?? '',
        other.website ?? '',
        ...(other.admins ?? []).map((a) => a.name),
      ]),
    );
    await primeSession(sudo.page, token, me.body.payload.currentUser);
    const found = await visitAll(sudo.page, ['/dashboard/sudo', '/club/add']);
    await sudo.context.close();

    expect(missing).toEqual([]);
    expect(found).toEqual([]);
    expect(inject('baseUrl')).toBeTruthy();
  });
});

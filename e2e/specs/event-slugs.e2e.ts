import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TEvent } from '@clubtix/contract';
import { registerClubAdmin } from '../fixtures';
import { api, DESKTOP, launchBrowser, newPage, PHONE, seriousA11yViolations, unique, waitForTitle } from '../helpers';

/**
 * An event titled in accented Latin and Thai (docs/product.md section 24, docs/decisions/0021): its
 * slug keeps the letters and marks, and the public page and the buying steps open at that address
 * typed as it is, percent-encoded, or in capitals with a decomposed accent.
 */
describe('an event address in any script', () => {
  let browser: Browser;
  let event: TEvent;
  let title: string;
  beforeAll(async () => {
    browser = await launchBrowser();
    const admin = await registerClubAdmin();
    const suffix = unique('n').toLowerCase();
    title = `Café งานดนตรี ${suffix}`;
    const saved = await api<TEvent>('POST', '/event/save', {
      token: admin.token,
      body: {
        title,
        startDate: '2030-08-15T09:00:00.000Z',
        endDate: '2030-08-15T16:00:00.000Z',
        timezone: 'Asia/Bangkok',
        currency: 'thb',
        status: 'published',
      },
    });
    expect(saved.status, saved.body.msg).toBe(200);
    event = saved.body.payload!;
    expect(event.slug).toBe(`café-งานดนตรี-${suffix}`);
    const ticket = await api('POST', '/ticket/save', {
      token: admin.token,
      body: { eventId: event.id, name: 'Adult', price: 50_000, quantity: 100 },
    });
    expect(ticket.status, ticket.body.msg).toBe(200);
  });
  afterAll(async () => browser.close());

  it.each([
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ])('opens on a %s however the address is written, and buying goes on at it', async (_, viewport) => {
    const { context, page } = await newPage(browser, viewport);
    const addresses = [
      `/${event.slug}`,
      `/${encodeURIComponent(event.slug)}`,
      `/${encodeURIComponent(event.slug.toUpperCase().normalize('NFD'))}`,
    ];
    for (const address of addresses) {
      await page.goto(address);
      await waitForTitle(page, `${title} | ClubTix`);
      await page.getByRole('heading', { level: 1, name: title }).waitFor();
    }
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.goto(`/${event.slug}`);
    await page.getByRole('link', { name: 'Buy tickets' }).click();
    await waitForTitle(page, 'Tickets | ClubTix');
    expect(decodeURIComponent(new URL(page.url()).pathname)).toBe(`/${event.slug}/tickets`);
    await page.getByRole('button', { name: 'Add one Adult' }).waitFor();
    await context.close();
  });
});

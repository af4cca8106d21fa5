import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseScannedQr, type TEvent, type TSeries } from '@clubtix/contract';
import { decodeQrPng } from '../../apps/api/test/smtp-listener';
import {
  api,
  closeToasts,
  DESKTOP,
  expectSettledAccessible,
  launchBrowser,
  mailsTo,
  newPage,
  PHONE,
  primeSession,
  unique,
  waitForTitle,
  watchMissingKeys,
} from '../helpers';
import { seedPublishedEvent, type SeededEvent } from '../fixtures';

/**
 * A season (DECISIONS 18; docs/decisions/0080-series-and-passes.md): an admin turns one event into a
 * ten-date series with a season pass by clicking through the admin; a buyer buys the pass on the
 * series' public page and is admitted once at two of its dates, online at one and offline at another.
 */

const SHOTS = '/tmp/shots-season';
const DAY = 86_400_000;

/** dd/mm/yyyy on London's calendar, as the date fields take it. */
const londonDay = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/London',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).format(new Date(iso));

async function typeCode(page: Page, text: string): Promise<void> {
  await page.getByLabel('Scan or type a code').fill(text);
  await page.getByLabel('Scan or type a code').press('Enter');
}

const scanState = (page: Page, text: string | RegExp) => page.getByTestId('scan-state').filter({ hasText: text });

describe('a season: a series of dates and a season pass', () => {
  let browser: Browser;
  let seeded: SeededEvent;
  let series: TSeries;
  let dates: TEvent[];
  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    browser = await launchBrowser();
    seeded = await seedPublishedEvent();
  });
  afterAll(async () => browser.close());

  it('an admin builds a ten-date series with a pass from one event, by clicks, on a desktop and a phone', async () => {
    const { admin, event } = seeded;
    const { page } = await newPage(browser, DESKTOP);
    await primeSession(page, admin.token, admin.user);
    const name = unique('Summer Regattas');
    const began = Date.now();

    await page.goto('/dashboard/admin');
    await page.getByRole('link', { name: 'Series' }).first().click();
    await page.getByRole('button', { name: 'New series' }).click();
    const form = page.getByRole('dialog');
    await form.getByLabel('Name', { exact: true }).fill(name);
    await form.getByLabel('Description', { exact: true }).fill('Every Saturday on the harbour, all summer.');
    await expectSettledAccessible(page, 'the new series dialog (desktop)');
    await form.getByRole('button', { name: 'Save series' }).click();
    await page.waitForURL('**/series/edit/**');
    const seriesUrl = page.url();

    // The event joins the series on its own form.
    await page.goto(`/tour/edit/${event.id}`);
    await page.getByLabel('Series', { exact: true }).selectOption({ label: name });
    await page.getByRole('button', { name: 'Save event' }).click();
    await closeToasts(page);

    // Nine more Saturdays, one a week, previewed before they are made.
    await page.goto(seriesUrl);
    await page.getByRole('button', { name: 'Add dates' }).click();
    const adding = page.getByRole('dialog');
    await adding.getByText('Every week', { exact: true }).click();
    await adding
      .getByLabel('First start date', { exact: true })
      .fill(londonDay(new Date(Date.parse(event.startDate) + 7 * DAY).toISOString()));
    await adding.getByLabel('First start time', { exact: true }).fill('10:00');
    await adding
      .getByLabel('Last day', { exact: true })
      .fill(londonDay(new Date(Date.parse(event.startDate) + 63 * DAY).toISOString()));
    // A typed day counts once the field is left, as a person tabs on.
    await adding.getByLabel('Last day', { exact: true }).press('Tab');
    await adding.getByTestId('dates-count').filter({ hasText: '9 dates to add' }).waitFor();
    await expectSettledAccessible(page, 'adding dates, previewed (desktop)');
    await page.screenshot({ path: `${SHOTS}/add-dates-desktop.png` });
    await adding.getByRole('button', { name: 'Add 9 dates' }).click();
    await adding.waitFor({ state: 'detached' });

    // The pass: £120 for the whole season, 50 of them.
    await page.getByRole('button', { name: 'Add season pass' }).click();
    const passForm = page.getByRole('dialog');
    await passForm.getByLabel('Name', { exact: true }).fill('Season pass');
    await passForm.getByLabel('Price', { exact: true }).fill('120');
    await passForm.getByLabel('Quantity', { exact: true }).fill('50');
    await expectSettledAccessible(page, 'the season pass dialog (desktop)');
    await passForm.getByRole('button', { name: 'Save season pass' }).click();
    await passForm.waitFor({ state: 'detached' });
    await page.getByTestId('pass-quantity').first().waitFor();
    // Under a minute of clicks, set-up and checks included.
    expect(Date.now() - began).toBeLessThan(60_000);
    await expectSettledAccessible(page, 'the series page (desktop)');
    await page.screenshot({ path: `${SHOTS}/series-desktop.png`, fullPage: true });

    const seriesId = seriesUrl.split('/').pop()!;
    const club = await api<TSeries[]>('GET', '/series/getByClubId', { query: { clubId: event.clubId } });
    series = club.body.payload.find((one) => one.id === seriesId)!;
    const all = await api<TEvent[]>('GET', '/event/getAllEvents', {
      token: admin.token,
      query: { clubId: event.clubId },
    });
    dates = all.body.payload
      .filter((one) => one.seriesId === seriesId)
      .sort((a, b) => a.startDate.localeCompare(b.startDate));
    expect(dates).toHaveLength(10);
    expect(dates.slice(1).every((one) => one.status === 'draft')).toBe(true);

    // The same page on a phone.
    const phone = await newPage(browser, PHONE);
    await primeSession(phone.page, admin.token, admin.user);
    await phone.page.goto(seriesUrl);
    await phone.page.getByTestId('pass-quantity').first().waitFor();
    await expectSettledAccessible(phone.page, 'the series page (phone)');
    await phone.page.screenshot({ path: `${SHOTS}/series-phone.png`, fullPage: true });
  });

  it('a buyer buys the pass on the series page and is let in once at two dates, online and offline', async () => {
    const { admin } = seeded;
    // The copies are drafts: the admin publishes them.
    for (const one of dates.slice(1)) {
      const published = await api('POST', '/event/save', {
        token: admin.token,
        body: { id: one.id, status: 'published' },
      });
      expect(published.status).toBe(200);
    }

    const { page } = await newPage(browser, PHONE);
    await page.goto(`/series/${series.slug}`);
    await page.getByTestId('series-date').first().waitFor();
    expect(await page.getByTestId('series-date').count()).toBe(10);
    await expectSettledAccessible(page, 'the public series page (phone)');
    await page.screenshot({ path: `${SHOTS}/public-series-phone.png`, fullPage: true });

    // The same page in German, on a phone: every word from the catalogue.
    const german = await newPage(browser, PHONE);
    const missing = watchMissingKeys(german.page);
    await german.page.goto(`/series/${series.slug}`);
    await german.page.getByTestId('series-date').first().waitFor();
    await german.page.getByTestId('language-picker').click();
    await german.page.getByRole('menuitem', { name: 'Deutsch' }).click();
    await german.page.getByRole('heading', { name: 'Termine' }).waitFor();
    await german.page.getByRole('button', { name: 'Saisonkarte kaufen' }).waitFor();
    expect(await german.page.getByTestId('series-date-places').first().textContent()).toMatch(/Plätze frei$/);
    expect(missing).toEqual([]);
    await expectSettledAccessible(german.page, 'the public series page in German (phone)');
    await german.page.screenshot({ path: `${SHOTS}/public-series-de-phone.png`, fullPage: true });
    await german.context.close();

    const email = `${unique('holder')}@example.org`;
    const card = page.getByTestId('pass-card').filter({ hasText: 'Season pass' });
    await card.getByRole('button', { name: 'Buy season pass' }).click();
    await page.getByLabel('First name', { exact: true }).fill('Sam');
    await page.getByLabel('Last name', { exact: true }).fill('Holder');
    await page.getByLabel('E-mail', { exact: true }).fill(email);
    await page.getByRole('button', { name: /Continue to pay/ }).click();
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await expectSettledAccessible(page, 'paying for a season pass (phone)');
    await page.getByRole('button', { name: /^Pay / }).click();
    await page.getByTestId('pass-thanks').waitFor();
    await expectSettledAccessible(page, 'the season pass bought (phone)');

    // The pass as its holder has it: the mail's QR and short code.
    await expect.poll(() => mailsTo(email).then((mails) => mails.length), { timeout: 30_000 }).toBe(1);
    const [mail] = await mailsTo(email);
    const image = mail!.attachments.find((attachment) => attachment.contentType === 'image/png')!;
    const qr = (await decodeQrPng(image.content))!;
    expect(parseScannedQr(qr)).toMatchObject({ kind: 'pass' });
    const shortCode = /\b[A-Z0-9]{4}-[A-Z0-9]{4}\b/.exec(mail!.text ?? '')![0];

    // At the first date, online: in once, then told it is already in.
    const door = await newPage(browser, PHONE);
    await primeSession(door.page, admin.token, admin.user);
    await door.page.goto(`/event/${dates[0]!.id}/checkin`);
    await waitForTitle(door.page, 'Check-in | ClubTix');
    await door.page.getByLabel('Check in on scan').check();
    await typeCode(door.page, qr);
    await scanState(door.page, 'Checked in').waitFor();
    await door.page.getByTestId('attendee-name').filter({ hasText: 'Sam Holder' }).waitFor();
    await typeCode(door.page, shortCode);
    await scanState(door.page, /Already checked in/).waitFor();

    // At the second date, offline: the prepared list knows the pass.
    const gate = await newPage(browser, DESKTOP);
    await primeSession(gate.page, admin.token, admin.user);
    await gate.page.goto(`/event/${dates[1]!.id}/checkin`);
    await waitForTitle(gate.page, 'Check-in | ClubTix');
    await gate.page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
    await gate.page.getByRole('button', { name: 'Prepare for offline' }).click();
    await gate.page
      .getByTestId('offline-ready')
      .filter({ hasText: /^Ready offline: 1 ticket/ })
      .waitFor();
    await gate.page.getByLabel('Check in on scan').check();
    await gate.context.setOffline(true);
    await typeCode(gate.page, qr);
    await scanState(gate.page, 'Checked in (offline)').waitFor();
    await gate.page.getByTestId('attendee-name').filter({ hasText: 'Sam Holder' }).waitFor();
    await typeCode(gate.page, qr);
    await scanState(gate.page, /Already checked in/).waitFor();
    await expectSettledAccessible(gate.page, 'a season pass admitted offline (desktop)');
    await gate.page.screenshot({ path: `${SHOTS}/pass-offline-desktop.png` });
    // Back online, the admission is synced: one check-in at each of the two dates.
    await gate.context.setOffline(false);
    await gate.page
      .getByTestId('sync-summary')
      .filter({ hasText: /1 admission stored/ })
      .waitFor({ timeout: 30_000 });
    for (const one of dates.slice(0, 2)) {
      const stats = await api<{ totalCheckinCount: number; totalAttendeeCount: number }>(
        'GET',
        '/checkin/getStatistics',
        { token: admin.token, query: { eventId: one.id } },
      );
      expect(stats.body.payload).toMatchObject({ totalCheckinCount: 1 });
    }

    // The treasurer sees the pass sold on the series page and refunds it: it no longer admits at the
    // dates not attended yet.
    await door.page.goto(`/series/edit/${series.id}`);
    const sale = door.page.getByTestId('pass-sale').filter({ hasText: email });
    await sale.getByTestId('pass-sale-status').filter({ hasText: 'Paid' }).waitFor();
    await sale.getByRole('button', { name: 'Refund the pass of Sam Holder' }).click();
    const refund = door.page.getByRole('dialog', { name: 'Refund a season pass' });
    await refund.getByLabel('Reason').fill('Moving abroad');
    await expectSettledAccessible(door.page, 'refunding a season pass (phone)');
    await refund.getByRole('button', { name: 'Refund', exact: true }).click();
    await refund.waitFor({ state: 'detached' });
    await sale.getByTestId('pass-sale-status').filter({ hasText: 'Refunded' }).waitFor();
    await door.page.screenshot({ path: `${SHOTS}/pass-refunded-phone.png`, fullPage: true });
    await door.page.goto(`/event/${dates[2]!.id}/checkin`);
    await waitForTitle(door.page, 'Check-in | ClubTix');
    await typeCode(door.page, qr);
    await scanState(door.page, /cancelled|refunded/i).waitFor();
  });
});

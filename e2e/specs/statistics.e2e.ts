import type { TCheckin, TCheckinStatistics } from '@clubtix/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { watchCsp } from '../csp';
import { bookTwo } from '../door';
import { seedPublishedEvent, type Admin, type SeededEvent } from '../fixtures';
import {
  api,
  DESKTOP,
  launchBrowser,
  newPage,
  PHONE,
  primeSession,
  seriousA11yViolations,
  waitForTitle,
} from '../helpers';

/** The door checks one attendee in, as a phone at the entrance would (POST /checkin/save). */
async function checkInViaApi(admin: Admin, eventId: string, registrationId: string, attendeeId: string) {
  const result = await api<TCheckin>('POST', '/checkin/save', {
    token: admin.token,
    body: { eventId, registrationId, attendeeId },
  });
  expect(result.status, result.body.msg).toBe(200);
}

/**
 * The day the tickets were sold, on the event's clock, as the API counts it: the e2e tests cannot
 * date rows in the past (no database access, and no test-only route), so "an earlier date" is the
 * day before the sale, which must read nothing, and "a later date" the day after, which reads all.
 */
async function saleDay(seeded: SeededEvent): Promise<string> {
  const result = await api<TCheckinStatistics>('GET', '/checkin/getStatistics', {
    token: seeded.admin.token,
    query: { eventId: seeded.event.id },
  });
  expect(result.status).toBe(200);
  const days = result.body.payload.series.registrationsByDay;
  expect(days).toHaveLength(1);
  return days[0]!.date;
}

function addDays(day: string, count: number): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + count);
  return date.toISOString().slice(0, 10);
}

/** yyyy-mm-dd as English ClubTix writes it, dd/mm/yyyy: the order the date field reads. */
const british = (day: string) => day.split('-').reverse().join('/');

/** How the calendar names a day's button in en-GB: "Thursday 14 May 2026". */
const calendarName = (day: string) =>
  new Intl.DateTimeFormat('en-GB', { dateStyle: 'full', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));

/** The four big numbers, read as the admin reads them. */
async function numbers(page: Page) {
  const read = async (testId: string) => (await page.getByTestId(testId).innerText()).trim();
  return {
    totalRegistrations: await read('total-registrations'),
    totalCheckins: await read('total-checkins'),
    historicalRegistrations: await read('historical-registrations'),
    historicalCheckins: await read('historical-checkins'),
  };
}

/** Waits until the historical section is the one of `day` (its heading names the day). */
async function historicalOf(page: Page, day: string) {
  await page
    .getByRole('heading', { name: `Up to the end of ${british(day)}`, exact: true })
    .waitFor({ timeout: 30_000 });
}

describe('the statistics page: registrations and check-ins so far, up to a chosen day, and live', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser.close());

  for (const [device, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    it(`on a ${device}: totals stay, a typed or picked day changes the historical counts, the chart shows, and a check-in at the door appears without reloading`, async () => {
      const seeded = await seedPublishedEvent();
      const { event, admin } = seeded;
      // Two bookings of two: 2 registrations, 4 attendees; one of each booking checked in.
      const first = await bookTwo(seeded);
      const second = await bookTwo(seeded);
      await checkInViaApi(admin, event.id, first.registration.registrationId, first.ada.attendeeId);
      await checkInViaApi(admin, event.id, second.registration.registrationId, second.grace.attendeeId);
      const sold = await saleDay(seeded);
      const dayBefore = addDays(sold, -1);
      const dayAfter = addDays(sold, 1);

      const { context, page } = await newPage(browser, viewport);
      await primeSession(page, admin.token, admin.user);
      await page.goto(`/event/${event.id}/statistics`);
      await waitForTitle(page, 'Statistics | ClubTix');
      await page.getByTestId('total-registrations').filter({ hasText: /^2$/ }).waitFor();
      await page.getByTestId('total-checkins').filter({ hasText: /^2$/ }).waitFor();
      await page.getByText('4 attendees', { exact: true }).waitFor();
      await page.getByText('50% of attendees · 2 still to come', { exact: true }).waitFor();
      // The page says it keeps itself up to date, and how often.
      await page
        .getByTestId('statistics-updated')
        .filter({ hasText: /refreshes every 10 seconds$/ })
        .waitFor();

      // The day before the sale, typed in English order (dd/mm/yyyy) and read on Enter:
      // nothing had been sold or checked in yet, and the totals do not move.
      const dateField = page.getByLabel('Date', { exact: true });
      await dateField.fill(british(dayBefore));
      await dateField.press('Enter');
      await historicalOf(page, dayBefore);
      await page.getByTestId('historical-registrations').filter({ hasText: /^0$/ }).waitFor();
      expect(await numbers(page)).toEqual({
        totalRegistrations: '2',
        totalCheckins: '2',
        historicalRegistrations: '0',
        historicalCheckins: '0',
      });
      expect(await dateField.inputValue()).toBe(british(dayBefore));
      await page.getByText('No check-ins on this day.', { exact: true }).waitFor();

      // A date that cannot be read (February has no 31st) stays as typed, says what is wrong, and
      // the numbers stay on the last good day instead of jumping back to today.
      await dateField.fill('31/02/2026');
      await dateField.press('Enter');
      const readError = page.getByText('Enter a date as dd/mm/yyyy', { exact: true });
      await readError.waitFor();
      expect(await dateField.inputValue()).toBe('31/02/2026');
      expect(await dateField.getAttribute('aria-invalid')).toBe('true');
      await historicalOf(page, dayBefore);
      expect(await numbers(page)).toEqual({
        totalRegistrations: '2',
        totalCheckins: '2',
        historicalRegistrations: '0',
        historicalCheckins: '0',
      });

      // The day of the sale, picked from the calendar: everything so far was made by its end.
      await page.getByRole('button', { name: 'Open calendar for Date' }).click();
      await page.getByRole('button', { name: calendarName(sold), exact: true }).click();
      await historicalOf(page, sold);
      await readError.waitFor({ state: 'detached' });
      await page.getByTestId('historical-registrations').filter({ hasText: /^2$/ }).waitFor();
      expect(await numbers(page)).toEqual({
        totalRegistrations: '2',
        totalCheckins: '2',
        historicalRegistrations: '2',
        historicalCheckins: '2',
      });
      expect(await dateField.inputValue()).toBe(british(sold));

      // The charts: that day's check-ins by quarter hour, and both counts per day with a legend and
      // the day on the axis, as bars.
      // Recharts draws a bar as a path, and none for a zero.
      const bars = 'svg path.recharts-rectangle';
      const quarters = page.getByRole('figure', {
        name: `Check-ins per quarter hour on ${british(sold)}`,
        exact: true,
      });
      await quarters.locator(bars).first().waitFor();
      const days = page.getByRole('figure', { name: 'Registrations and check-ins per day', exact: true });
      await days.locator(bars).first().waitFor();
      // One day of sales: a Registrations bar and a Check-ins bar, both at 2.
      expect(await days.locator(bars).count()).toBe(2);
      await days.locator('svg').getByText(british(sold).slice(0, 5), { exact: true }).waitFor();
      await days.getByText('Registrations', { exact: true }).waitFor();
      await days.getByText('Check-ins', { exact: true }).waitFor();
      // The legend in the order of the tiles above: Registrations, then Check-ins.
      expect(await days.locator('.recharts-legend-wrapper').innerText()).toMatch(/^\s*Registrations\s+Check-ins\s*$/);
      expect(await seriousA11yViolations(page)).toEqual([]);

      // A day still to come counts everything so far, and keeps counting while the page stays open.
      await dateField.fill(british(dayAfter));
      await dateField.press('Tab');
      await historicalOf(page, dayAfter);
      await page.getByTestId('historical-checkins').filter({ hasText: /^2$/ }).waitFor();
      // A mark in this very page: were it reloaded, the mark would be gone.
      await page.evaluate(() => Object.assign(window, { statisticsPageMark: true }));

      // Someone comes in at the door meanwhile; the page reads the counts again every 10 seconds,
      // so within 15 s (the default wait) the admin sees them move, without touching anything.
      await checkInViaApi(admin, event.id, first.registration.registrationId, first.grace.attendeeId);
      await page.getByTestId('total-checkins').filter({ hasText: /^3$/ }).waitFor();
      await page.getByTestId('historical-checkins').filter({ hasText: /^3$/ }).waitFor();
      await page.getByText('75% of attendees · 1 still to come', { exact: true }).waitFor();
      expect(await numbers(page)).toEqual({
        totalRegistrations: '2',
        totalCheckins: '3',
        historicalRegistrations: '2',
        historicalCheckins: '3',
      });
      expect(await page.evaluate(() => 'statisticsPageMark' in window)).toBe(true);
      expect(await dateField.inputValue()).toBe(british(dayAfter));
      await context.close();
    });
  }
});

describe('the statistics page on a browser set to the United States: the date typed and the date shown read alike', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser.close());

  for (const [device, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    it(`on a ${device}: the picker and the heading below it both read dd/mm/yyyy, and mixed separators are read`, async () => {
      const { event, admin } = await seedPublishedEvent();
      // The region that used to put 11/25/2026 in the picker over "Up to the end of 25/11/2026".
      const context = await browser.newContext({
        baseURL: inject('baseUrl'),
        viewport,
        locale: 'en-US',
        timezoneId: 'America/New_York',
      });
      await watchCsp(context);
      const page = await context.newPage();
      page.setDefaultTimeout(15_000);
      await primeSession(page, admin.token, admin.user);
      await page.goto(`/event/${event.id}/statistics`);
      await waitForTitle(page, 'Statistics | ClubTix');
      expect(await page.evaluate(() => navigator.language)).toBe('en-US');

      const dateField = page.getByLabel('Date', { exact: true });
      const heading = page.getByRole('heading', { name: /^Up to the end of / });
      await heading.waitFor();
      // Today, as the page opened: the same day written the same way in both places.
      const shown = (await heading.innerText()).replace('Up to the end of ', '').trim();
      expect(shown).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
      expect(await dateField.inputValue()).toBe(shown);
      expect(await dateField.getAttribute('placeholder')).toBe('dd/mm/yyyy');

      // The day of the issue, typed with a dash and a slash (docs/product.md section 5 allows either).
      await dateField.fill('25/11-2026');
      await dateField.press('Enter');
      await page.getByRole('heading', { name: 'Up to the end of 25/11/2026', exact: true }).waitFor();
      expect(await dateField.inputValue()).toBe('25/11/2026');
      expect(await dateField.getAttribute('aria-invalid')).not.toBe('true');
      expect(await seriousA11yViolations(page)).toEqual([]);
      await context.close();
    });
  }
});

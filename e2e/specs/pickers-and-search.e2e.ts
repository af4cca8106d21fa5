import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookTwo } from '../door';
import { registerClubAdmin, seedPublishedEvent } from '../fixtures';
import { DESKTOP, launchBrowser, newPage, PHONE, primeSession, seriousA11yViolations, waitForTitle } from '../helpers';

/**
 * The logo picker's words, a search that cannot reach the server, an empty list
 * (docs/decisions/0023-buyer-pages.md).
 */
describe('pickers, searches and empty lists', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser.close());

  it('the logo picker says Choose on a phone, where a tap opens the file picker, and Drag on a desktop', async () => {
    const admin = await registerClubAdmin();
    const phone = await newPage(browser, PHONE);
    await primeSession(phone.page, admin.token, admin.user);
    await phone.page.goto(`/club/edit/${admin.user.clubId!}`);
    await waitForTitle(phone.page, 'Edit Club | ClubTix');
    const choose = phone.page.getByText('Choose a logo', { exact: true });
    await choose.waitFor();
    expect(await phone.page.getByText(/^Drag /).count()).toBe(0);
    expect(await seriousA11yViolations(phone.page)).toEqual([]);
    // The words themselves let taps through to the area (pointer-events: none), as a finger's tap does.
    const [chooser] = await Promise.all([phone.page.waitForEvent('filechooser'), choose.click({ force: true })]);
    expect(chooser.isMultiple()).toBe(false);
    await phone.context.close();

    const desktop = await newPage(browser, DESKTOP);
    await primeSession(desktop.page, admin.token, admin.user);
    await desktop.page.goto(`/club/edit/${admin.user.clubId!}`);
    await desktop.page.getByText('Drag a logo here', { exact: true }).waitFor();
    expect(await desktop.page.getByText('Choose a logo', { exact: true }).count()).toBe(0);
    expect(await seriousA11yViolations(desktop.page)).toEqual([]);
    await desktop.context.close();
  });

  it.each([
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ])('the door search says it could not reach the server, and searches again once it can (%s)', async (_, viewport) => {
    const seeded = await seedPublishedEvent();
    const { event, admin } = seeded;
    await bookTwo(seeded);
    const { context, page } = await newPage(browser, viewport);
    await primeSession(page, admin.token, admin.user);
    await page.goto(`/event/${event.id}/checkin`);
    await waitForTitle(page, 'Check-in | ClubTix');
    await page.getByTestId('event-title').filter({ hasText: event.title }).waitFor();

    const search = page.getByRole('searchbox', { name: 'Search attendees' });
    const failed = page.getByTestId('attendee-search-failed');
    const matches = page.getByRole('list', { name: 'Matching attendees' });
    const unreachable = 'It could not reach the server. Check the connection, then try again.';

    // The connection is up but the server cannot be reached (a dead venue Wi-Fi): the calls fail.
    const searchCalls = '**/api/registration/getAttendees?**';
    await page.route(searchCalls, (route) => route.abort('internetdisconnected'));
    await search.fill('hopp');
    await failed.getByText(unreachable).waitFor();
    // Said once, in place: not also as a toast.
    expect(await page.locator('.mantine-Notification-root').count()).toBe(0);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.unroute(searchCalls);
    await failed.getByRole('button', { name: 'Search again' }).click();
    await matches.getByRole('button', { name: /Grace Hopper/ }).waitFor();
    expect(await failed.count()).toBe(0);

    // The device itself is offline: the same words, and the search runs once it is back.
    await context.setOffline(true);
    await search.fill('lovel');
    await failed.getByText(unreachable).waitFor();
    expect(await matches.count()).toBe(0);
    await context.setOffline(false);
    await matches.getByRole('button', { name: /Ada Lovelace/ }).waitFor();
    expect(await failed.count()).toBe(0);
    await context.close();
  });

  it.each([
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ])('the attendee list search says it could not reach the server, with a retry (%s)', async (_, viewport) => {
    const seeded = await seedPublishedEvent();
    const { event, admin } = seeded;
    await bookTwo(seeded);
    const { context, page } = await newPage(browser, viewport);
    await primeSession(page, admin.token, admin.user);
    await page.goto(`/event/${event.id}/attendees`);
    await waitForTitle(page, 'Attendees | ClubTix');
    await page.getByText('Grace', { exact: false }).first().waitFor();
    const search = page.getByLabel('Search attendees');
    const failed = page.getByRole('alert').filter({ hasText: 'Could not load the attendees' });

    const searchCalls = '**/api/registration/getAttendees?**';
    await page.route(searchCalls, (route) => route.abort('internetdisconnected'));
    await search.fill('lovel');
    await failed.getByText('Could not reach the server', { exact: false }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.unroute(searchCalls);
    await failed.getByRole('button', { name: 'Try again' }).click();
    await page.getByTestId('attendee-count').filter({ hasText: 'Showing 1–1 of 1 attendee' }).waitFor();

    await context.setOffline(true);
    await search.fill('hopp');
    await failed.getByText('The search could not reach the server.', { exact: false }).waitFor();
    await context.setOffline(false);
    await page.getByTestId('attendee-count').filter({ hasText: 'Showing 1–1 of 1 attendee' }).waitFor();
    expect(await failed.count()).toBe(0);
    await context.close();
  });

  it.each([
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ])('an empty attendee list says so once (%s)', async (_, viewport) => {
    const { event, admin } = await seedPublishedEvent();
    const { context, page } = await newPage(browser, viewport);
    await primeSession(page, admin.token, admin.user);
    await page.goto(`/event/${event.id}/attendees`);
    await waitForTitle(page, 'Attendees | ClubTix');
    await page.getByText(/^No attendees yet\./).waitFor();
    expect(await page.getByText(/No attendees/).count()).toBe(1);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await context.close();
  });
});

import { mkdirSync } from 'node:fs';
import { formatShortCode, type TAttendee, type TCheckinStatistics } from '@clubtix/contract';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookRefunded, bookTwo, keptDoorLists, londonTime } from '../door';
import { buyTicketsViaApi, registrationAsAdmin, seedPublishedEvent } from '../fixtures';
import {
  api,
  DESKTOP,
  expectAccessible,
  expectSettledAccessible,
  launchBrowser,
  newPage,
  PHONE,
  primeSession,
  unique,
  waitForTitle,
} from '../helpers';

/**
 * The door with no network (docs/product.md section 20; docs/decisions/0035-offline-door.md,
 * 0037-installable-offline-door.md and 0062-hashed-door-list.md): two devices prepare the list (which
 * holds no short code or QR secret, only their slow hashes), lose the network, still open the page,
 * admit the same ticket and a typed short code, and converge once back online.
 */

interface Device {
  name: string;
  context: BrowserContext;
  page: Page;
}

async function openDoor(page: Page, eventId: string): Promise<void> {
  await page.goto(`/event/${eventId}/checkin`);
  await waitForTitle(page, 'Check-in | ClubTix');
}

/** Opens the door online, waits for its service worker to control the page, names the device and prepares. */
async function prepareDevice(device: Device, eventId: string): Promise<void> {
  const { page } = device;
  await openDoor(page, eventId);
  // The worker takes the open page over once its cache is complete (clients.claim).
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
  await page.getByRole('button', { name: 'Prepare for offline' }).waitFor();
  await expectAccessible(page, `the door before preparing (${device.name})`);
  await page.screenshot({ path: `/tmp/door-unprepared-${device.name.replace(' ', '-')}.png`, fullPage: true });
  await page.getByLabel("This device's name").fill(device.name);
  await page.getByLabel("This device's name").press('Enter');
  await page.getByRole('button', { name: 'Prepare for offline' }).click();
  await page
    .getByTestId('offline-ready')
    .filter({ hasText: /^Ready offline: 3 tickets, prepared \d\d:\d\d$/ })
    .waitFor();
  await page.getByLabel('Check in on scan').check();
}

async function typeCode(page: Page, text: string): Promise<void> {
  await page.getByLabel('Scan or type a code').fill(text);
  await page.getByLabel('Scan or type a code').press('Enter');
}

const SHOTS = '/tmp/shots-35/door';

const state = (page: Page, text: string | RegExp) => page.getByTestId('scan-state').filter({ hasText: text });

describe('the door with no network', () => {
  let browser: Browser;
  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    browser = await launchBrowser();
  });
  afterAll(async () => browser.close());

  it('two devices admit the same ticket offline; back online one check-in is kept, the earlier, and the second is shown the duplicate', async () => {
    const seeded = await seedPublishedEvent();
    const { event, admin } = seeded;
    const { registration, ada, adaQr, grace, graceQr } = await bookTwo(seeded);
    const { registration: alanBooking } = await buyTicketsViaApi(seeded, [
      { firstName: 'Alan', lastName: 'Turing', email: `${unique('alan')}@example.org` },
    ]);
    const alan = alanBooking.attendees[0]!;
    // Refunded with its tickets released: on the list to be refused as such, not among its 3 tickets.
    const { registration: ritaBooking, rita, ritaQr, refundedAt } = await bookRefunded(seeded);
    const gateA: Device = { name: 'Gate A', ...(await newPage(browser, PHONE)) };
    const gateB: Device = { name: 'Gate B', ...(await newPage(browser, DESKTOP)) };
    for (const device of [gateA, gateB]) {
      await primeSession(device.page, admin.token, admin.user);
      await prepareDevice(device, event.id);
    }

    // A stolen phone's list makes no ticket: no short code and no QR secret in it, in any case or form.
    const kept = await keptDoorLists(gateA.page);
    expect(kept).toContain(ada.attendeeId);
    for (const secret of [
      registration.qrUuid,
      alanBooking.qrUuid,
      ada.shortCode,
      grace.shortCode,
      alan.shortCode,
      rita.shortCode,
      ritaBooking.qrUuid,
    ]) {
      expect(kept.toLowerCase()).not.toContain(secret.toLowerCase());
    }
    expect(kept).not.toMatch(/shortCode|qrUuid/);

    // A Wi-Fi that reaches nothing: the browser says online, the call fails, the list answers, and the
    // admission is synced as soon as the server answers again.
    await gateB.context.route('**/api/checkin/scanByRegistrationId', (route) => route.abort('internetdisconnected'));
    await typeCode(gateB.page, graceQr);
    await state(gateB.page, 'Checked in (offline)').waitFor();
    await gateB.page.getByTestId('attendee-name').filter({ hasText: 'Grace Hopper' }).waitFor();
    await gateB.context.unroute('**/api/checkin/scanByRegistrationId');
    // The sync says what it did on the door's status line.
    await gateB.page
      .getByTestId('sync-summary')
      .filter({ hasText: /^Synced at \d\d:\d\d: 1 admission stored, no duplicates\.$/ })
      .waitFor({ timeout: 30_000 });

    // Chromium finds the door installable: the manifest parses, its icons load, a worker serves pages.
    const cdp = await gateA.context.newCDPSession(gateA.page);
    const manifest = (await cdp.send('Page.getAppManifest')) as { url: string; errors: unknown[] };
    expect(manifest.url).toMatch(/\/manifest\.webmanifest$/);
    expect(manifest.errors).toEqual([]);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: { errorId: string }[];
    };
    // A test's browser context is an incognito one, where Chromium installs nothing: that alone is allowed.
    expect(installabilityErrors.map((error) => error.errorId).filter((id) => id !== 'in-incognito')).toEqual([]);
    await cdp.detach();

    // No network at all, then a reload: the page opens from the service worker's cache.
    for (const device of [gateA, gateB]) {
      await device.context.setOffline(true);
      await device.page.reload();
      await waitForTitle(device.page, 'Check-in | ClubTix');
      await device.page.getByTestId('event-title').filter({ hasText: event.title }).waitFor();
      await device.page
        .getByTestId('offline-status')
        .filter({ hasText: 'Offline: tickets are checked against the list on this device' })
        .waitFor();
      expect(
        await device.page.evaluate(() =>
          fetch('/api/health').then(
            () => 'reached',
            () => 'refused',
          ),
        ),
      ).toBe('refused');
    }
    await expectAccessible(gateA.page, 'the door offline, prepared (phone)');

    // Gate A lets Ada in first.
    const beforeA = Date.now();
    await typeCode(gateA.page, adaQr);
    await state(gateA.page, 'Checked in (offline)').waitFor();
    const afterA = Date.now();
    await gateA.page.getByTestId('attendee-name').filter({ hasText: 'Ada Lovelace' }).waitFor();
    await gateA.page.getByTestId('offline-waiting').filter({ hasText: '1 admission waits to sync' }).waitFor();
    await expectAccessible(gateA.page, 'an offline admission');

    // Without "Check in on scan": Grace's short code, typed in lower case without the dash, is checked
    // against the list, let in on a tap, and undone before any sync.
    await gateA.page.getByLabel('Check in on scan').uncheck();
    await typeCode(gateA.page, grace.shortCode.toLowerCase());
    await state(gateA.page, 'Valid ticket').waitFor();
    await gateA.page.getByTestId('attendee-name').filter({ hasText: 'Grace Hopper' }).waitFor();
    await gateA.page.getByRole('button', { name: 'Check in', exact: true }).click();
    await state(gateA.page, 'Checked in (offline)').waitFor();
    await gateA.page.getByTestId('offline-waiting').filter({ hasText: '2 admissions wait to sync' }).waitFor();
    await gateA.page.getByRole('button', { name: 'Undo check-in' }).click();
    await state(gateA.page, 'Valid ticket').waitFor();
    await gateA.page.getByTestId('offline-waiting').filter({ hasText: '1 admission waits to sync' }).waitFor();
    await gateA.page.getByLabel('Check in on scan').check();

    // A killed tab loses nothing: a new one, still offline, opened at the installed app's start
    // (/door, the check-in page this device used last), finds the admission waiting.
    await gateA.page.close();
    gateA.page = await gateA.context.newPage();
    await gateA.page.goto('/door');
    await gateA.page.waitForURL(`**/event/${event.id}/checkin`);
    await waitForTitle(gateA.page, 'Check-in | ClubTix');
    await gateA.page.getByTestId('offline-waiting').filter({ hasText: '1 admission waits to sync' }).waitFor();

    // The same ticket again on this device; a QR with Grace's ids and a made-up secret.
    await typeCode(gateA.page, adaQr);
    await state(gateA.page, /^Already checked in on this device at \d\d:\d\d$/).waitFor();
    const forged = JSON.stringify({ r: registration.registrationId, a: grace.attendeeId, q: crypto.randomUUID() });
    await typeCode(gateA.page, forged);
    await state(gateA.page, 'Forged ticket: do not admit').waitFor();
    expect(await gateA.page.getByTestId('scan-result').getAttribute('data-tone')).toBe('red');
    await expectAccessible(gateA.page, 'a forged ticket refused offline');
    await gateA.page.screenshot({ path: '/tmp/door-offline-phone.png', fullPage: true });

    // Rita's ticket was refunded: her short code, typed offline with "Check in on scan" on, says so
    // with when, names her, and admits nobody (docs/decisions/0070-the-door-says-cancelled.md).
    await typeCode(gateA.page, rita.shortCode.toLowerCase());
    await state(gateA.page, 'Cancelled: refunded').waitFor();
    const ritaCard = gateA.page.getByTestId('scan-result');
    await ritaCard.getByText(`Refunded at ${londonTime(refundedAt)}. Do not admit.`, { exact: true }).waitFor();
    await ritaCard.getByTestId('attendee-name').filter({ hasText: 'Rita Refund' }).waitFor();
    expect(await ritaCard.getAttribute('data-tone')).toBe('red');
    expect(await ritaCard.textContent()).not.toMatch(/Unknown code|Could not read/);
    await gateA.page.getByTestId('offline-waiting').filter({ hasText: '1 admission waits to sync' }).waitFor();
    // On the phone the answer is at the top of the screen, above the code field and the camera.
    const cardBox = (await ritaCard.boundingBox())!;
    const fieldBox = (await gateA.page.getByLabel('Scan or type a code').boundingBox())!;
    expect(cardBox.y + cardBox.height).toBeLessThanOrEqual(fieldBox.y);
    expect(cardBox.y + 60).toBeLessThan(PHONE.height);
    await expectAccessible(gateA.page, 'a refunded ticket refused offline (phone)');
    await gateA.page.screenshot({ path: `${SHOTS}/door-refunded-offline-phone.png` });

    // Gate B, later, lets Ada in too: it cannot know.
    await typeCode(gateB.page, adaQr);
    await state(gateB.page, 'Checked in (offline)').waitFor();
    // Alan's QR will not scan: his short code, typed as printed, is found by its hash and let in.
    const beforeAlan = Date.now();
    await typeCode(gateB.page, formatShortCode(alan.shortCode));
    await state(gateB.page, 'Checked in (offline)').waitFor();
    await gateB.page.getByTestId('attendee-name').filter({ hasText: 'Alan Turing' }).waitFor();
    const afterAlan = Date.now();
    await gateB.page.getByTestId('offline-waiting').filter({ hasText: '2 admissions wait to sync' }).waitFor();
    // A code of the right shape that no ticket has.
    await typeCode(gateB.page, 'BCDF-2345');
    await state(gateB.page, 'Unknown code').waitFor();
    await gateB.page.screenshot({ path: '/tmp/door-offline-desktop.png', fullPage: true });
    // Rita's QR, offline on the desk: cancelled, never unknown, never admitted.
    await typeCode(gateB.page, ritaQr);
    await state(gateB.page, 'Cancelled: refunded').waitFor();
    await gateB.page.getByText(`Refunded at ${londonTime(refundedAt)}. Do not admit.`, { exact: true }).waitFor();
    await gateB.page.getByTestId('offline-waiting').filter({ hasText: '2 admissions wait to sync' }).waitFor();
    await expectAccessible(gateB.page, 'a refunded ticket refused offline (desktop)');
    await gateB.page.screenshot({ path: `${SHOTS}/door-refunded-offline-desktop.png` });

    // Back online, Gate A syncs by itself: its admission is stored, and it says so.
    await gateA.context.setOffline(false);
    await gateA.page
      .getByTestId('sync-summary')
      .filter({ hasText: /^Synced at \d\d:\d\d: 1 admission stored, no duplicates\.$/ })
      .waitFor({ timeout: 30_000 });
    await gateA.page.getByTestId('offline-waiting').waitFor({ state: 'detached' });
    await expectAccessible(gateA.page, "the sync's summary (phone)");
    await gateA.page.screenshot({ path: `${SHOTS}/door-synced-phone.png` });
    const adaNow = await api<{ attendee: TAttendee }>('POST', '/checkin/scanByRegistrationId', {
      token: admin.token,
      body: { eventId: event.id, payload: adaQr },
    });
    expect(adaNow.status).toBe(200);
    const storedAt = Date.parse(adaNow.body.payload.attendee.checkinTime ?? '');
    expect(storedAt).toBeGreaterThanOrEqual(beforeA - 1000);
    expect(storedAt).toBeLessThanOrEqual(afterA + 1000);

    // Gate B syncs with "Sync now": told of the duplicate, naming Gate A and its time.
    await gateB.context.setOffline(false);
    await gateB.page.getByTestId('door-notices').filter({ hasText: '1 ticket was admitted twice' }).waitFor({
      timeout: 30_000,
    });
    await gateB.page
      .getByTestId('sync-summary')
      .filter({ hasText: /^Synced at \d\d:\d\d: 1 admission stored, 1 duplicate found\.$/ })
      .waitFor();
    await gateB.page.getByRole('button', { name: 'Review' }).click();
    const dialog = gateB.page.getByRole('dialog', { name: 'After the sync' });
    await dialog.getByText('Admitted twice: Ada Lovelace (Adult)').waitFor();
    await dialog
      .getByTestId('duplicate-first')
      .filter({ hasText: `First admitted at ${londonTime(new Date(storedAt).toISOString())} by Gate A.` })
      .waitFor();
    await expectSettledAccessible(gateB.page, 'the duplicates dialog');
    await gateB.page.screenshot({ path: '/tmp/door-duplicates-desktop.png' });

    // The API holds one check-in of Ada, still the earlier one (and Grace's, synced before, and Alan's).
    const statistics = await api<TCheckinStatistics>('GET', '/checkin/getStatistics', {
      token: admin.token,
      query: { eventId: event.id, date: new Date().toISOString().slice(0, 10) },
    });
    expect(statistics.body.payload.totalCheckinCount).toBe(3);
    const alanNow = await api<{ attendee: TAttendee }>('POST', '/checkin/scanByRegistrationId', {
      token: admin.token,
      body: { eventId: event.id, payload: alan.shortCode },
    });
    const alanAt = Date.parse(alanNow.body.payload.attendee.checkinTime ?? '');
    expect(alanAt).toBeGreaterThanOrEqual(beforeAlan - 1000);
    expect(alanAt).toBeLessThanOrEqual(afterAlan + 1000);
    const adaAfter = await api<{ attendee: TAttendee }>('POST', '/checkin/scanByRegistrationId', {
      token: admin.token,
      body: { eventId: event.id, payload: adaQr },
    });
    expect(adaAfter.body.payload.attendee.checkinTime).toBe(adaNow.body.payload.attendee.checkinTime);
    expect(adaAfter.body.payload.attendee.attendeeId).toBe(ada.attendeeId);

    // The duplicate stays until acknowledged, also across a reload.
    await gateB.page.keyboard.press('Escape');
    await gateB.page.reload();
    await gateB.page.getByTestId('door-notices').waitFor();
    await gateB.page.getByRole('button', { name: 'Review' }).click();
    await gateB.page.getByRole('button', { name: 'Acknowledge all' }).click();
    await gateB.page.getByTestId('door-notices').waitFor({ state: 'detached' });
    await gateA.context.close();
    await gateB.context.close();
  });

  it('a device updated from the earlier version sends the admissions and door actions it kept before', async () => {
    const seeded = await seedPublishedEvent();
    const { event, admin } = seeded;
    const { registration, ada, grace } = await bookTwo(seeded);
    const { context, page } = await newPage(browser, PHONE);
    await primeSession(page, admin.token, admin.user);
    // What the earlier version kept (docs/decisions/0075-one-offline-door.md): an admission made from
    // the list in IndexedDB's version 1, and a check-in tapped with no connection in local storage.
    await page.goto('/');
    await page.evaluate(
      ({ eventId, adaId, graceId, registrationId }) =>
        new Promise<void>((resolve, reject) => {
          const now = new Date().toISOString();
          localStorage.setItem(
            'clubtix.checkinQueue',
            JSON.stringify([
              {
                id: 'q1',
                eventId,
                queuedAt: now,
                label: 'Grace Hopper',
                kind: 'checkin',
                registrationId,
                attendeeId: graceId,
              },
            ]),
          );
          const open = indexedDB.open('clubtix-door', 1);
          open.onupgradeneeded = () => {
            const db = open.result;
            db.createObjectStore('lists', { keyPath: 'eventId' });
            db.createObjectStore('admissions', { keyPath: 'id' }).createIndex('eventId', 'eventId');
            db.createObjectStore('notices', { keyPath: 'id' }).createIndex('eventId', 'eventId');
            open.transaction?.objectStore('admissions').put({
              id: 'a1',
              eventId,
              attendeeId: adaId,
              at: now,
              name: 'Ada Lovelace',
              ticketName: 'Adult',
              syncedAt: null,
            });
          };
          open.onsuccess = () => {
            open.result.close();
            resolve();
          };
          open.onerror = () => reject(new Error('IndexedDB could not be opened'));
        }),
      {
        eventId: event.id,
        adaId: ada.attendeeId,
        graceId: grace.attendeeId,
        registrationId: registration.registrationId,
      },
    );
    await openDoor(page, event.id);
    // Both are sent along the one path: the check-in's answer in the history, the admission stored.
    await page.getByText('Checked in (sent later)').waitFor({ timeout: 30_000 });
    await page.getByTestId('queue-status').waitFor({ state: 'detached' });
    await expect
      .poll(
        async () =>
          (await registrationAsAdmin(admin, registration.registrationId)).attendees
            .filter((attendee) => attendee.checkinTime !== null)
            .map((attendee) => attendee.attendeeId)
            .sort(),
        { timeout: 30_000 },
      )
      .toEqual([ada.attendeeId, grace.attendeeId].sort());
    expect(await page.evaluate(() => localStorage.getItem('clubtix.checkinQueue'))).toBeNull();
    await context.close();
  });

  it('a door opened once but never prepared still opens offline, and says why it cannot check tickets', async () => {
    const seeded = await seedPublishedEvent();
    const { context, page } = await newPage(browser, PHONE);
    await primeSession(page, seeded.admin.token, seeded.admin.user);
    await openDoor(page, seeded.event.id);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
    await context.setOffline(true);
    await page.reload();
    await page.getByText('No connection, and this event was not prepared for offline use here').waitFor();
    await expectAccessible(page, 'an unprepared door offline');
    await context.close();
  });
});

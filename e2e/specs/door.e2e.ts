import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { formatShortCode } from '@clubtix/contract';
import type { Browser, Page } from 'playwright-core';
import QRCode from 'qrcode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookRefunded, bookTwo, londonTime } from '../door';
import { registrationAsAdmin, seedPublishedEvent, type SeededEvent } from '../fixtures';
import {
  DESKTOP,
  expectAccessible,
  launchBrowser,
  newPage,
  PHONE,
  primeSession,
  scanPhoto,
  waitForTitle,
  openEventScreen,
} from '../helpers';

/**
 * A video of a QR code held still in front of the camera, in the Y4M format Chromium's fake camera
 * plays in a loop: black modules on white, 8 pixels each, with the quiet zone around them.
 */
function qrVideo(text: string): Buffer {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const scale = 8;
  const margin = 4;
  const side = (modules.size + 2 * margin) * scale;
  const luma = Buffer.alloc(side * side, 235);
  for (let y = 0; y < side; y++) {
    for (let x = 0; x < side; x++) {
      const row = Math.floor(y / scale) - margin;
      const column = Math.floor(x / scale) - margin;
      const inside = row >= 0 && column >= 0 && row < modules.size && column < modules.size;
      if (inside && modules.get(row, column)) luma[y * side + x] = 16;
    }
  }
  // 4:2:0 chroma at half the size each way, all neutral grey: a black-and-white picture.
  const chroma = Buffer.alloc(2 * (side / 2) * (side / 2), 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
  return Buffer.concat([Buffer.from(`YUV4MPEG2 W${side} H${side} F10:1 Ip A1:1 C420jpeg\n`), frame, frame]);
}

const SHOTS = '/tmp/shots-35/door';

/** An answer to the shirt size question, which is not marked to show at check-in. */
const notShownAtDoor = (seeded: SeededEvent) => ({ [seeded.shirt.id]: 'Large' });

async function openStatistics(page: Page, eventId: string): Promise<void> {
  await page.goto(`/event/${eventId}/statistics`);
  await waitForTitle(page, 'Statistics | ClubTix');
}

describe('staff check tickets in at the door', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser.close());

  it('scans a ticket photo, checks it in once, is told of a second scan, and the statistics move', async () => {
    const seeded = await seedPublishedEvent();
    const { event, admin } = seeded;
    const { registration, ada, adaQr: qrText } = await bookTwo(seeded, notShownAtDoor(seeded));
    const { context, page } = await newPage(browser, PHONE);
    await primeSession(page, admin.token, admin.user);

    // One booking of two: one registration (docs/product.md section 3), two attendees to check in.
    await openStatistics(page, event.id);
    await page.getByTestId('total-registrations').filter({ hasText: /^1$/ }).waitFor();
    await page.getByText('2 attendees', { exact: true }).waitFor();
    await page.getByTestId('total-checkins').filter({ hasText: /^0$/ }).waitFor();

    await page.goto(`/event/${event.id}/checkin`);
    await waitForTitle(page, 'Check-in | ClubTix');
    await page.getByTestId('event-title').filter({ hasText: event.title }).waitFor();

    await scanPhoto(page, qrText);
    const result = page.getByTestId('scan-result');
    const state = page.getByTestId('scan-state');
    await state.filter({ hasText: /^Ready to check in$/ }).waitFor();
    await result.getByTestId('attendee-name').filter({ hasText: 'Ada Lovelace' }).waitFor();
    await result.getByTestId('ticket-name').filter({ hasText: 'Adult' }).waitFor();
    // The answers the admin marked to show at check-in come with the ticket, the booking's first;
    // the shirt size, answered but not marked, stays off the door's card.
    await result.getByText('How did you hear about us?: A friend').waitFor();
    await result.getByText('Dietary needs: None').waitFor();
    expect(await result.getByLabel('Answers').innerText()).toBe(
      'How did you hear about us?: A friend\nDietary needs: None',
    );
    expect(await result.getByText('Large').count()).toBe(0);

    await result.getByRole('button', { name: 'Check in' }).click();
    await state.filter({ hasText: /^Checked in$/ }).waitFor();
    await result.getByRole('button', { name: 'Undo check-in' }).waitFor();

    const checkedIn = (await registrationAsAdmin(admin, registration.registrationId)).attendees;
    expect(checkedIn.find((attendee) => attendee.attendeeId === ada.attendeeId)!.answers).toMatchObject({
      [seeded.shirt.id]: 'Large',
    });
    const checkinTime = checkedIn.find((attendee) => attendee.attendeeId === ada.attendeeId)!.checkinTime;
    expect(checkinTime).not.toBeNull();
    expect(checkedIn.filter((attendee) => attendee.checkinTime !== null)).toHaveLength(1);

    // The same ticket again: refused, with the time of the first check-in.
    await scanPhoto(page, qrText);
    await state.filter({ hasText: `Already checked in at ${londonTime(checkinTime!)}` }).waitFor();
    expect(await state.innerText()).toBe(`Already checked in at ${londonTime(checkinTime!)}`);
    await result.getByTestId('attendee-name').filter({ hasText: 'Ada Lovelace' }).waitFor();
    await result.getByRole('button', { name: 'Check in' }).waitFor({ state: 'detached' });

    await openEventScreen(page, 'Statistics');
    await waitForTitle(page, 'Statistics | ClubTix');
    await page.getByTestId('total-registrations').filter({ hasText: /^1$/ }).waitFor();
    await page.getByTestId('total-checkins').filter({ hasText: /^1$/ }).waitFor();
    await page.getByText('50% of attendees · 1 still to come', { exact: true }).waitFor();
    await page.getByTestId('historical-registrations').filter({ hasText: /^1$/ }).waitFor();
    await page.getByTestId('historical-checkins').filter({ hasText: /^1$/ }).waitFor();
    const after = (await registrationAsAdmin(admin, registration.registrationId)).attendees;
    expect(after.filter((attendee) => attendee.checkinTime !== null)).toHaveLength(1);
    await context.close();
  });

  it('undoes a check-in made by mistake, and the ticket can be checked in again', async () => {
    const seeded = await seedPublishedEvent();
    const { event, admin } = seeded;
    const { adaQr: qrText } = await bookTwo(seeded, notShownAtDoor(seeded));
    const { context, page } = await newPage(browser, PHONE);
    await primeSession(page, admin.token, admin.user);
    await page.goto(`/event/${event.id}/checkin`);
    await waitForTitle(page, 'Check-in | ClubTix');

    await scanPhoto(page, qrText);
    const result = page.getByTestId('scan-result');
    const state = page.getByTestId('scan-state');
    await state.filter({ hasText: /^Ready to check in$/ }).waitFor();
    await result.getByRole('button', { name: 'Check in' }).click();
    await state.filter({ hasText: /^Checked in$/ }).waitFor();
    await result.getByRole('button', { name: 'Undo check-in' }).click();
    await state.filter({ hasText: /^Ready to check in$/ }).waitFor();

    await openStatistics(page, event.id);
    await page.getByTestId('total-checkins').filter({ hasText: /^0$/ }).waitFor();

    await page.goto(`/event/${event.id}/checkin`);
    await waitForTitle(page, 'Check-in | ClubTix');
    await scanPhoto(page, qrText);
    await state.filter({ hasText: /^Ready to check in$/ }).waitFor();
    await context.close();
  });

  it('keeps the door going with the Wi-Fi down: a ticket is checked in only when staff say so, once back online', async () => {
    const seeded = await seedPublishedEvent();
    const { event, admin } = seeded;
    const { registration, ada, adaQr: qrText } = await bookTwo(seeded, notShownAtDoor(seeded));
    const { context, page } = await newPage(browser, PHONE);
    await primeSession(page, admin.token, admin.user);
    await page.goto(`/event/${event.id}/checkin`);
    await waitForTitle(page, 'Check-in | ClubTix');
    await page.getByTestId('event-title').filter({ hasText: event.title }).waitFor();
    const checkedIn = async () =>
      (await registrationAsAdmin(admin, registration.registrationId)).attendees.filter(
        (attendee) => attendee.checkinTime !== null,
      );

    await context.setOffline(true);
    await page.getByTestId('queue-status').filter({ hasText: 'Offline. Scans will be kept on this device.' }).waitFor();
    // "Check in on scan" is off: a ticket that cannot be looked up is not checked in behind staff's back.
    await scanPhoto(page, qrText);
    const result = page.getByTestId('scan-result');
    const state = page.getByTestId('scan-state');
    await state.filter({ hasText: /^No connection — ticket not read$/ }).waitFor();
    await context.setOffline(false);
    await page.getByTestId('queue-status').waitFor({ state: 'detached' });
    expect(await checkedIn()).toHaveLength(0);

    // Staff choose to let the person in: the check-in is kept and sent once the server is reachable.
    await context.setOffline(true);
    await scanPhoto(page, qrText);
    await state.filter({ hasText: /^No connection — ticket not read$/ }).waitFor();
    await result.getByRole('button', { name: 'Check in when back online' }).click();
    await state.filter({ hasText: /^No connection — check-in saved, will retry$/ }).waitFor();
    await page.getByTestId('queue-status').filter({ hasText: 'Offline. Waiting to send: 1' }).waitFor();
    expect(await checkedIn()).toHaveLength(0);

    await context.setOffline(false);
    // The card says what the server answered, in place of "No connection".
    await state.filter({ hasText: /^Checked in$/ }).waitFor();
    await result.getByText('Sent when the connection came back.').waitFor();
    await page.getByTestId('queue-status').waitFor({ state: 'detached' });
    expect((await checkedIn()).map((attendee) => attendee.attendeeId)).toEqual([ada.attendeeId]);
    await context.close();
  });

  it('says a refunded ticket is cancelled, refunded and when, at the top of a phone in English and a desktop in German', async () => {
    mkdirSync(SHOTS, { recursive: true });
    const seeded = await seedPublishedEvent();
    const { event, admin } = seeded;
    const { registration: ritaBooking, rita, ritaQr, refundedAt } = await bookRefunded(seeded);
    const at = londonTime(refundedAt);
    const cases = [
      {
        viewport: PHONE,
        language: 'en',
        payload: ritaQr,
        title: 'Cancelled: refunded',
        detail: `Refunded at ${at}. Do not admit.`,
        field: 'Scan or type a code',
        camera: 'Start camera',
        shot: 'phone-en',
      },
      {
        viewport: DESKTOP,
        language: 'de',
        payload: formatShortCode(rita.shortCode),
        title: 'Storniert: erstattet',
        detail: `Erstattet am ${at}. Nicht einlassen.`,
        field: 'Code scannen oder eingeben',
        camera: 'Kamera starten',
        shot: 'desktop-de',
      },
    ];
    for (const shown of cases) {
      const { context, page } = await newPage(browser, shown.viewport);
      await primeSession(page, admin.token, admin.user);
      await page.evaluate((language) => localStorage.setItem('clubtix.language', language), shown.language);
      await page.goto(`/event/${event.id}/checkin`);
      await page.getByTestId('event-title').filter({ hasText: event.title }).waitFor();
      // "Check in on scan" on: a cancelled ticket is still refused, never checked in.
      await page.getByRole('switch').check();
      const field = page.getByLabel(shown.field);
      await field.fill(shown.payload);
      await field.press('Enter');
      const result = page.getByTestId('scan-result');
      await page
        .getByTestId('scan-state')
        .filter({ hasText: new RegExp(`^${shown.title}$`) })
        .waitFor();
      await result.getByText(shown.detail, { exact: true }).waitFor();
      expect(await result.getAttribute('data-tone')).toBe('red');
      expect(await result.textContent()).not.toMatch(/Could not read|Code konnte nicht|Ticket not found|Unknown code/);
      // The answer above the code field and the camera's controls, at the top of the screen.
      const card = (await result.boundingBox())!;
      const fieldBox = (await field.boundingBox())!;
      const cameraBox = (await page.getByRole('button', { name: shown.camera }).boundingBox())!;
      expect(card.y + card.height).toBeLessThanOrEqual(fieldBox.y);
      expect(card.y + card.height).toBeLessThanOrEqual(cameraBox.y);
      expect(card.y + card.height).toBeLessThanOrEqual(shown.viewport.height);
      await expectAccessible(page, `a refunded ticket refused online (${shown.shot})`);
      await page.screenshot({ path: `${SHOTS}/door-refunded-online-${shown.shot}.png` });
      await context.close();
    }
    const checkedIn = await registrationAsAdmin(admin, ritaBooking.registrationId);
    expect(checkedIn.attendees.map((attendee) => attendee.checkinTime)).toEqual([null]);
  });

  it("reads a ticket held up to the camera (Chromium's fake camera playing the QR code)", async () => {
    const seeded = await seedPublishedEvent();
    const { event, admin } = seeded;
    const { adaQr: qrText } = await bookTwo(seeded, notShownAtDoor(seeded));
    const folder = mkdtempSync(path.join(tmpdir(), 'clubtix-camera-'));
    const video = path.join(folder, 'ticket.y4m');
    writeFileSync(video, qrVideo(qrText));
    const cameraBrowser = await launchBrowser([
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ]);
    try {
      const { page } = await newPage(cameraBrowser, PHONE);
      await primeSession(page, admin.token, admin.user);
      await page.goto(`/event/${event.id}/checkin`);
      await waitForTitle(page, 'Check-in | ClubTix');
      await page.getByRole('switch', { name: 'Check in on scan' }).check();
      await page.getByRole('button', { name: 'Start camera' }).click();
      await page.getByText('Camera on: hold a QR code in front of it.', { exact: false }).waitFor();

      // With "Check in on scan" on, the ticket in front of the camera is checked in by itself.
      const state = page.getByTestId('scan-state');
      await state.filter({ hasText: /^Checked in$/ }).waitFor();
      await page.getByTestId('scan-result').getByTestId('attendee-name').filter({ hasText: 'Ada Lovelace' }).waitFor();
      await page.getByRole('button', { name: 'Stop camera' }).click();
      await page.getByRole('button', { name: 'Start camera' }).waitFor();

      await openStatistics(page, event.id);
      await page.getByTestId('total-checkins').filter({ hasText: /^1$/ }).waitFor();
    } finally {
      await cameraBrowser.close();
      rmSync(folder, { recursive: true, force: true });
    }
  });
});

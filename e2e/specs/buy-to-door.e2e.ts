import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatShortCode, type TAttendee, type TRegistration } from '@clubtix/contract';
import { decodeQrPng } from '../../apps/api/test/smtp-listener';
import { londonTime } from '../door';
import { ordersAsAdmin, registrationAsAdmin, seedPublishedEvent, type SeededEvent } from '../fixtures';
import {
  expectSettledAccessible,
  launchBrowser,
  mailsTo,
  newPage,
  PHONE,
  primeSession,
  unique,
  waitForTitle,
} from '../helpers';
import { bookOneAdultToCheckout } from '../buying';

/** What the QR viewer says for a link whose ids do not belong together (qr-viewer-page.tsx). */
const TICKET_NOT_FOUND = 'This ticket could not be found';

/**
 * One ticket followed from the buyer's phone to the door, as the issue tells it: bought in the
 * browser, kept as a screenshot of the success page's QR code, mailed, opened from the mail, and
 * that very screenshot scanned by staff. The other specs cover each piece with tickets made
 * through the API; here each step uses what the previous one produced.
 */
describe('a ticket bought on a phone is the one that gets its holder in', () => {
  let browser: Browser;
  let buyerContext: BrowserContext;
  let success: Page;
  let seeded: SeededEvent;
  let registration: TRegistration;
  let ada: TAttendee;
  let qrText: string;
  let folder: string;
  let screenshot: string;
  const buyer = `${unique('ada')}@example.org`;

  beforeAll(async () => {
    browser = await launchBrowser();
    seeded = await seedPublishedEvent();
    folder = mkdtempSync(path.join(tmpdir(), 'clubtix-journey-'));
    screenshot = path.join(folder, 'ticket-screenshot.png');
  });
  afterAll(async () => {
    await browser.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it('buys one ticket on a phone and keeps a screenshot of its QR code', async () => {
    const { event } = seeded;
    ({ context: buyerContext, page: success } = await newPage(browser, PHONE));
    const page = success;
    await bookOneAdultToCheckout(page, event.slug, {
      buyer,
      firstName: 'Ada',
      lastName: 'Lovelace',
      dietaryNeeds: 'Vegetarian',
      heardFrom: 'A friend',
    });
    await page
      .getByRole('region', { name: 'Your order' })
      .getByTestId('order-total')
      .filter({ hasText: '£25' })
      .waitFor();
    const card = page.getByTestId('test-card-form');
    await card.getByLabel('Card number').fill('4242 4242 4242 4242');
    await card.getByRole('button', { name: 'Pay £25' }).click();

    await page.waitForURL(`**/${event.slug}/success`);
    await waitForTitle(page, 'Registration Success | ClubTix');
    await page.getByText('Your registration is confirmed.').waitFor();
    const [order] = await ordersAsAdmin(seeded.admin, event.id);
    registration = await registrationAsAdmin(seeded.admin, order!.registrationId);
    ada = registration.attendees[0]!;
    qrText = JSON.stringify({ r: registration.registrationId, a: ada.attendeeId, q: registration.qrUuid });

    // What a buyer does to keep a ticket on the phone: a screenshot of the code, nothing more.
    const qr = page.getByRole('img', { name: "QR code of Ada Lovelace's ticket" });
    await qr.screenshot({ path: screenshot });
    // Under the QR, the short code to type at the door if the QR will not scan.
    await page
      .getByTestId('ticket-code')
      .filter({ hasText: formatShortCode(ada.shortCode) })
      .waitFor();
    await expectSettledAccessible(page, 'the success page with the ticket code');
  });

  it('finds the ticket in the mail, opens its link, and can print it with the QR code alone', async () => {
    await expect.poll(() => mailsTo(buyer).then((mails) => mails.length), { timeout: 30_000 }).toBe(1);
    const [mail] = await mailsTo(buyer);
    expect(mail!.subject).toBe(`Your ticket for ${seeded.event.title}`);
    const images = mail!.attachments.filter((attachment) => attachment.contentType === 'image/png');
    expect(images).toHaveLength(1);
    expect(String(mail!.html)).toContain(`cid:${images[0]!.cid}`);
    expect(await decodeQrPng(images[0]!.content)).toBe(qrText);
    expect(mail!.text).toContain(`Ticket code: ${formatShortCode(ada.shortCode)}`);
    expect(String(mail!.html)).toContain(formatShortCode(ada.shortCode));
    const link = /<a href="([^"]+)">Open this QR code in your browser<\/a>/.exec(String(mail!.html))?.[1];
    expect(link).toBeDefined();

    // Clicked in the mail app: the ticket opens in a new tab of the same phone's browser.
    const viewer = await buyerContext.newPage();
    await viewer.goto(link!);
    await waitForTitle(viewer, 'QR Code | ClubTix');
    await viewer.getByRole('heading', { level: 1, name: 'Ada Lovelace' }).waitFor();
    await viewer.getByTestId('qr-event-title').filter({ hasText: seeded.event.title }).waitFor();
    const big = viewer.getByRole('img', { name: "QR code of Ada Lovelace's ticket" });
    expect(await big.getAttribute('data-qr-content')).toBe(qrText);
    await viewer
      .getByTestId('ticket-code')
      .filter({ hasText: formatShortCode(ada.shortCode) })
      .waitFor();
    await expectSettledAccessible(viewer, 'the ticket viewer with the ticket code');

    // On paper: the ticket and its code, without the site's header or the button.
    // The quiet header of the buyer pages (docs/decisions/0023-buyer-pages.md) has no navigation.
    const header = viewer.getByRole('banner', { includeHidden: true });
    const print = viewer.getByRole('button', { name: 'Print ticket', includeHidden: true });
    expect([await header.isVisible(), await print.isVisible()]).toEqual([true, true]);
    await viewer.emulateMedia({ media: 'print' });
    expect([await header.isVisible(), await print.isVisible()]).toEqual([false, false]);
    expect(await big.isVisible()).toBe(true);
    expect((await big.boundingBox())!.width).toBeGreaterThan(200);
    await viewer.emulateMedia({ media: 'screen' });

    // The same link with another attendee's or another event's id shows nothing of the ticket.
    const url = new URL(link!);
    for (const wrong of [
      url.pathname.replace(ada.attendeeId, randomUUID()),
      url.pathname.replace(seeded.event.id, randomUUID()),
    ]) {
      expect(wrong).not.toBe(url.pathname);
      await viewer.goto(new URL(wrong, url).href);
      await viewer.getByText(TICKET_NOT_FOUND, { exact: true }).waitFor();
      expect(await viewer.getByTestId('ticket-qr').count()).toBe(0);
      expect(await viewer.getByText('Ada Lovelace').count()).toBe(0);
    }
    await viewer.close();
  });

  it('is let in at the door from that screenshot, once, and the statistics count it', async () => {
    const { event, admin } = seeded;
    const { context, page } = await newPage(browser, PHONE);
    await primeSession(page, admin.token, admin.user);
    await page.goto(`/event/${event.id}/checkin`);
    await waitForTitle(page, 'Check-in | ClubTix');
    await page.getByTestId('event-title').filter({ hasText: event.title }).waitFor();
    const scanScreenshot = () => page.getByLabel('Scan a photo').setInputFiles(screenshot);

    await scanScreenshot();
    const result = page.getByTestId('scan-result');
    const state = page.getByTestId('scan-state');
    await state.filter({ hasText: /^Ready to check in$/ }).waitFor();
    await result.getByTestId('attendee-name').filter({ hasText: 'Ada Lovelace' }).waitFor();
    await result.getByRole('button', { name: 'Check in' }).click();
    await state.filter({ hasText: /^Checked in$/ }).waitFor();

    const [checkedIn] = (await registrationAsAdmin(admin, registration.registrationId)).attendees;
    expect(checkedIn!.checkinTime).not.toBeNull();
    await scanScreenshot();
    const alreadyIn = `Already checked in at ${londonTime(checkedIn!.checkinTime!)}`;
    await state.filter({ hasText: alreadyIn }).waitFor();
    await result.getByRole('button', { name: 'Check in' }).waitFor({ state: 'detached' });

    // The short code typed by hand, in lower case with a space for the dash, finds the same ticket.
    const field = page.getByLabel('Scan or type a code');
    await field.fill('not a code');
    await field.press('Enter');
    await result.getByTestId('attendee-name').waitFor({ state: 'detached' });
    const code = ada.shortCode.toLowerCase();
    await field.fill(`${code.slice(0, 4)} ${code.slice(4)}`);
    await field.press('Enter');
    await result.getByTestId('attendee-name').filter({ hasText: 'Ada Lovelace' }).waitFor();
    await state.filter({ hasText: alreadyIn }).waitFor();

    await page.goto(`/event/${event.id}/statistics`);
    await waitForTitle(page, 'Statistics | ClubTix');
    await page.getByTestId('total-registrations').filter({ hasText: /^1$/ }).waitFor();
    await page.getByTestId('total-checkins').filter({ hasText: /^1$/ }).waitFor();
    await context.close();
  });

  it('adds the event to the calendar from the success page', async () => {
    const [download] = await Promise.all([
      success.waitForEvent('download'),
      success.getByRole('link', { name: 'Add to calendar' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`${seeded.event.slug}.ics`);
    const ics = await readFile(await download.path(), 'utf8');
    expect(ics).toContain('BEGIN:VEVENT');
    expect(ics).toContain(`SUMMARY:${seeded.event.title}`);
    await buyerContext.close();
  });
});

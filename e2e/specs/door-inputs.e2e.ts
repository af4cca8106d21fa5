import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookTwo, londonTime } from '../door';
import { registrationAsAdmin, seedPublishedEvent, type SeededEvent } from '../fixtures';
import {
  launchBrowser,
  newPage,
  PHONE,
  primeSession,
  seriousA11yViolations,
  waitForTitle,
  openEventScreen,
} from '../helpers';

async function openDoor(page: Page, eventId: string, title: string): Promise<void> {
  await page.goto(`/event/${eventId}/checkin`);
  await waitForTitle(page, 'Check-in | ClubTix');
  await page.getByTestId('event-title').filter({ hasText: title }).waitFor();
}

const isFocused = (field: Locator) => field.evaluate((element) => element === document.activeElement);

/** What a USB or Bluetooth scanner does: types the QR text into whatever has the focus, then Enter. */
async function scanWithKeyboardScanner(page: Page, qrText: string): Promise<void> {
  await page.keyboard.type(qrText);
  await page.keyboard.press('Enter');
}

/** The checked-in attendees of a registration, as its admin reads them. */
async function checkedInOf(seeded: SeededEvent, registrationId: string) {
  const { attendees } = await registrationAsAdmin(seeded.admin, registrationId);
  return attendees.filter((attendee) => attendee.checkinTime !== null);
}

describe('the door reads tickets from a keyboard scanner, a search and the wrong event', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser.close());

  it('reads a ticket a USB scanner types in, checks it in, and says when it comes again', async () => {
    const seeded = await seedPublishedEvent();
    const { event, admin } = seeded;
    const { registration, ada, adaQr } = await bookTwo(seeded);
    const { context, page } = await newPage(browser, PHONE);
    await primeSession(page, admin.token, admin.user);
    await openDoor(page, event.id, event.title);

    // The scanner types wherever the focus is: the page opens with it in the code field.
    const field = page.getByLabel('Scan or type a code');
    await expect.poll(() => isFocused(field)).toBe(true);
    // "Check in on scan" is off unless staff turn it on: a scan shows the ticket, staff decide.
    expect(await page.getByRole('switch', { name: 'Check in on scan' }).isChecked()).toBe(false);

    await scanWithKeyboardScanner(page, adaQr);
    const result = page.getByTestId('scan-result');
    const state = page.getByTestId('scan-state');
    await state.filter({ hasText: /^Ready to check in$/ }).waitFor();
    await result
      .getByTestId('attendee-name')
      .filter({ hasText: /^Ada Lovelace$/ })
      .waitFor();
    await result
      .getByTestId('ticket-name')
      .filter({ hasText: /^Adult$/ })
      .waitFor();
    // The field has emptied itself for the next ticket, and nobody was checked in by the scan alone.
    expect(await field.inputValue()).toBe('');
    expect(await checkedInOf(seeded, registration.registrationId)).toHaveLength(0);

    await result.getByRole('button', { name: 'Check in' }).click();
    await state.filter({ hasText: /^Checked in$/ }).waitFor();
    await result.getByRole('button', { name: 'Undo check-in' }).waitFor();
    const checkedIn = await checkedInOf(seeded, registration.registrationId);
    expect(checkedIn.map((attendee) => attendee.attendeeId)).toEqual([ada.attendeeId]);
    const at = londonTime(checkedIn[0]!.checkinTime!);

    // Tapping "Check in" took the focus: it is given back so the next scan lands in the field.
    await expect.poll(() => isFocused(field)).toBe(true);
    await scanWithKeyboardScanner(page, adaQr);
    await state.filter({ hasText: `Already checked in at ${at}` }).waitFor();
    expect(await state.innerText()).toBe(`Already checked in at ${at}`);
    expect(await result.getAttribute('data-tone')).toBe('orange');
    await result
      .getByTestId('attendee-name')
      .filter({ hasText: /^Ada Lovelace$/ })
      .waitFor();
    await result.getByRole('button', { name: 'Check in' }).waitFor({ state: 'detached' });

    // The door's short history tells the staff member what each of the three moments did.
    const recent = page.getByRole('region', { name: 'Recent scans' }).getByRole('listitem');
    await recent.filter({ hasText: `Ada Lovelace — Already checked in at ${at}` }).waitFor();
    await recent.filter({ hasText: 'Ada Lovelace — Checked in' }).waitFor();
    await recent.filter({ hasText: 'Ada Lovelace — Ready to check in' }).waitFor();
    expect(await checkedInOf(seeded, registration.registrationId)).toHaveLength(1);
    await context.close();
  });

  it('finds a guest without their QR by family name or e-mail and checks them in from the result', async () => {
    const seeded = await seedPublishedEvent();
    const { event, admin } = seeded;
    const { registration, grace, graceQr } = await bookTwo(seeded);
    const { context, page } = await newPage(browser, PHONE);
    await primeSession(page, admin.token, admin.user);
    await openDoor(page, event.id, event.title);

    const search = page.getByRole('searchbox', { name: 'Search attendees' });
    const matches = page.getByRole('list', { name: 'Matching attendees' });
    // By e-mail: Grace's own address finds her alone (Ada's, the booking's, would find both).
    await search.fill(grace.email!.split('@')[0]!);
    await matches.getByRole('button', { name: /Grace Hopper/ }).waitFor();
    expect(await matches.getByRole('button').count()).toBe(1);

    // By part of the family name: Grace alone, not yet in.
    await search.fill('hopp');
    const graceRow = matches.getByRole('button', { name: /Grace Hopper/ });
    await graceRow.filter({ hasText: 'Not checked in' }).waitFor();
    await graceRow.filter({ hasText: grace.email! }).waitFor();
    await matches.getByRole('button', { name: /Ada Lovelace/ }).waitFor({ state: 'detached' });
    await graceRow.click();

    // The pick shows as a scan would, and the search is emptied for the next guest.
    const result = page.getByTestId('scan-result');
    const state = page.getByTestId('scan-state');
    await state.filter({ hasText: /^Ready to check in$/ }).waitFor();
    await result
      .getByTestId('attendee-name')
      .filter({ hasText: /^Grace Hopper$/ })
      .waitFor();
    await result
      .getByTestId('ticket-name')
      .filter({ hasText: /^Adult$/ })
      .waitFor();
    expect(await search.inputValue()).toBe('');
    await matches.waitFor({ state: 'detached' });

    await result.getByRole('button', { name: 'Check in' }).click();
    await state.filter({ hasText: /^Checked in$/ }).waitFor();
    // At a desk (a mouse: a fine pointer) the next guest's USB scan goes to the code field again.
    await expect.poll(() => isFocused(page.getByLabel('Scan or type a code'))).toBe(true);
    const checkedIn = await checkedInOf(seeded, registration.registrationId);
    expect(checkedIn.map((attendee) => attendee.attendeeId)).toEqual([grace.attendeeId]);
    const at = londonTime(checkedIn[0]!.checkinTime!);

    // Searching again reads the new state, not the answer cached from before the check-in.
    await search.fill('hopp');
    await graceRow.filter({ hasText: `In at ${at}` }).waitFor();
    // Axe's colour-contrast check covers the orange "In at" badge (Mantine's own orange reads at 3.6:1).
    expect(await seriousA11yViolations(page)).toEqual([]);
    // And her ticket, scanned later, is refused with the time she came in.
    await page.getByLabel('Scan or type a code').fill(graceQr);
    await page.getByRole('button', { name: 'Read' }).click();
    await state.filter({ hasText: `Already checked in at ${at}` }).waitFor();
    await result
      .getByTestId('attendee-name')
      .filter({ hasText: /^Grace Hopper$/ })
      .waitFor();
    await result.getByRole('button', { name: 'Check in' }).waitFor({ state: 'detached' });

    await openEventScreen(page, 'Statistics');
    await waitForTitle(page, 'Statistics | ClubTix');
    await page.getByTestId('total-checkins').filter({ hasText: /^1$/ }).waitFor();
    await page.getByText('50% of attendees · 1 still to come', { exact: true }).waitFor();
    await context.close();
  });

  it("refuses a ticket for the club's other event, naming that event, with nothing to check in", async () => {
    const door = await seedPublishedEvent();
    const other = await seedPublishedEvent(door.admin);
    const { registration, adaQr } = await bookTwo(other);
    const { context, page } = await newPage(browser, PHONE);
    await primeSession(page, door.admin.token, door.admin.user);
    await openDoor(page, door.event.id, door.event.title);

    const field = page.getByLabel('Scan or type a code');
    await expect.poll(() => isFocused(field)).toBe(true);
    await scanWithKeyboardScanner(page, adaQr);
    const result = page.getByTestId('scan-result');
    const state = page.getByTestId('scan-state');
    await state.filter({ hasText: /^Wrong event$/ }).waitFor();
    expect(await result.getAttribute('data-tone')).toBe('red');
    await result.getByText(`This ticket is for ${other.event.title}`, { exact: true }).waitFor();
    // Nothing about the guest, and no way to let them in at this door.
    expect(await result.getByTestId('attendee-name').count()).toBe(0);
    expect(await result.getByRole('button').count()).toBe(0);
    await page
      .getByRole('region', { name: 'Recent scans' })
      .getByRole('listitem')
      .filter({ hasText: 'Ticket — Wrong event' })
      .waitFor();

    expect(await checkedInOf(other, registration.registrationId)).toHaveLength(0);
    await context.close();
  });
});

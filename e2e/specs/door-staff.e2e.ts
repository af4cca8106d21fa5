import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookTwo } from '../door';
import { registrationAsAdmin, seedPublishedEvent, type SeededEvent } from '../fixtures';
import {
  closeToasts,
  DESKTOP,
  expectSettledAccessible,
  launchBrowser,
  newPage,
  PHONE,
  primeSession,
  scanPhoto,
  unique,
  waitForTitle,
} from '../helpers';

/**
 * Every answer of 403 and every console line that mentions one: the API refuses door staff every
 * admin call but the door's (docs/product.md section 20), so the pages staff see must never make one.
 */
function watchRefusals(page: Page): string[] {
  const refusals: string[] = [];
  page.on('response', (response) => {
    if (response.status() === 403) refusals.push(`403 ${response.url()}`);
  });
  page.on('console', (message) => {
    if (message.text().includes('403')) refusals.push(`console: ${message.text()}`);
  });
  return refusals;
}

/** Picks an event in the Team dialog's events picker and closes its list. */
async function pickEvent(page: Page, title: string): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Add door staff' });
  await dialog.getByLabel('Events they work', { exact: true }).click();
  await page.getByRole('option', { name: title }).click();
  // Clicking another field closes the list (Escape would close the whole dialog).
  await dialog.getByLabel('Name').click();
  await page.getByRole('listbox').waitFor({ state: 'hidden' });
}

/** The e-mail and password the Copy button put on the clipboard, as the admin would paste them. */
async function copiedCredentials(page: Page): Promise<{ email: string; password: string }> {
  const text = await page.evaluate(() => navigator.clipboard.readText());
  const email = /^E-mail: (.+)$/m.exec(text)?.[1];
  const password = /^Password: (.+)$/m.exec(text)?.[1];
  if (!email || !password) throw new Error(`Unexpected clipboard text: ${text}`);
  return { email, password };
}

describe('door staff: made on the Team page, working only the door of their event', () => {
  let browser: Browser;
  let seeded: SeededEvent;
  let otherEvent: SeededEvent;
  beforeAll(async () => {
    browser = await launchBrowser();
    seeded = await seedPublishedEvent();
    // A second event of the same club, which the staff member does not work.
    otherEvent = await seedPublishedEvent(seeded.admin);
  });
  afterAll(async () => browser.close());

  it.each([
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ])(
    'an admin adds door staff for one event; they sign in from a check-in link and work it (%s)',
    async (_, viewport) => {
      const { event, admin } = seeded;
      const { registration, ada, adaQr } = await bookTwo(seeded);

      // The admin: from the dashboard to the Team page.
      const adminSide = await newPage(browser, viewport);
      await adminSide.context.grantPermissions(['clipboard-read', 'clipboard-write']);
      const teamPage = adminSide.page;
      await primeSession(teamPage, admin.token, admin.user);
      await teamPage.goto('/dashboard/admin');
      // The header links the Team page where it has room; a phone has it on the dashboard.
      const teamInMenu = teamPage.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Team' });
      await teamPage.getByRole('link', { name: 'Team and door staff' }).waitFor();
      expect(await teamInMenu.count()).toBe(viewport === DESKTOP ? 1 : 0);
      await teamPage.getByRole('link', { name: 'Team and door staff' }).click();
      await waitForTitle(teamPage, 'Team | ClubTix');
      await teamPage.getByTestId('team-member').first().waitFor();
      await expectSettledAccessible(teamPage, `the Team page (${viewport.width}px)`);

      await teamPage.getByRole('button', { name: 'Add door staff' }).click();
      const dialog = teamPage.getByRole('dialog', { name: 'Add door staff' });
      await dialog.getByLabel('Name').fill('Dora Door');
      // An address already taken is said on the E-mail field, and nothing is made.
      await dialog.getByLabel('E-mail').fill(admin.user.email);
      await pickEvent(teamPage, event.title);
      await expectSettledAccessible(teamPage, `the Add door staff dialog (${viewport.width}px)`);
      await dialog.getByRole('button', { name: 'Add door staff' }).click();
      await dialog.getByText('An account with this e-mail already exists').waitFor();
      expect(await dialog.getByLabel('E-mail').getAttribute('aria-invalid')).toBe('true');

      const staffEmail = `${unique('dora')}@example.org`;
      await dialog.getByLabel('E-mail').fill(staffEmail);
      await dialog.getByRole('button', { name: 'Add door staff' }).click();
      const shown = teamPage.getByRole('dialog', { name: 'Password made' });
      await shown.getByTestId('generated-password').waitFor();
      await shown.getByRole('button', { name: 'Copy credentials' }).click();
      await shown.getByRole('button', { name: 'Copied' }).waitFor();
      const credentials = await copiedCredentials(teamPage);
      expect(credentials).toEqual({
        email: staffEmail,
        password: await shown.getByTestId('generated-password').innerText(),
      });
      await expectSettledAccessible(teamPage, `the password shown once (${viewport.width}px)`);
      await shown.getByRole('button', { name: 'Done' }).click();
      await shown.waitFor({ state: 'hidden' });
      const row = teamPage.getByTestId('team-member').filter({ hasText: staffEmail });
      await row.getByText('Door staff', { exact: true }).waitFor();
      await row.getByTestId('member-events').filter({ hasText: event.title }).waitFor();

      // The staff member, in a browser of their own, follows a check-in link.
      const staffSide = await newPage(browser, viewport);
      const door = staffSide.page;
      const refusals = watchRefusals(door);
      const checkin = `/event/${event.id}/checkin`;
      await door.goto(checkin);
      await door.waitForURL(`**/signin?redirect=${encodeURIComponent(checkin)}`);
      await door.getByLabel('E-mail', { exact: true }).fill(credentials.email);
      await door.getByLabel('Password', { exact: true }).fill(credentials.password);
      await door.getByRole('button', { name: 'Sign in' }).click();
      await door.waitForURL(`**${checkin}`);
      await waitForTitle(door, 'Check-in | ClubTix');
      await door.getByTestId('event-title').filter({ hasText: event.title }).waitFor();

      await scanPhoto(door, adaQr);
      const result = door.getByTestId('scan-result');
      await result.getByTestId('attendee-name').filter({ hasText: 'Ada Lovelace' }).waitFor();
      await result.getByRole('button', { name: 'Check in' }).click();
      await door
        .getByTestId('scan-state')
        .filter({ hasText: /^Checked in$/ })
        .waitFor();
      const attendees = (await registrationAsAdmin(admin, registration.registrationId)).attendees;
      expect(attendees.find((attendee) => attendee.attendeeId === ada.attendeeId)!.checkinTime).not.toBeNull();

      // Their home lists the events they work, this one only, with the door's three screens.
      await door.getByRole('link', { name: 'Dashboard' }).click();
      await door.waitForURL('**/dashboard/staff');
      await waitForTitle(door, 'Door Staff Dashboard | ClubTix');
      const cards = door.getByTestId('staff-event');
      await cards.first().waitFor();
      expect(await cards.allInnerTexts()).toEqual([expect.stringContaining(event.title)]);
      expect(await door.getByText(otherEvent.event.title).count()).toBe(0);
      // The menu offers staff nothing they may not use.
      expect(await door.getByRole('link', { name: 'Team' }).count()).toBe(0);
      await expectSettledAccessible(door, `the staff home (${viewport.width}px)`);

      await door.getByRole('link', { name: 'My account' }).first().click();
      await door.getByText(`Door staff · signed in as ${credentials.email}`).waitFor();
      await door.getByRole('link', { name: 'Dashboard' }).click();
      await door.getByRole('link', { name: `Statistics: ${event.title}` }).click();
      await waitForTitle(door, 'Statistics | ClubTix');
      await door.getByTestId('total-checkins').filter({ hasText: /^\d+$/ }).waitFor();
      // The event's row of screens shows the door's only: no Tickets, Edit or Attendees.
      const screens = door.getByRole('navigation', { name: 'Event screens' });
      await screens.getByRole('link', { name: 'Box office' }).click();
      await waitForTitle(door, 'Box office | ClubTix');
      await door.getByText('Adult').first().waitFor();
      expect(await screens.getByRole('link', { name: 'Tickets' }).count()).toBe(0);
      expect(await screens.getByRole('link', { name: 'Attendees' }).count()).toBe(0);
      expect(await screens.getByRole('link', { name: 'Edit' }).count()).toBe(0);

      // An admin page sends them home, still signed in; another event's door is not found.
      await door.goto(`/event/${event.id}/tickets`);
      await door.waitForURL('**/dashboard/staff');
      await door.getByTestId('staff-event').first().waitFor();
      await door.goto(`/event/${otherEvent.event.id}/checkin`);
      await door.getByText('Event not found', { exact: true }).waitFor();
      expect(await door.getByRole('button', { name: 'Sign out' }).count()).toBe(1);
      expect(refusals).toEqual([]);

      // Back on the Team page: a new password, shown once, then the staff member removed.
      await closeToasts(teamPage);
      await row.getByRole('button', { name: 'Edit door staff Dora Door' }).click();
      const edit = teamPage.getByRole('dialog', { name: 'Edit door staff' });
      await edit.getByLabel('Make a new password').check();
      await edit.getByRole('button', { name: 'Save' }).click();
      const reset = teamPage.getByRole('dialog', { name: 'Password made' });
      const newPassword = await reset.getByTestId('generated-password').innerText();
      expect(newPassword).not.toBe(credentials.password);
      await reset.getByRole('button', { name: 'Done' }).click();
      await reset.waitFor({ state: 'hidden' });

      await row.getByRole('button', { name: 'Delete door staff Dora Door' }).click();
      const confirm = teamPage.getByRole('dialog', { name: 'Delete door staff?' });
      await confirm.waitFor();
      await expectSettledAccessible(teamPage, `the delete dialog (${viewport.width}px)`);
      await confirm.getByRole('button', { name: 'Delete' }).click();
      await row.waitFor({ state: 'detached' });

      await staffSide.context.close();
      await adminSide.context.close();
    },
  );
});

import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { formatShortCode, type TAppUser, type TEvent } from '@clubtix/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookTwo } from '../door';
import { registrationAsAdmin, seedPublishedEvent, type SeededEvent } from '../fixtures';
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
  scanPhoto,
  unique,
  waitForTitle,
  watchMissingKeys,
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

/** Picks an event in the Team dialog's events picker (shown for "Chosen events") and closes its list. */
async function pickEvent(
  page: Page,
  title: string,
  labels = { dialog: 'Add door staff', picker: 'Choose their events' },
) {
  const dialog = page.getByRole('dialog', { name: labels.dialog });
  await dialog.getByLabel(labels.picker, { exact: true }).click();
  await page.getByRole('option', { name: title }).click();
  // Clicking another field closes the list (Escape would close the whole dialog).
  await dialog.getByRole('textbox', { name: 'Name' }).click();
  await page.getByRole('listbox').waitFor({ state: 'hidden' });
}

const SHOTS_DIR = '/tmp/shots-35/passwords';

async function shoot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS_DIR, `${name}.png`), fullPage: true });
}

/** The path and fragment of the invitation link in a mail's text, as the person's browser opens it. */
function invitationPath(text: string): string {
  const url = /https?:\/\/\S+\/set-password#invite=1&token=\S+/.exec(text)?.[0];
  if (!url) throw new Error(`No invitation link in: ${text}`);
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.hash}`;
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
      const { registration, ada, grace, adaQr } = await bookTwo(seeded);

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
      await dialog.getByRole('textbox', { name: 'Name' }).fill('Dora Door');
      // An address already taken is said on the E-mail field, and nothing is made.
      await dialog.getByLabel('E-mail').fill(admin.user.email);
      // "Chosen events" is the choice a new member starts on; none chosen is asked for, not saved.
      expect(await dialog.getByRole('radio', { name: 'Chosen events' }).isChecked()).toBe(true);
      await dialog.getByRole('button', { name: 'Add door staff' }).click();
      await dialog.getByText('Choose at least one event, or All events').waitFor();
      await expectSettledAccessible(teamPage, `the Add door staff dialog with no event chosen (${viewport.width}px)`);
      await pickEvent(teamPage, event.title);
      await expectSettledAccessible(teamPage, `the Add door staff dialog (${viewport.width}px)`);
      await dialog.getByRole('button', { name: 'Add door staff' }).click();
      await dialog.getByText('An account with this e-mail already exists').waitFor();
      expect(await dialog.getByLabel('E-mail').getAttribute('aria-invalid')).toBe('true');

      const staffEmail = `${unique('dora')}@example.org`;
      await dialog.getByLabel('E-mail').fill(staffEmail);
      await dialog.getByRole('button', { name: 'Add door staff' }).click();
      // No password to pass on: the staff member is mailed an invitation to choose their own
      // (docs/decisions/0068-password-reset-and-invitations.md).
      const sent = teamPage.getByRole('dialog', { name: 'Invitation sent' });
      await sent.getByText(`We mailed ${staffEmail} a link to choose their password.`, { exact: false }).waitFor();
      expect(await sent.getByTestId('generated-password').count()).toBe(0);
      await expectSettledAccessible(teamPage, `the invitation sent (${viewport.width}px)`);
      await shoot(teamPage, `team-invitation-sent-${viewport.width}`);
      await sent.getByRole('button', { name: 'Done' }).click();
      await sent.waitFor({ state: 'hidden' });
      const row = teamPage.getByTestId('team-member').filter({ hasText: staffEmail });
      await row.getByText('Door staff', { exact: true }).waitFor();
      await row.getByTestId('member-events').filter({ hasText: event.title }).waitFor();
      await row.getByTestId('invitation-pending').filter({ hasText: 'Invited: no password chosen yet' }).waitFor();
      await expect.poll(() => mailsTo(staffEmail).then((mails) => mails.length), { timeout: 60_000 }).toBe(1);

      // Sent again from the Team page: the new link works, the first one no longer does.
      await row.getByRole('button', { name: 'Send the invitation again to Dora Door' }).click();
      await teamPage.getByText(`Invitation sent to ${staffEmail}`).first().waitFor();
      await expectSettledAccessible(teamPage, `the Team page with an invitation pending (${viewport.width}px)`);
      await shoot(teamPage, `team-invitation-pending-${viewport.width}`);
      await expect.poll(() => mailsTo(staffEmail).then((mails) => mails.length), { timeout: 60_000 }).toBe(2);
      const [firstMail, secondMail] = await mailsTo(staffEmail);
      expect(secondMail!.subject).toMatch(/^Your invitation to Harbour Rowing/);
      const firstLink = invitationPath(firstMail!.text ?? '');
      const link = invitationPath(secondMail!.text ?? '');
      const password = 'dora-door-pass-1';

      // The staff member, in a browser of their own, opens the invitation and chooses a password.
      const staffSide = await newPage(browser, viewport);
      const door = staffSide.page;
      const refusals = watchRefusals(door);
      await door.goto(firstLink);
      await door.getByRole('heading', { name: 'Welcome to ClubTix' }).waitFor();
      await door.getByLabel('New password').fill(password);
      await door.getByRole('button', { name: 'Save and sign in' }).click();
      await door
        .getByRole('alert')
        .filter({ hasText: 'This link has already been used or is no longer valid.' })
        .waitFor();
      await door.goto('/');
      await door.goto(link);
      await waitForTitle(door, 'Choose a password | ClubTix');
      await door.getByRole('heading', { name: 'Welcome to ClubTix' }).waitFor();
      await expectSettledAccessible(door, `the invitation's page (${viewport.width}px)`);
      await shoot(door, `set-password-invitation-${viewport.width}`);
      await door.getByLabel('New password').fill(password);
      await door.getByRole('button', { name: 'Save and sign in' }).click();
      await door.waitForURL('**/dashboard/staff');
      // A first sign-in says Welcome, not Welcome back.
      await door.getByText('Welcome, Dora Door').first().waitFor();
      await shoot(door, `first-sign-in-welcome-${viewport.width}`);
      const credentials = { email: staffEmail, password };

      // Signed out, they sign in from a check-in link.
      await door.getByRole('button', { name: 'Sign out' }).click();
      await door.waitForURL('**/signin');
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
      // Staff are told the door's view: the scan card and the search name Grace by her ticket's code,
      // never by an e-mail (docs/decisions/0061-staff-scope.md).
      expect(await result.innerText()).not.toContain('@');
      await door.getByLabel('Search attendees').fill('Grace');
      const found = door
        .getByRole('list', { name: 'Matching attendees' })
        .getByRole('button', { name: /Grace Hopper/ })
        .filter({ hasText: formatShortCode(grace.shortCode) });
      await found.waitFor();
      expect(await found.innerText()).not.toContain('@');

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
      // A sale by staff: the page says the total it charged and shows the ticket's code as a QR.
      await door.getByRole('button', { name: 'Add one Adult' }).click();
      await door.getByRole('button', { name: /^Sell 1 ticket/ }).click();
      const sale = door.getByTestId('box-office-sale');
      await sale.getByText('1 ticket, £25 paid in cash, checked in').waitFor();
      expect(await sale.getByTestId('ticket-qr').getAttribute('data-qr-content')).toMatch(/^[A-Z0-9]{4}-[A-Z0-9]{4}$/);
      await sale.getByRole('button', { name: 'Next sale' }).click();
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
      await reset.getByRole('button', { name: 'Copy credentials' }).click();
      await reset.getByRole('button', { name: 'Copied' }).waitFor();
      expect(await copiedCredentials(teamPage)).toEqual({ email: staffEmail, password: newPassword });
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

/** A staff member of one event, made through the API, whose event is then removed: they work none. */
async function staffOfARemovedEvent(token: string, clubId: string): Promise<string> {
  const gone = await api<TEvent>('POST', '/event/save', {
    token,
    body: {
      title: unique('Cancelled social'),
      startDate: '2030-09-01T18:00:00.000Z',
      endDate: '2030-09-01T22:00:00.000Z',
      timezone: 'Europe/London',
      currency: 'gbp',
    },
  });
  const email = `${unique('left')}@example.org`;
  const saved = await api('POST', '/appUser/save', {
    token,
    body: { name: 'Lee Leftover', email, password: 'rowing2026', clubId, role: 5, eventIds: [gone.body.payload.id] },
  });
  expect(saved.status).toBe(200);
  const removed = await api('GET', '/event/removeEvent', { token, query: { eventId: gone.body.payload.id } });
  expect(removed.status).toBe(200);
  return email;
}

describe('the Team page says which events each door staff member works (docs/decisions/0061-staff-scope.md)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser.close());

  it.each([
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ])('saves one with All events and one with a chosen event, in English and German (%s)', async (name, viewport) => {
    const { admin, event } = await seedPublishedEvent();
    const clubId = admin.user.clubId!;
    const leftover = await staffOfARemovedEvent(admin.token, clubId);
    const { context, page } = await newPage(browser, viewport);
    const missing = watchMissingKeys(page);
    await primeSession(page, admin.token, admin.user);
    await page.goto('/team');
    await waitForTitle(page, 'Team | ClubTix');
    const rowOf = (email: string) => page.getByTestId('team-member').filter({ hasText: email });
    // Their only event was removed: they work none, and the list says so (never "All events").
    await rowOf(leftover).getByTestId('member-events').filter({ hasText: 'No events' }).waitFor();

    // All events: its own choice; the picker is only for chosen events.
    const everyone = `${unique('all')}@example.org`;
    await page.getByRole('button', { name: 'Add door staff' }).click();
    let dialog = page.getByRole('dialog', { name: 'Add door staff' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Alex Everywhere');
    await dialog.getByLabel('E-mail').fill(everyone);
    await dialog.getByRole('radio', { name: 'All events' }).check();
    expect(await dialog.getByLabel('Choose their events', { exact: true }).count()).toBe(0);
    await expectSettledAccessible(page, `the dialog with All events (${name})`);
    await shoot(page, `team-dialog-all-events-${name}`);
    await dialog.getByRole('button', { name: 'Add door staff' }).click();
    let shown = page.getByRole('dialog', { name: 'Invitation sent' });
    await shown.getByRole('button', { name: 'Done' }).click();
    await shown.waitFor({ state: 'hidden' });
    await rowOf(everyone).getByTestId('member-events').filter({ hasText: 'All events' }).waitFor();

    // Chosen events: none chosen is refused in the dialog, one chosen is saved.
    const chosen = `${unique('chosen')}@example.org`;
    await page.getByRole('button', { name: 'Add door staff' }).click();
    dialog = page.getByRole('dialog', { name: 'Add door staff' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Casey Chosen');
    await dialog.getByLabel('E-mail').fill(chosen);
    await dialog.getByRole('button', { name: 'Add door staff' }).click();
    await dialog.getByText('Choose at least one event, or All events').waitFor();
    await expectSettledAccessible(page, `the dialog refusing no event (${name})`);
    await shoot(page, `team-dialog-no-event-${name}`);
    await pickEvent(page, event.title);
    await dialog.getByRole('button', { name: 'Add door staff' }).click();
    shown = page.getByRole('dialog', { name: 'Invitation sent' });
    await shown.getByRole('button', { name: 'Done' }).click();
    await shown.waitFor({ state: 'hidden' });
    await rowOf(chosen).getByTestId('member-events').filter({ hasText: event.title }).waitFor();
    await expectSettledAccessible(page, `the Team page (${name})`);
    await shoot(page, `team-${name}`);

    const listed = await api<{ appUsers: TAppUser[] }>('GET', '/appUser/getAppUsers', {
      token: admin.token,
      query: { clubId },
    });
    const byEmail = new Map(listed.body.payload.appUsers.map((user) => [user.email, user]));
    expect(byEmail.get(everyone)).toMatchObject({ allEvents: true, eventIds: [] });
    expect(byEmail.get(chosen)).toMatchObject({ allEvents: false, eventIds: [event.id] });
    expect(byEmail.get(leftover)).toMatchObject({ allEvents: false, eventIds: [] });

    // The same page and dialog in German, the error state included.
    await page.getByTestId('language-picker').click();
    await page.getByRole('menuitem', { name: 'Deutsch' }).click();
    await rowOf(everyone).getByTestId('member-events').filter({ hasText: 'Alle Veranstaltungen' }).waitFor();
    await rowOf(leftover).getByTestId('member-events').filter({ hasText: 'Keine Veranstaltungen' }).waitFor();
    await expectSettledAccessible(page, `the Team page in German (${name})`);
    await shoot(page, `team-de-${name}`);
    await page.getByRole('button', { name: 'Einlasspersonal hinzufügen' }).click();
    dialog = page.getByRole('dialog', { name: 'Einlasspersonal hinzufügen' });
    await dialog.getByRole('radio', { name: 'Ausgewählte Veranstaltungen' }).waitFor();
    await dialog.getByRole('button', { name: 'Einlasspersonal hinzufügen' }).click();
    await dialog.getByText('Wählen Sie mindestens eine Veranstaltung oder „Alle Veranstaltungen“').waitFor();
    await expectSettledAccessible(page, `the dialog refusing no event in German (${name})`);
    await shoot(page, `team-dialog-no-event-de-${name}`);
    await dialog.getByRole('radio', { name: 'Alle Veranstaltungen' }).check();
    await expectSettledAccessible(page, `the dialog with All events in German (${name})`);
    expect(missing).toEqual([]);
    await context.close();
  });
});

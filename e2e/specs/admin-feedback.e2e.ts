import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { TCurrentUser } from '@clubtix/contract';
import { registerClubAdmin, seedPublishedEvent, type SeededEvent } from '../fixtures';
import {
  api,
  DESKTOP,
  expectAccessible,
  isUncovered,
  launchBrowser,
  newPage,
  PHONE,
  primeSession,
  signInThroughForm,
  toast,
  waitForTitle,
} from '../helpers';

const VIEWPORTS = [
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const;

const toasts = (page: Page) => page.locator('.mantine-Notification-root');

/**
 * docs/decisions/0024-admin-screens-and-accessibility.md: one place per message (no toast repeating
 * what the form says, none over the buttons a person needs next), error states that read (contrast) and
 * dialogs whose close button has a name.
 */
describe('messages in one place, readable, and clear of the buttons', () => {
  let browser: Browser;
  let seeded: SeededEvent;
  beforeAll(async () => {
    browser = await launchBrowser();
    seeded = await seedPublishedEvent();
  });
  afterAll(async () => browser.close());

  it.each(VIEWPORTS)('a wrong password is said once, in the sign-in form (%s)', async (_, viewport) => {
    const { context, page } = await newPage(browser, viewport);
    await signInThroughForm(page, seeded.admin.user.email, 'not-the-password');
    const alert = page.getByRole('alert').filter({ hasText: 'Invalid e-mail or password' });
    await alert.waitFor();
    expect(await alert.textContent()).toContain('Not signed in');
    expect(await toasts(page).count()).toBe(0);
    expect(await page.getByText('Something went wrong').count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/signin');
    await expectAccessible(page, 'sign-in with a wrong password');

    // Cleared by the next try, which signs in.
    await page.getByLabel('Password', { exact: true }).fill('rowing2026');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/dashboard/admin');
    await toast(page, 'Welcome back').waitFor();
    expect(await page.getByText('Invalid e-mail or password').count()).toBe(0);
    await context.close();
  });

  it.each(VIEWPORTS)(
    'the one-time password shows with its Copy and Done buttons uncovered (%s)',
    async (_, viewport) => {
      const club = await registerClubAdmin('Cred Owner');
      const sudo = await api<{ currentUser: TCurrentUser }>('POST', '/auth/signin', {
        body: { email: inject('sudoEmail'), password: inject('sudoPassword') },
      });
      const { context, page } = await newPage(browser, viewport);
      await primeSession(page, sudo.authorization!, sudo.body.payload.currentUser);
      await page.goto(`/club/${club.user.clubId}/credential`);
      await page.getByRole('button', { name: 'Generate credentials' }).waitFor();

      // An empty form: the errors are on the fields, in a red that reads (axe's colour-contrast).
      await page.getByRole('button', { name: 'Generate credentials' }).click();
      await page.getByText('Name is required').first().waitFor();
      await expectAccessible(page, 'credentials with field errors');

      await page.getByLabel('Name', { exact: true }).fill('Second Admin');
      await page.getByLabel('E-mail', { exact: true }).fill(`second-${Date.now()}@example.org`);
      await page.getByRole('button', { name: 'Generate credentials' }).click();
      await page.locator('[data-testid="generated-password"]').waitFor();
      expect(await toasts(page).count()).toBe(0);
      expect(await isUncovered(page.getByRole('button', { name: 'Copy credentials' }))).toBe(true);
      expect(await isUncovered(page.getByRole('button', { name: 'Done' }))).toBe(true);
      await expectAccessible(page, 'credentials shown once');

      // An e-mail another account has: said on the field, not again in a toast.
      await page.getByLabel('Name', { exact: true }).fill('Owner Again');
      await page.getByLabel('E-mail', { exact: true }).fill(club.user.email);
      await page.getByRole('button', { name: 'Generate credentials' }).click();
      await page
        .getByText(/already/i)
        .first()
        .waitFor();
      expect(await toasts(page).count()).toBe(0);
      await expectAccessible(page, 'credentials with a taken e-mail');
      await context.close();
    },
  );

  it.each(VIEWPORTS)('a refused save in a dialog leaves its buttons uncovered (%s)', async (_, viewport) => {
    const { context, page } = await newPage(browser, viewport);
    await primeSession(page, seeded.admin.token, seeded.admin.user);
    await page.goto(`/event/${seeded.event.id}/tickets`);
    await waitForTitle(page, 'Tickets | ClubTix');
    await page.getByRole('button', { name: 'Add ticket type' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name', { exact: true }).waitFor();
    // Every dialog's close button has a name (axe: button-name, critical).
    await dialog.getByRole('button', { name: 'Close dialog' }).waitFor();
    await expectAccessible(page, 'the ticket dialog');

    // A refusal that names no field (as a conflict with another admin's change would) is a toast.
    await page.route('**/api/ticket/save', (route) =>
      route.fulfill({
        status: 409,
        contentType: 'application/json',
        body: JSON.stringify({ code: 'CONFLICT', msg: 'Another admin changed this ticket type meanwhile' }),
      }),
    );
    await dialog.getByLabel('Name', { exact: true }).fill('Family');
    await dialog.getByLabel('Price', { exact: true }).fill('30');
    await dialog.getByLabel('Quantity', { exact: true }).fill('20');
    await dialog.getByRole('button', { name: 'Save ticket' }).click();
    const refused = toast(page, 'Another admin changed this ticket type meanwhile');
    await refused.waitFor();
    expect(await refused.textContent()).not.toContain('Something went wrong');
    for (const name of ['Save ticket', 'Cancel', 'Close dialog']) {
      expect(await isUncovered(dialog.getByRole('button', { name })), name).toBe(true);
    }
    await expectAccessible(page, 'the ticket dialog with a refusal toast');
    await context.close();
  });

  it('tells the "import a list" link apart by more than colour', async () => {
    // Nobody has bought for the seeded event in this file: its list is empty.
    const { context, page } = await newPage(browser, PHONE);
    await primeSession(page, seeded.admin.token, seeded.admin.user);
    await page.goto(`/event/${seeded.event.id}/attendees`);
    const link = page.getByRole('link', { name: 'import a list' });
    await link.waitFor();
    expect(await link.evaluate((element) => getComputedStyle(element).textDecorationLine)).toBe('underline');
    await expectAccessible(page, 'the empty attendee list');
    await context.close();
  });
});

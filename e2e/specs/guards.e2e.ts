import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { api, launchBrowser, newPage, primeSession, unique, waitForTitle } from '../helpers';

interface SignedIn {
  currentUser: unknown;
}

describe('navigation guards', () => {
  let browser: Browser;
  let adminToken: string;
  let adminUser: unknown;

  beforeAll(async () => {
    browser = await launchBrowser();
    const registered = await api<SignedIn>('POST', '/auth/register', {
      body: {
        name: 'Gus Guard',
        email: `${unique('guard')}@example.org`,
        password: 'guarding123',
        clubName: unique('Guard Club'),
      },
    });
    adminToken = registered.authorization!;
    adminUser = registered.body.payload.currentUser;
  });
  afterAll(async () => browser.close());

  it('sends a signed-out visitor to sign in from every signed-in, admin and sudo route', async () => {
    const { context, page } = await newPage(browser);
    for (const path of ['/dashboard', '/dashboard/admin', '/dashboard/sudo', '/club/add', '/club/edit', '/signout']) {
      await page.goto(path);
      // With the page to return to once signed in (auth.e2e.ts), but not for a dashboard or sign-out.
      await page.waitForURL(/\/signin(\?redirect=|$)/);
    }
    await waitForTitle(page, 'Sign in | ClubTix');
    await context.close();
  });

  it('shows the not-found page for an unknown path, with its default status and message', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/no/such/page');
    await page.waitForURL('**/not-found/404**');
    await page.getByText("Looks like you're lost!").waitFor();
    // One segment is an event's address: with no such event, it is an unknown path all the same.
    await page.goto(`/${unique('no-such-event')}`);
    await page.waitForURL('**/not-found/404');
    await waitForTitle(page, 'Not Found | ClubTix');
    await page.getByText("Looks like you're lost!").waitFor();
    await page.goto('/not-found');
    await page.getByText('404').first().waitFor();
    await page.getByText("Looks like you're lost!").waitFor();
    await context.close();
  });

  it("sends a signed-in admin from signed-out-only and sudo pages to the admin's home", async () => {
    const { context, page } = await newPage(browser);
    await primeSession(page, adminToken, adminUser);
    // A mistyped one-segment path (no event has it as its address) is an unknown route too.
    const mistyped = `/${unique('dashbord')}`;
    for (const path of ['/signin', '/register', '/dashboard', '/dashboard/sudo', '/no/such/page', mistyped]) {
      await page.goto(path);
      await page.waitForURL('**/dashboard/admin');
    }
    await waitForTitle(page, 'Admin Dashboard | ClubTix');
    await context.close();
  });

  it('sends the super user to the sudo dashboard', async () => {
    const { context, page } = await newPage(browser);
    const me = await api<SignedIn>('POST', '/auth/signin', {
      body: { email: inject('sudoEmail'), password: inject('sudoPassword') },
    });
    await primeSession(page, me.authorization!, me.body.payload.currentUser);
    await page.goto('/dashboard');
    await page.waitForURL('**/dashboard/sudo');
    await waitForTitle(page, 'Super User Dashboard | ClubTix');
    await context.close();
  });

  it('shows an apiQueryMsg once as a toast with a Close action', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/?apiQueryMsg=Your%20payment%20was%20received');
    const note = page.locator('.mantine-Notification-root').filter({ hasText: 'Your payment was received' });
    await note.waitFor();
    await waitForTitle(page, 'Homepage | ClubTix');
    await note.getByRole('button', { name: 'Close' }).first().click();
    await note.waitFor({ state: 'detached' });
    expect(new URL(page.url()).searchParams.get('apiQueryMsg')).toBeNull();
    await page.reload();
    await page.getByRole('link', { name: 'Sign in' }).first().waitFor();
    expect(await note.count()).toBe(0);
    // Back through the history never returns to the address that carried the message.
    await page.getByRole('link', { name: 'Sign in' }).first().click();
    await waitForTitle(page, 'Sign in | ClubTix');
    for (let step = 0; step < 2; step++) {
      await page.goBack();
      expect(page.url()).not.toContain('apiQueryMsg');
    }
    await context.close();
  });
});

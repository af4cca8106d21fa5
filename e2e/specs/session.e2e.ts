import type { Browser, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { signToken } from '../../apps/api/src/core/tokens';
import { registerClubAdmin } from '../fixtures';
import { api, launchBrowser, newPage, primeSession, toast, unique, waitForTitle } from '../helpers';

describe('an expired session', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser.close());

  it('lands on sign-in with a toast saying the session expired, signed out', async () => {
    const registered = await api<{ currentUser: { id: string } }>('POST', '/auth/register', {
      body: {
        name: 'Eve Expired',
        email: `${unique('expired')}@example.org`,
        password: 'expired123',
        clubName: unique('Late Club'),
      },
    });
    const user = registered.body.payload.currentUser;
    const expired = await signToken({ id: user.id, sessionVersion: 0 }, inject('jwtSecret'), -60);

    const { context, page } = await newPage(browser);
    await primeSession(page, expired, user);
    await page.goto('/dashboard/admin');
    await toast(page, 'Your session has expired. Please sign in again.').waitFor();
    await page.waitForURL('**/signin');
    expect(await page.evaluate(() => localStorage.getItem('clubtix.token'))).toBeNull();
    await context.close();
  });
});

/**
 * The page's calls to the API, and a wait until none has been in flight for a moment. Images the
 * API serves (/api/media/) are not calls: a club logo may finish loading after any click, and on a
 * busy machine it did.
 */
function watchApiCalls(page: Page) {
  const calls: string[] = [];
  let inFlight = 0;
  let lastChange = Date.now();
  const isApi = (request: Request) => {
    const { pathname } = new URL(request.url());
    return pathname.startsWith('/api/') && !pathname.startsWith('/api/media/');
  };
  const settle = (request: Request) => {
    if (!isApi(request)) return;
    inFlight -= 1;
    lastChange = Date.now();
  };
  page.on('request', (request) => {
    if (!isApi(request)) return;
    calls.push(`${request.method()} ${new URL(request.url()).pathname}`);
    inFlight += 1;
    lastChange = Date.now();
  });
  page.on('requestfinished', settle);
  page.on('requestfailed', settle);
  return {
    calls,
    settled: () => expect.poll(() => inFlight === 0 && Date.now() - lastChange > 300, { timeout: 30_000 }).toBe(true),
  };
}

describe('signing out', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser.close());

  const signers = {
    admin: async () => {
      const admin = await registerClubAdmin('Sam Signout');
      return { token: admin.token, user: admin.user, home: '/dashboard/admin', heading: 'Admin dashboard' };
    },
    sudo: async () => {
      const me = await api<{ currentUser: { name: string } }>('POST', '/auth/signin', {
        body: { email: inject('sudoEmail'), password: inject('sudoPassword') },
      });
      return {
        token: me.authorization!,
        user: me.body.payload.currentUser,
        home: '/dashboard/sudo',
        heading: 'Super user dashboard',
      };
    },
  };

  it.each(Object.keys(signers) as Array<keyof typeof signers>)(
    'from the %s dashboard ends the session on the server and goes to sign-in with no other call and no error',
    async (who) => {
      const signer = await signers[who]();
      const { context, page } = await newPage(browser);
      await primeSession(page, signer.token, signer.user);
      const network = watchApiCalls(page);
      await page.goto(signer.home);
      await page.getByRole('heading', { name: signer.heading, exact: true }).waitFor();
      await network.settled();
      const callsBefore = network.calls.length;
      // What the page shows while it is being left counts too: no "Could not load" in passing.
      await page.evaluate(() => {
        const seen: string[] = [];
        (window as unknown as { seenAlerts: string[] }).seenAlerts = seen;
        new MutationObserver(() => {
          // The page's own alerts: the toasts are counted below.
          for (const alert of document.querySelectorAll('[role="alert"]')) {
            if (!alert.closest('.mantine-Notification-root')) seen.push(alert.textContent ?? '');
          }
        }).observe(document.body, { childList: true, subtree: true, characterData: true });
      });

      await page.getByRole('banner').getByRole('button', { name: 'Sign out' }).click();
      await page.waitForURL('**/signin');
      await waitForTitle(page, 'Sign in | ClubTix');
      await page.getByRole('button', { name: 'Sign in' }).waitFor();
      // The refetch that used to follow came within milliseconds; leave it ample time to show, and
      // let whatever did start finish so that it is counted.
      await page.waitForTimeout(1_000);
      await network.settled();

      // One call, the sign-out itself (docs/decisions/0065-sign-in-proxies-and-sign-out.md), and its words.
      expect(network.calls.slice(callsBefore)).toEqual(['POST /api/auth/signout']);
      expect(await page.locator('.mantine-Notification-root').allTextContents()).toEqual([
        expect.stringContaining('You are signed out, here and on your other devices.'),
      ]);
      expect(await page.evaluate(() => (window as unknown as { seenAlerts: string[] }).seenAlerts)).toEqual([]);
      expect(await page.evaluate(() => localStorage.getItem('clubtix.token'))).toBeNull();
      expect((await api('GET', '/auth/getAccount', { token: signer.token })).status).toBe(401);
      await context.close();
    },
  );
});

describe('signing out in another tab', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser.close());

  it('takes this tab to sign-in too, with no call sent without the token and no error shown', async () => {
    const admin = await registerClubAdmin('Tab Two');
    const { context, page: first } = await newPage(browser);
    await primeSession(first, admin.token, admin.user);
    await first.goto('/dashboard/admin');
    await first.getByRole('heading', { name: 'Admin dashboard', exact: true }).waitFor();
    const second = await context.newPage();
    const network = watchApiCalls(second);
    await second.goto('/dashboard/admin');
    await second.getByRole('heading', { name: 'Admin dashboard', exact: true }).waitFor();
    await network.settled();
    const callsBefore = network.calls.length;

    await first.getByRole('banner').getByRole('button', { name: 'Sign out' }).click();
    await first.waitForURL('**/signin');
    await second.waitForURL('**/signin');
    await waitForTitle(second, 'Sign in | ClubTix');
    await network.settled();
    expect(network.calls.slice(callsBefore)).toEqual([]);
    expect(await second.locator('.mantine-Notification-root').allTextContents()).toEqual([]);
    await context.close();
  });
});

describe('a token the server does not accept', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser.close());

  it('signs out to sign-in with one toast that says the session is not valid', async () => {
    const admin = await registerClubAdmin('Gail Garbage');
    const { context, page } = await newPage(browser);
    await primeSession(page, 'not-a-token-at-all', admin.user);
    await page.goto('/dashboard/admin');
    await page.waitForURL('**/signin');
    await toast(page, 'Your session is not valid. Please sign in again.').waitFor();
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    // A second toast used to follow from a refetch without the token: give it time to show.
    await page.waitForTimeout(1_000);

    expect(await page.locator('.mantine-Notification-root').allTextContents()).toEqual([
      expect.stringContaining('Your session is not valid. Please sign in again.'),
    ]);
    expect(await page.evaluate(() => localStorage.getItem('clubtix.token'))).toBeNull();
    await context.close();
  });
});

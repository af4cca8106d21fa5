import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../apps/api/src/db/embedded';
import { startServer } from '../../apps/api/test/server-process';
import { keptDoorLists } from '../door';
import { buyTicketsViaApi, seedPublishedEvent } from '../fixtures';
import {
  api,
  DESKTOP,
  launchBrowser,
  newPage,
  PHONE,
  signInThroughForm,
  toast,
  unique,
  waitForTitle,
} from '../helpers';

/**
 * Gone within the time a toast takes to slide away, well before an error toast's own 8 seconds
 * would have closed it.
 */
async function expectGoneSoon(locator: Locator): Promise<void> {
  await expect.poll(() => locator.count(), { timeout: 4_000 }).toBe(0);
}

describe('signing up, in and out', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser.close());

  it('lets a treasurer register a club on a phone, sign out and sign back in', async () => {
    const { context, page } = await newPage(browser, PHONE);
    const email = `${unique('treasurer')}@example.org`;
    const clubName = unique('Riverside Ramblers');

    await page.goto('/register');
    await waitForTitle(page, 'Register | ClubTix');
    await page.getByLabel('Name', { exact: true }).fill('Tess Treasurer');
    await page.getByLabel('E-mail', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill('short');
    await page.getByLabel('Club name', { exact: true }).fill(clubName);
    await page.getByRole('button', { name: 'Register' }).click();
    await page.getByText('Password must be 8 or more characters!').waitFor();

    await page.getByLabel('Password', { exact: true }).fill('ramblers2026');
    await page.getByRole('button', { name: 'Register' }).click();
    await page.waitForURL('**/dashboard/admin');
    await page.getByText(clubName).first().waitFor();

    await page
      .getByRole('banner')
      .getByRole('button', { name: 'Sign out' })
      .or(page.getByRole('banner').getByRole('link', { name: 'Sign out' }))
      .first()
      .click();
    await page.waitForURL(/\/signin$|\/$/);
    expect(await page.evaluate(() => localStorage.getItem('clubtix.token'))).toBeNull();

    await page.goto('/dashboard/admin');
    await page.waitForURL('**/signin');

    await signInThroughForm(page, email, 'ramblers2026');
    await page.waitForURL('**/dashboard/admin');
    await page.getByText(clubName).first().waitFor();
    await context.close();
  });

  it('says so in the form when the password is wrong, and stays on the sign-in page', async () => {
    const { context, page } = await newPage(browser);
    await signInThroughForm(page, 'nobody@example.org', 'wrongpass1');
    await page.getByRole('alert').filter({ hasText: 'Invalid e-mail or password' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/signin');
    await context.close();
  });

  it('clears the wrong-password message once the right password signs in', async () => {
    const email = `${unique('forgetful')}@example.org`;
    await api('POST', '/auth/register', {
      body: { name: 'Fern Forgetful', email, password: 'rightpass1', clubName: unique('Second Try Club') },
    });
    const { context, page } = await newPage(browser);
    await signInThroughForm(page, email, 'wrongpass1');
    await page.getByRole('alert').filter({ hasText: 'Invalid e-mail or password' }).waitFor();

    await page.getByLabel('Password', { exact: true }).fill('rightpass1');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/dashboard/admin');
    await toast(page, 'Welcome back, Fern Forgetful').waitFor();
    expect(await page.getByText('Invalid e-mail or password').count()).toBe(0);
    expect(await page.locator('.mantine-Notification-root').allTextContents()).toEqual([
      expect.stringContaining('Welcome back, Fern Forgetful'),
    ]);
    await context.close();
  });

  it('says a taken e-mail on its field, with no toast, and registers with another', async () => {
    const taken = `${unique('taken')}@example.org`;
    await api('POST', '/auth/register', {
      body: { name: 'First Owner', email: taken, password: 'firstpass1', clubName: unique('First Club') },
    });
    const { context, page } = await newPage(browser);
    await page.goto('/register');
    await page.getByLabel('Name', { exact: true }).fill('Rita Retry');
    await page.getByLabel('E-mail', { exact: true }).fill(taken);
    await page.getByLabel('Password', { exact: true }).fill('retrying123');
    await page.getByLabel('Club name', { exact: true }).fill(unique('Retry Club'));
    await page.getByRole('button', { name: 'Register' }).click();
    await page
      .locator('.mantine-InputWrapper-error')
      .filter({ hasText: 'An account with this e-mail already exists' })
      .waitFor();
    // The client's toast is taken back as soon as the field says it.
    await expectGoneSoon(page.locator('.mantine-Notification-root'));

    await page.getByLabel('E-mail', { exact: true }).fill(`${unique('rita')}@example.org`);
    await page.getByRole('button', { name: 'Register' }).click();
    await page.waitForURL('**/dashboard/admin');
    await page.getByRole('heading', { name: 'Admin dashboard', exact: true }).waitFor();
    expect(await page.getByText('An account with this e-mail already exists').count()).toBe(0);
    await context.close();
  });

  it('tells a visitor that sign-up is closed on an installation started with ALLOW_SIGNUP=false', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'clubtix-e2e-closed-'));
    chmodSync(dataDir, 0o755);
    const closed = await startServer(await freePort(), {
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      ALLOW_SIGNUP: 'false',
      SUDO_EMAIL: 'sudo@closed.test',
      SUDO_PASSWORD: 'closed-password-1',
    });
    try {
      const { context, page } = await newPage(browser, PHONE);
      await page.goto(`${closed.baseUrl}/register`);
      await page.getByText('Sign-up is closed').waitFor();
      expect(await page.getByRole('button', { name: 'Register' }).count()).toBe(0);
      await page.getByRole('link', { name: 'Use your existing account' }).click();
      await page.waitForURL('**/signin');
      await context.close();
    } finally {
      closed.child.kill('SIGTERM');
      await closed.exited;
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

/**
 * docs/decisions/0065-sign-in-proxies-and-sign-out.md: signing out ends the session on the server,
 * for every device of the account, and the door device forgets the lists it prepared; with the
 * server out of reach it forgets them all the same, and says the other devices stay signed in.
 */
describe('signing out of a door device', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser.close());

  it('clears its prepared door list, online or not, and the server ends every session of the account', async () => {
    const seeded = await seedPublishedEvent();
    const { event, admin } = seeded;
    await buyTicketsViaApi(seeded, [{ firstName: 'Ada', lastName: 'Lovelace', email: `${unique('ada')}@example.org` }]);
    const gates = [
      { name: 'Gate A', ...(await newPage(browser, PHONE)) },
      { name: 'Gate B', ...(await newPage(browser, DESKTOP)) },
    ];
    const tokens: string[] = [];
    for (const gate of gates) {
      await signInThroughForm(gate.page, admin.user.email, 'rowing2026');
      await gate.page.waitForURL('**/dashboard/admin');
      tokens.push(`Bearer ${await gate.page.evaluate(() => localStorage.getItem('clubtix.token'))}`);
      await gate.page.goto(`/event/${event.id}/checkin`);
      await waitForTitle(gate.page, 'Check-in | ClubTix');
      await gate.page.getByLabel("This device's name").fill(gate.name);
      await gate.page.getByLabel("This device's name").press('Enter');
      await gate.page.getByRole('button', { name: 'Prepare for offline' }).click();
      await gate.page
        .getByTestId('offline-ready')
        .filter({ hasText: /^Ready offline: 1 ticket/ })
        .waitFor();
      expect(await keptDoorLists(gate.page)).toContain(event.id);
    }
    const [gateA, gateB] = gates as [(typeof gates)[number], (typeof gates)[number]];
    const signOut = (page: Page) => page.getByRole('banner').getByRole('button', { name: 'Sign out' }).click();
    const account = (token: string) => api('GET', '/auth/getAccount', { token });

    // Gate B's Wi-Fi reaches nothing: it signs out on the device alone, and says so.
    await gateB.context.route('**/api/auth/signout', (route) => route.abort('internetdisconnected'));
    await signOut(gateB.page);
    await gateB.page.waitForURL('**/signin');
    await toast(
      gateB.page,
      'Signed out on this device. The server could not be reached, so your other devices stay signed in.',
    ).waitFor();
    expect(await keptDoorLists(gateB.page)).toBe('[]');
    expect(await gateB.page.evaluate(() => localStorage.getItem('clubtix.token'))).toBeNull();
    expect((await account(tokens[1]!)).status).toBe(200);

    // Gate A reaches the server: the session ends there, for Gate B's token too.
    await signOut(gateA.page);
    await gateA.page.waitForURL('**/signin');
    await toast(gateA.page, 'You are signed out, here and on your other devices.').waitFor();
    expect(await keptDoorLists(gateA.page)).toBe('[]');
    for (const token of tokens) expect((await account(token)).status).toBe(401);

    for (const gate of gates) await gate.context.close();
  });
});

import { chmodSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../apps/api/src/db/embedded';
import { startServer, type ServerProcess } from '../../apps/api/test/server-process';
import { registerClubAdmin } from '../fixtures';
import {
  api,
  DESKTOP,
  launchBrowser,
  mailsTo,
  newPage,
  PHONE,
  seriousA11yViolations,
  signInThroughForm,
  toast,
  waitForTitle,
} from '../helpers';

const PASSWORD = 'rowing2026';
const CHANGED = 'Password changed. Every other session of your account is signed out.';
const ENDED = 'Your session has ended: you signed out, or your password was changed. Please sign in again.';

async function openMyAccount(page: Page): Promise<void> {
  await page.getByRole('banner').getByRole('link', { name: 'My account' }).click();
  await page.waitForURL('**/dashboard/account');
  await waitForTitle(page, 'My Account | ClubTix');
  await page.getByRole('heading', { name: 'My account', level: 1 }).waitFor();
}

async function changePassword(page: Page, current: string, next: string): Promise<void> {
  const section = page.getByRole('region', { name: 'Change password' });
  await section.getByLabel('Current password', { exact: true }).fill(current);
  await section.getByLabel('New password', { exact: true }).fill(next);
  await section.getByLabel('Confirm new password', { exact: true }).fill(next);
  await section.getByRole('button', { name: 'Change password' }).click();
}

/** The field's own message, as a screen reader reaches it through aria-describedby. */
async function fieldError(page: Page, label: string, within: Page | Locator = page): Promise<string | null> {
  const field = within.getByLabel(label, { exact: true });
  await expect.poll(() => field.getAttribute('aria-invalid')).toBe('true');
  const ids = (await field.getAttribute('aria-describedby')) ?? '';
  for (const id of ids.split(/\s+/).filter(Boolean)) {
    const text = await page.locator(`[id="${id}"]`).textContent();
    if (text && /error/.test(id)) return text;
  }
  return null;
}

describe('My account: a password change ends the other sessions (docs/product.md section 18)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser.close());

  it('refuses a wrong current password on its field, then changes it: this browser stays in, the other is sent to sign-in', async () => {
    const admin = await registerClubAdmin('Petra Password');
    const mine = await newPage(browser, DESKTOP);
    const other = await newPage(browser, PHONE);
    for (const { page } of [mine, other]) {
      await signInThroughForm(page, admin.user.email, PASSWORD);
      await page.getByRole('heading', { name: 'Admin dashboard', exact: true }).waitFor();
    }

    const page = mine.page;
    await openMyAccount(page);
    await changePassword(page, 'not-my-password-1', 'harbour-lights-9');
    expect(await fieldError(page, 'Current password')).toBe('That is not your current password');
    // On the field, not as a generic toast; and still signed in.
    expect(await toast(page, /Something went wrong|current password/).count()).toBe(0);
    expect(page.url()).toMatch(/\/dashboard\/account$/);
    expect(await seriousA11yViolations(page)).toEqual([]);

    const before = await page.evaluate(() => localStorage.getItem('clubtix.token'));
    await page
      .getByRole('region', { name: 'Change password' })
      .getByLabel('Current password', { exact: true })
      .fill(PASSWORD);
    await page
      .getByRole('region', { name: 'Change password' })
      .getByRole('button', { name: 'Change password' })
      .click();
    await toast(page, CHANGED).waitFor();
    const after = await page.evaluate(() => localStorage.getItem('clubtix.token'));
    expect(after).not.toBeNull();
    expect(after).not.toBe(before);
    expect(await page.getByLabel('Current password', { exact: true }).inputValue()).toBe('');

    // This browser carries on with the new token.
    await page.getByRole('banner').getByRole('link', { name: 'Dashboard' }).click();
    await page.waitForURL('**/dashboard/admin');
    await page.getByRole('heading', { name: 'Admin dashboard', exact: true }).waitFor();
    await page.getByRole('region', { name: 'Your club' }).waitFor();

    // The other browser's next call (opening My account asks the server for the account) is
    // refused: it lands on sign-in, told why.
    await other.page.getByRole('banner').getByRole('link', { name: 'My account' }).click();
    await other.page.waitForURL(/\/signin\?redirect=%2Fdashboard%2Faccount/);
    await toast(other.page, ENDED).waitFor();
    expect(await other.page.evaluate(() => localStorage.getItem('clubtix.token'))).toBeNull();
    await signInThroughForm(other.page, admin.user.email, 'harbour-lights-9');
    await other.page.waitForURL('**/dashboard/admin');

    await mine.context.close();
    await other.context.close();
  });

  it('saves a new name, shown in the header at once, and is axe-clean on a phone and a desktop', async () => {
    const admin = await registerClubAdmin('Nina Name');
    for (const viewport of [PHONE, DESKTOP]) {
      const { context, page } = await newPage(browser, viewport);
      await signInThroughForm(page, admin.user.email, PASSWORD);
      await page.getByRole('heading', { name: 'Admin dashboard', exact: true }).waitFor();
      await openMyAccount(page);
      expect(await seriousA11yViolations(page)).toEqual([]);
      // Nothing wider than the screen, the header's last button included.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      const signOut = await page.getByRole('banner').getByRole('button', { name: 'Sign out' }).boundingBox();
      expect(signOut!.x + signOut!.width).toBeLessThanOrEqual(viewport.width);
      await context.close();
    }

    const { context, page } = await newPage(browser, DESKTOP);
    await signInThroughForm(page, admin.user.email, PASSWORD);
    await page.getByRole('heading', { name: 'Admin dashboard', exact: true }).waitFor();
    await openMyAccount(page);
    const details = page.getByRole('region', { name: 'Your details' });
    await details.getByLabel('Name', { exact: true }).fill('Nina Renamed');
    await details.getByRole('button', { name: 'Save details' }).click();
    await toast(page, 'Account saved').waitFor();
    await expect.poll(() => page.getByTestId('current-user-name').textContent()).toBe('Nina Renamed');
    await context.close();
  });
});

describe('My account: a new e-mail needs the current password (docs/decisions/0065-sign-in-proxies-and-sign-out.md)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser.close());

  it('asks for it once the e-mail changes, refuses a wrong one on its field, and signs in with the new e-mail', async () => {
    const admin = await registerClubAdmin('Edda Email');
    const { context, page } = await newPage(browser, PHONE);
    await signInThroughForm(page, admin.user.email, PASSWORD);
    await page.getByRole('heading', { name: 'Admin dashboard', exact: true }).waitFor();
    await openMyAccount(page);
    const details = page.getByRole('region', { name: 'Your details' });
    const current = details.getByLabel('Current password', { exact: true });
    // Only the name changes: nothing is asked.
    expect(await current.count()).toBe(0);

    const email = `edda-${Date.now().toString(36)}@example.org`;
    await details.getByLabel('E-mail', { exact: true }).fill(email);
    await current.waitFor();
    await details.getByRole('button', { name: 'Save details' }).click();
    expect(await fieldError(page, 'Current password', details)).toBe(
      'Enter your current password to change your e-mail',
    );

    await current.fill('not-my-password-1');
    await details.getByRole('button', { name: 'Save details' }).click();
    await details.getByText('That is not your current password').first().waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);

    await current.fill(PASSWORD);
    await details.getByRole('button', { name: 'Save details' }).click();
    await toast(page, 'Account saved').waitFor();
    await expect.poll(() => current.count()).toBe(0);
    expect(await details.getByLabel('E-mail', { exact: true }).inputValue()).toBe(email);
    // Still signed in here; the new e-mail signs in, the old one no longer does.
    await page.getByRole('banner').getByRole('link', { name: 'Dashboard' }).click();
    await page.getByRole('heading', { name: 'Admin dashboard', exact: true }).waitFor();
    expect((await api('POST', '/auth/signin', { body: { email, password: PASSWORD } })).status).toBe(200);
    expect((await api('POST', '/auth/signin', { body: { email: admin.user.email, password: PASSWORD } })).status).toBe(
      401,
    );
    await context.close();
  });
});

describe('the super user changes its own password', () => {
  let browser: Browser;
  let server: ServerProcess;
  let dataDir: string;
  const sudo = { email: 'owner@account.test', password: 'first-owner-1' };

  // Its own installation, so the shared super user's password stays as the other specs expect.
  beforeAll(async () => {
    browser = await launchBrowser();
    dataDir = mkdtempSync(path.join(tmpdir(), 'clubtix-e2e-account-'));
    chmodSync(dataDir, 0o755);
    server = await startServer(await freePort(), {
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SUDO_EMAIL: sudo.email,
      SUDO_PASSWORD: sudo.password,
    });
  });
  afterAll(async () => {
    await browser.close();
    server.child.kill('SIGTERM');
    await server.exited;
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('on a phone, from My account, and signs in with the new one', async () => {
    const { context, page } = await newPage(browser, PHONE);
    await page.goto(`${server.baseUrl}/signin`);
    await page.getByLabel('E-mail', { exact: true }).fill(sudo.email);
    await page.getByLabel('Password', { exact: true }).fill(sudo.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/dashboard/sudo');

    await openMyAccount(page);
    await page.getByText(`Super user · signed in as ${sudo.email}`).waitFor();
    await changePassword(page, sudo.password, 'second-owner-2');
    await toast(page, CHANGED).waitFor();

    await page.getByRole('banner').getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL('**/signin');
    await page.getByLabel('E-mail', { exact: true }).fill(sudo.email);
    await page.getByLabel('Password', { exact: true }).fill(sudo.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    // Said in the sign-in form, not as a toast (docs/decisions/0024).
    await page.getByRole('alert').filter({ hasText: 'Invalid e-mail or password' }).waitFor();
    await page.getByLabel('Password', { exact: true }).fill('second-owner-2');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/dashboard/sudo');
    await context.close();
  });
});

const SHOTS_DIR = '/tmp/shots-35/passwords';

async function shoot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS_DIR, `${name}.png`), fullPage: true });
}

/** The path and fragment of the reset link in a mail's text, as the person's browser opens it. */
function resetPath(text: string): string {
  const url = /https?:\/\/\S+\/set-password#token=\S+/.exec(text)?.[0];
  if (!url) throw new Error(`No reset link in: ${text}`);
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.hash}`;
}

describe('Forgot password (docs/decisions/0068-password-reset-and-invitations.md)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser.close());

  it.each([
    {
      name: 'phone',
      viewport: PHONE,
      language: null,
      words: {
        forgot: 'Forgot password?',
        title: 'Forgot password | ClubTix',
        email: 'E-mail',
        send: 'Send the link',
        sent: 'Check your inbox',
        subject: 'Set a new password for ClubTix',
        heading: 'Choose a new password',
        password: 'New password',
        save: 'Save and sign in',
        done: 'Your new password is set. Every other session of your account is signed out.',
        addEvent: 'Add event',
      },
    },
    {
      name: 'desktop',
      viewport: DESKTOP,
      language: 'Deutsch',
      words: {
        forgot: 'Passwort vergessen?',
        title: 'Passwort vergessen | ClubTix',
        email: 'E-Mail',
        send: 'Link senden',
        sent: 'Sehen Sie in Ihrem Posteingang nach',
        subject: 'Neues Passwort für ClubTix festlegen',
        heading: 'Neues Passwort wählen',
        password: 'Neues Passwort',
        save: 'Speichern und anmelden',
        done: 'Ihr neues Passwort ist gespeichert. Alle anderen Sitzungen Ihres Kontos sind abgemeldet.',
        addEvent: 'Veranstaltung hinzufügen',
      },
    },
  ])(
    'from the sign-in page by mail to a new password, signed in, the old session ended ($name)',
    async ({ name, viewport, language, words }) => {
      const admin = await registerClubAdmin('Rita Reset');
      const { context, page } = await newPage(browser, viewport);
      await page.goto('/signin');
      if (language) {
        await page.getByTestId('language-picker').click();
        await page.getByRole('menuitem', { name: language }).click();
      }
      await page.getByRole('link', { name: words.forgot }).click();
      await waitForTitle(page, words.title);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await page.getByLabel(words.email, { exact: true }).fill(admin.user.email);
      await page.getByRole('button', { name: words.send }).click();
      await page.getByRole('status').filter({ hasText: words.sent }).waitFor();
      expect(await seriousA11yViolations(page)).toEqual([]);
      await shoot(page, `forgot-password-sent-${name}`);

      // The mail, in the language the page was read in, holds the link.
      await expect.poll(() => mailsTo(admin.user.email).then((mails) => mails.length), { timeout: 60_000 }).toBe(1);
      const [mail] = await mailsTo(admin.user.email);
      expect(mail!.subject).toBe(words.subject);
      await page.goto(resetPath(mail!.text ?? ''));
      await page.getByRole('heading', { name: words.heading }).waitFor();
      expect(await seriousA11yViolations(page)).toEqual([]);
      await shoot(page, `set-password-${name}`);
      await page.getByLabel(words.password).fill('brand-new-2026');
      await page.getByRole('button', { name: words.save }).click();
      await page.waitForURL('**/dashboard/admin');
      await toast(page, words.done).waitFor();

      // A club with no event yet: the dashboard leads with adding the first, above the fold.
      const first = page.getByTestId('first-event');
      const add = first.getByRole('link', { name: words.addEvent });
      await add.waitFor();
      const box = (await add.boundingBox())!;
      expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await shoot(page, `empty-dashboard-${name}`);

      // The session the person had before is over; the new password signs in.
      const before = await api('GET', '/auth/getAccount', { token: admin.token });
      expect(before.status).toBe(401);
      expect(
        (await api('POST', '/auth/signin', { body: { email: admin.user.email, password: 'brand-new-2026' } })).status,
      ).toBe(200);

      // The club's public page has the language picker every other header has.
      await page.goto(`/club/${admin.user.clubId}/event`);
      const picker = page.getByTestId('club-page-language').getByTestId('language-picker');
      await picker.waitFor();
      await picker.click();
      await page.getByRole('menuitem', { name: 'Français' }).click();
      await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('fr');
      // The menu closes after 250 ms (DECISIONS 15); axe reads the page once it is gone.
      await page.getByRole('menu').waitFor({ state: 'hidden' });
      expect(await seriousA11yViolations(page)).toEqual([]);
      await shoot(page, `club-page-language-${name}`);
      await context.close();
    },
  );
});

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  api,
  closeToasts,
  expectAccessible,
  launchBrowser,
  newPage,
  PHONE,
  seriousA11yViolations,
  signInThroughForm,
  sudoToken,
  toast,
  unique,
  waitForTitle,
} from '../helpers';

/** A club with two admins, made through the API as the super user. */
async function seedClubWithAdmins() {
  const token = await sudoToken();
  const club = await api<{ id: string; name: string }>('POST', '/club/save', {
    token,
    body: { name: unique('Riverside Runners') },
  });
  expect(club.status).toBe(200);
  const clubId = club.body.payload.id;
  const addAdmin = async (name: string) => {
    const email = `${unique(name.split(' ')[0]!.toLowerCase())}@example.org`;
    const saved = await api<{ id: string }>('POST', '/appUser/save', {
      token,
      body: { name, email, password: 'running2026', clubId },
    });
    expect(saved.status).toBe(200);
    return { id: saved.body.payload.id, name, email };
  };
  return { token, club: club.body.payload, cara: await addAdmin('Cara Captain'), dan: await addAdmin('Dan Deputy') };
}

/** Sudo's dashboard pages its clubs: a club is found by searching for its name, as with many clubs. */
async function clubCard(page: Page, name: string) {
  await page.getByLabel('Search clubs').fill(name);
  const card = page.getByRole('region', { name });
  await card.waitFor();
  return card;
}

async function adminsOf(token: string, clubId: string): Promise<string[]> {
  const listed = await api<{ appUsers: { email: string }[] }>('GET', '/appUser/getAppUsers', {
    token,
    query: { clubId },
  });
  return listed.body.payload.appUsers.map((user) => user.email);
}

describe('the super user manages clubs and their admins', () => {
  let browser: Browser;
  const files = mkdtempSync(path.join(tmpdir(), 'clubtix-e2e-files-'));
  const logo = path.join(files, 'logo.png');
  const fakeLogo = path.join(files, 'notes.png');

  beforeAll(async () => {
    browser = await launchBrowser();
    await sharp({ create: { width: 64, height: 64, channels: 3, background: '#7b2cbf' } })
      .png()
      .toFile(logo);
    writeFileSync(fakeLogo, 'this is a text file pretending to be an image');
  });
  afterAll(async () => {
    await browser.close();
    rmSync(files, { recursive: true, force: true });
  });

  it("creates a club with a logo, generates an admin's credentials, and that admin signs in", async () => {
    const { context, page } = await newPage(browser);
    const clubName = unique('Coastal Cyclists');
    await signInThroughForm(page, inject('sudoEmail'), inject('sudoPassword'));
    await page.waitForURL('**/dashboard/sudo');

    await page
      .getByRole('link', { name: 'Add club' })
      .or(page.getByRole('button', { name: 'Add club' }))
      .first()
      .click();
    await page.waitForURL('**/club/add');
    await waitForTitle(page, 'Add Club | ClubTix');
    await page.getByLabel('Club name', { exact: true }).fill(clubName);
    await page.getByLabel('Description').fill('Rides along the coast every Sunday');

    await page.locator('input[type="file"]').setInputFiles(fakeLogo);
    await toast(page, 'Only JPEG or PNG images (.jpeg, .jpg, .png) can be uploaded').waitFor();
    await page.locator('input[type="file"]').setInputFiles(logo);
    await page.locator('img[src^="/api/media/"]').first().waitFor();

    await page.getByRole('button', { name: 'Save' }).click();
    // A new club's next step is its first admin: saving lands on its credentials page.
    await page.waitForURL(/\/club\/[^/]+\/credential$/);
    await page
      .getByTestId('club-next-step')
      .getByText('Next step: add its first admin below.', { exact: false })
      .waitFor();
    await page.getByRole('heading', { name: 'Credentials' }).waitFor();
    await expectAccessible(page, 'the credentials page after Add club');
    const adminEmail = `${unique('captain')}@example.org`;
    await page.getByLabel('Name', { exact: true }).fill('Cara Captain');
    await page.getByLabel('E-mail', { exact: true }).fill(adminEmail);
    await page.getByRole('button', { name: 'Generate credentials' }).click();
    const shown = page.locator('[data-testid="generated-password"]');
    await shown.waitFor();
    const password = (await shown.textContent())!.trim();
    expect(password).toMatch(/^(?=.*\d).{8,}$/);
    await page.goto('/dashboard/sudo');
    const card = await clubCard(page, clubName);
    await card.locator('img[src^="/api/media/"]').waitFor();
    await context.close();

    const admin = await newPage(browser);
    await signInThroughForm(admin.page, adminEmail, password);
    await admin.page.waitForURL('**/dashboard/admin');
    await admin.page.getByText(clubName).first().waitFor();
    await admin.context.close();
  });

  it('edits and removes a club after confirmation', async () => {
    const { context, page } = await newPage(browser);
    const clubName = unique('Valley Voices');
    await signInThroughForm(page, inject('sudoEmail'), inject('sudoPassword'));
    await page.waitForURL('**/dashboard/sudo');
    await page
      .getByRole('link', { name: 'Add club' })
      .or(page.getByRole('button', { name: 'Add club' }))
      .first()
      .click();
    await page.getByLabel('Club name', { exact: true }).fill(clubName);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/club\/[^/]+\/credential$/);
    await page.goto('/dashboard/sudo');

    const card = await clubCard(page, clubName);
    await card.getByRole('link', { name: 'Edit' }).click();
    await page.waitForURL(/\/club\/edit\/.+/);
    const renamed = `${clubName} Choir`;
    await page.getByLabel('Club name', { exact: true }).fill(renamed);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL('**/dashboard/sudo');
    const renamedCard = await clubCard(page, renamed);

    await renamedCard.getByRole('button', { name: 'Remove' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
    await renamedCard.waitFor({ state: 'detached' });
    await context.close();
  });

  it("deletes a club's admin after confirmation; one already deleted elsewhere is refused with the server's message", async () => {
    const { token, club, cara, dan } = await seedClubWithAdmins();
    const { context, page } = await newPage(browser);
    await signInThroughForm(page, inject('sudoEmail'), inject('sudoPassword'));
    await page.waitForURL('**/dashboard/sudo');
    await clubCard(page, club.name);
    const admins = page.getByRole('region', { name: club.name }).getByRole('list', { name: `Admins of ${club.name}` });
    await admins.getByText(cara.email).waitFor();

    // Cancelling the confirmation deletes no one.
    await admins.getByRole('button', { name: `Delete admin ${cara.name} (${cara.email})` }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete admin?' });
    await confirm.getByText(`${cara.name} (${cara.email})`, { exact: false }).waitFor();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect(await adminsOf(token, club.id)).toContain(cara.email);

    await admins.getByRole('button', { name: `Delete admin ${cara.name} (${cara.email})` }).click();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await toast(page, 'Admin removed').waitFor();
    await admins.getByText(cara.email).waitFor({ state: 'detached' });
    await admins.getByText(dan.email).waitFor();
    expect(await adminsOf(token, club.id)).toEqual([dan.email]);
    // Deleted means gone: Cara's password no longer signs her in.
    expect((await api('POST', '/auth/signin', { body: { email: cara.email, password: 'running2026' } })).status).toBe(
      401,
    );
    await closeToasts(page);

    // The credentials page lists the same admins. Someone else deletes Dan while this one confirms.
    await page.getByRole('region', { name: club.name }).getByRole('link', { name: 'Credentials' }).click();
    await page.getByRole('heading', { level: 2, name: `Admins of ${club.name}` }).waitFor();
    const listed = page.getByRole('list', { name: `Admins of ${club.name}` });
    await listed.getByRole('button', { name: `Delete admin ${dan.name} (${dan.email})` }).click();
    const confirmDan = page.getByRole('dialog', { name: 'Delete admin?' });
    await confirmDan.getByText(`${dan.name} (${dan.email})`, { exact: false }).waitFor();
    expect((await api('GET', '/appUser/deleteAppUser', { token, query: { id: dan.id } })).status).toBe(200);
    await confirmDan.getByRole('button', { name: 'Delete' }).click();
    await toast(page, 'App user not found').waitFor();
    // The list is read again, so the stale entry goes.
    await page.getByText('No admins yet.').waitFor();
    await context.close();
  });

  it('shows clubs 50 at a time, with more on demand, and finds one by part of its name', async () => {
    const token = await sudoToken();
    const prefix = unique('Paging Club');
    for (let i = 1; i <= 53; i++) {
      const saved = await api('POST', '/club/save', {
        token,
        body: { name: `${prefix} ${String(i).padStart(2, '0')}` },
      });
      expect(saved.status).toBe(200);
    }
    const { context, page } = await newPage(browser, PHONE);
    await signInThroughForm(page, inject('sudoEmail'), inject('sudoPassword'));
    await page.waitForURL('**/dashboard/sudo');
    await page.getByLabel('Search clubs').fill(prefix);
    const cards = page.getByRole('region', { name: prefix });
    await page.getByRole('region', { name: `${prefix} 50` }).waitFor();
    expect(await cards.count()).toBe(50);
    await page.getByRole('button', { name: 'Show more clubs' }).click();
    await page.getByRole('region', { name: `${prefix} 53` }).waitFor();
    expect(await cards.count()).toBe(53);
    expect(await page.getByRole('button', { name: 'Show more clubs' }).count()).toBe(0);
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.getByLabel('Search clubs').fill(`${prefix} 07`);
    await expect.poll(() => cards.count()).toBe(1);
    await page.getByLabel('Search clubs').fill(`${prefix} 99`);
    await page.getByText(`No club's name contains "${prefix} 99".`).waitFor();
    await context.close();
  });
});

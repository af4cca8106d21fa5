import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newPage, signInThroughForm, toast, unique, waitForTitle } from '../helpers';

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
    await page.waitForURL('**/dashboard/sudo');
    const card = page.getByRole('region', { name: clubName });
    await card.locator('img[src^="/api/media/"]').waitFor();

    await card.getByRole('link', { name: 'Credentials' }).click();
    await page.waitForURL(/\/club\/[^/]+\/credential$/);
    const adminEmail = `${unique('captain')}@example.org`;
    await page.getByLabel('Name', { exact: true }).fill('Cara Captain');
    await page.getByLabel('E-mail', { exact: true }).fill(adminEmail);
    await page.getByRole('button', { name: 'Generate credentials' }).click();
    const shown = page.locator('[data-testid="generated-password"]');
    await shown.waitFor();
    const password = (await shown.textContent())!.trim();
    expect(password).toMatch(/^(?=.*\d).{8,}$/);
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
    await page.waitForURL('**/dashboard/sudo');

    const card = page.getByRole('region', { name: clubName });
    await card.getByRole('link', { name: 'Edit' }).click();
    await page.waitForURL(/\/club\/edit\/.+/);
    const renamed = `${clubName} Choir`;
    await page.getByLabel('Club name', { exact: true }).fill(renamed);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL('**/dashboard/sudo');
    const renamedCard = page.getByRole('region', { name: renamed });
    await renamedCard.waitFor();

    await renamedCard.getByRole('button', { name: 'Remove' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
    await renamedCard.waitFor({ state: 'detached' });
    await context.close();
  });
});

import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { watchCsp } from '../csp';
import { bookTwo } from '../door';
import { seedPublishedEvent, type SeededEvent } from '../fixtures';
import {
  DESKTOP,
  expectSettledAccessible,
  launchBrowser,
  newPage,
  PHONE,
  primeSession,
  watchMissingKeys,
} from '../helpers';

/**
 * The door, sign-in and account in another language (docs/product.md section 22): a person picks
 * Thai on a phone and works the door in it; a Spanish browser opens sign-in in Spanish.
 */
const SHOTS = '/tmp/shots-23';

/** The right edge of the header's last control: what must stay on a narrow phone's screen. */
async function headerRightEdge(page: Page): Promise<number> {
  return page.evaluate(() => {
    const controls = Array.from(document.querySelectorAll('header a, header button'));
    return Math.max(...controls.map((control) => control.getBoundingClientRect().right));
  });
}

describe('the door in Thai and sign-in in Spanish', () => {
  let browser: Browser;
  let seeded: SeededEvent;
  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    browser = await launchBrowser();
    seeded = await seedPublishedEvent();
  });
  afterAll(async () => browser.close());

  it('door staff pick ไทย on a phone: sign-in, the scanner, a typed short code admitted and again, the account', async () => {
    const { event, admin } = seeded;
    const { ada } = await bookTwo(seeded);
    const { context, page } = await newPage(browser, PHONE);
    const missing = watchMissingKeys(page);

    // Sign-in, switched to Thai with the header's picker; the choice holds for the rest of the visit.
    await page.goto('/signin');
    await page.getByTestId('language-picker').click();
    await page.getByRole('menuitem', { name: 'ไทย' }).click();
    await page.getByRole('heading', { name: 'เข้าสู่ระบบ' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('th');
    await page.getByRole('button', { name: 'เข้าสู่ระบบ' }).waitFor();
    await expectSettledAccessible(page, 'sign-in in Thai');
    await page.screenshot({ path: `${SHOTS}/door-th-signin-phone.png`, fullPage: true });
    await page.getByLabel('อีเมล', { exact: true }).fill(admin.user.email);
    await page.getByLabel('รหัสผ่าน', { exact: true }).fill('rowing2026');
    await page.getByRole('button', { name: 'เข้าสู่ระบบ' }).click();
    await page.waitForURL(/\/dashboard\//);

    // The scanner page, in Thai: the tab, the heading and the code field.
    await page.goto(`/event/${event.id}/checkin`);
    await page.getByRole('heading', { name: 'เช็คอิน', exact: true }).waitFor();
    await page.waitForFunction(() => document.title === 'เช็คอิน | ClubTix');
    await page.getByLabel('เช็คอินเมื่อสแกน').check();
    await expectSettledAccessible(page, 'check-in in Thai');

    // A short code typed: admitted, in the screen's own words.
    const field = page.getByLabel('สแกนหรือพิมพ์โค้ด');
    await field.fill(ada.shortCode);
    await field.press('Enter');
    const state = page.getByTestId('scan-state');
    await state.filter({ hasText: /^เช็คอินแล้ว$/ }).waitFor();
    await page.getByTestId('attendee-name').filter({ hasText: 'Ada Lovelace' }).waitFor();
    await page.getByRole('button', { name: 'ยกเลิกการเช็คอิน' }).waitFor();
    await expectSettledAccessible(page, 'admitted in Thai');
    await page.screenshot({ path: `${SHOTS}/door-th-admitted-phone.png`, fullPage: true });

    // The same code again: already checked in, with the time (the screen's words, not the server's).
    await field.fill(ada.shortCode);
    await field.press('Enter');
    await state.filter({ hasText: /^เช็คอินไปแล้วเมื่อ \d\d:\d\d$/ }).waitFor();
    await page.getByRole('heading', { name: 'การสแกนล่าสุด' }).waitFor();
    await expectSettledAccessible(page, 'already checked in, in Thai');
    await page.screenshot({ path: `${SHOTS}/door-th-again-phone.png`, fullPage: true });

    // The account page, and the header's words, in Thai.
    await page.goto('/dashboard/account');
    await page.getByRole('heading', { name: 'บัญชีของฉัน', level: 1 }).waitFor();
    await page.getByRole('heading', { name: 'เปลี่ยนรหัสผ่าน' }).waitFor();
    await page.getByRole('button', { name: 'ออกจากระบบ' }).waitFor();
    await expectSettledAccessible(page, 'account in Thai');
    await page.screenshot({ path: `${SHOTS}/door-th-account-phone.png`, fullPage: true });
    // The header still fits the phone: nothing pushes the page sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

    expect(missing).toEqual([]);
    await context.close();
  });

  it('a Spanish browser opens sign-in in Spanish on a desktop', async () => {
    const context = await browser.newContext({
      baseURL: inject('baseUrl'),
      viewport: DESKTOP,
      locale: 'es-ES',
      timezoneId: 'Europe/Madrid',
    });
    await watchCsp(context);
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    const missing = watchMissingKeys(page);
    await page.goto('/signin');
    await page.getByRole('heading', { name: 'Iniciar sesión' }).waitFor();
    await page.getByLabel('Correo electrónico', { exact: true }).waitFor();
    await page.getByLabel('Contraseña', { exact: true }).waitFor();
    await page.getByRole('link', { name: 'Crear una cuenta' }).waitFor();
    expect(await page.getByTestId('language-picker').textContent()).toBe('ES');
    await page.waitForFunction(() => document.title === 'Iniciar sesión | ClubTix');
    await expectSettledAccessible(page, 'sign-in in Spanish');
    await page.screenshot({ path: `${SHOTS}/door-es-signin-desktop.png` });
    expect(missing).toEqual([]);
    await context.close();
  });

  it('keeps the header on a 375 px phone in every language, signed out and signed in', async () => {
    const { admin } = seeded;
    const { context, page } = await newPage(browser, { width: 375, height: 812 });
    for (const language of ['en', 'th', 'fr', 'es', 'de']) {
      await page.goto('/');
      await page.evaluate((picked) => localStorage.setItem('clubtix.language', picked), language);
      await page.goto('/signin');
      await page.getByTestId('language-picker').filter({ hasText: language.toUpperCase() }).waitFor();
      expect(await headerRightEdge(page), `${language}, signed out`).toBeLessThanOrEqual(375);
    }
    await primeSession(page, admin.token, admin.user);
    for (const language of ['en', 'th', 'fr', 'es', 'de']) {
      await page.evaluate((picked) => localStorage.setItem('clubtix.language', picked), language);
      await page.goto('/dashboard/account');
      await page.getByTestId('language-picker').filter({ hasText: language.toUpperCase() }).waitFor();
      await page.getByRole('heading', { level: 1 }).waitFor();
      expect(await headerRightEdge(page), `${language}, signed in`).toBeLessThanOrEqual(375);
      if (language === 'fr') await page.screenshot({ path: `${SHOTS}/door-fr-header-phone.png` });
    }
    await context.close();
  });
});

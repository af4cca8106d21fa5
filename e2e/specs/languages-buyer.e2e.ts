import { mkdirSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { watchCsp } from '../csp';
import { seedPublishedEvent } from '../fixtures';
import {
  DESKTOP,
  expectSettledAccessible,
  launchBrowser,
  newPage,
  PHONE,
  unique,
  waitForTitle,
  watchMissingKeys,
} from '../helpers';

/** Screenshots of the translated screens, to look at long words and line breaks (Thai especially). */
const SHOTS = '/tmp/shots-23';

/**
 * The buyer's screens in another language (docs/product.md section 22): picked with the header's
 * picker (and kept after a reload), or the browser's own when nothing was picked.
 */
describe('a buyer in French, then in Thai', () => {
  let browser: Browser;
  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    browser = await launchBrowser();
  });
  afterAll(async () => browser.close());

  it('picks Français on a phone, buys a ticket in French, keeps French after a reload; Thai follows the browser', async () => {
    const { event } = await seedPublishedEvent();
    const buyer = `${unique('amelie')}@example.org`;
    const { context, page } = await newPage(browser, PHONE);
    const missing = watchMissingKeys(page);

    await page.goto(`/${event.slug}`);
    await waitForTitle(page, `${event.title} | ClubTix`);
    await page.getByRole('link', { name: 'Buy tickets' }).waitFor();
    await page.getByTestId('language-picker').click();
    await page.getByRole('menuitem', { name: 'Français' }).click();

    // The event page in French: the call to buy, the headings, the date with a French weekday.
    const buy = page.getByRole('link', { name: 'Acheter des billets' });
    await buy.waitFor();
    await page.getByRole('heading', { name: 'Quand et où' }).waitFor();
    await page
      .getByTestId('event-dates')
      .filter({ hasText: /^jeu\. 15\/08\/2030, 10:00 – 17:00$/ })
      .waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('fr');
    expect(await page.getByText('Buy tickets').count()).toBe(0);
    await expectSettledAccessible(page, 'the event page in French on a phone');
    await page.screenshot({ path: `${SHOTS}/fr-event-phone.png`, fullPage: true });

    // Step 1: one Adult, priced in French (the pound after the amount).
    await buy.click();
    await page.waitForURL(`**/${event.slug}/tickets`);
    await page.getByRole('heading', { name: 'Choisir des billets' }).waitFor();
    await page.getByRole('button', { name: 'Ajouter un Adult' }).click();
    await page.getByTestId('selection-total').filter({ hasText: '1 billet' }).filter({ hasText: /25\s£/ }).waitFor();
    await page.getByLabel('E-mail', { exact: true }).fill(buyer);
    await page.getByRole('button', { name: 'Continuer', exact: true }).click();

    // Step 2: the attendee, in French words around the organiser's own questions.
    await page.waitForURL(`**/${event.slug}/attendee-form`);
    const attendee = page.getByRole('group', { name: /^Participant 1\s: Adult$/ });
    await attendee.getByLabel('Prénom', { exact: true }).fill('Amélie');
    await attendee.getByLabel('Nom', { exact: true }).fill('Poulain');
    await attendee.getByLabel('E-mail', { exact: true }).fill(buyer);
    await attendee.getByLabel('Dietary needs', { exact: true }).fill('Végétarienne');
    await page
      .getByRole('group', { name: 'À propos de votre réservation' })
      .getByLabel('How did you hear about us?')
      .selectOption('A friend');
    await page.getByRole('button', { name: 'Continuer vers le paiement' }).click();

    // Step 3: the order and the simulated card form, in French.
    await page.waitForURL(`**/${event.slug}/checkout`);
    await page.getByRole('button', { name: 'Vérifier la commande' }).click();
    const card = page.getByTestId('test-card-form');
    await card.getByText('Mode test : aucun paiement réel', { exact: false }).waitFor();
    await expectSettledAccessible(page, 'the checkout in French on a phone');
    await card.getByLabel('Numéro de carte').fill('4242 4242 4242 4242');
    await card.getByRole('button', { name: /^Payer 25\s£$/ }).click();

    // The success page in French, money in French form; a reload keeps French.
    await page.waitForURL(`**/${event.slug}/success`);
    await page.getByText('Votre inscription est confirmée.').waitFor();
    await page.getByTestId('order-total').filter({ hasText: /25\s£/ }).waitFor();
    await page.getByRole('heading', { name: 'Vos billets' }).waitFor();
    await expectSettledAccessible(page, 'the success page in French on a phone');
    await page.screenshot({ path: `${SHOTS}/fr-success-phone.png`, fullPage: true });
    await page.reload();
    await page.getByText('Votre inscription est confirmée.').waitFor();
    await page.getByRole('link', { name: 'Ouvrir le billet' }).waitFor();
    expect(missing).toEqual([]);
    // The page the server writes before the app runs (the event's first paint) follows the pick too.
    const served = await (await context.request.get(`/${event.slug}`)).text();
    expect(served).toMatch(/<html[^>]* lang="fr"/);
    expect(served).toContain('jeu. 15/08/2030');
    await context.close();

    // A desktop browser set to Thai, nothing picked: the event page in Thai, Gregorian year, Latin digits.
    const thai = await browser.newContext({
      baseURL: inject('baseUrl'),
      viewport: DESKTOP,
      locale: 'th-TH',
      timezoneId: 'Asia/Bangkok',
    });
    await watchCsp(thai);
    const thaiPage = await thai.newPage();
    thaiPage.setDefaultTimeout(15_000);
    const thaiMissing = watchMissingKeys(thaiPage);
    await thaiPage.goto(`/${event.slug}`);
    await thaiPage.getByRole('link', { name: 'ซื้อตั๋ว' }).waitFor();
    await thaiPage.getByRole('heading', { name: 'วันเวลาและสถานที่' }).waitFor();
    await thaiPage.getByTestId('event-dates').filter({ hasText: '15/08/2030, 10:00 – 17:00' }).waitFor();
    expect(await thaiPage.locator('html').getAttribute('lang')).toBe('th');
    expect(await thaiPage.getByText('Buy tickets').count()).toBe(0);
    await expectSettledAccessible(thaiPage, 'the event page in Thai on a desktop');
    await thaiPage.screenshot({ path: `${SHOTS}/th-event-desktop.png`, fullPage: true });
    // Thai's long unbroken words on a phone: the ticket selection, looked at in the screenshot.
    await thaiPage.setViewportSize(PHONE);
    await thaiPage.goto(`/${event.slug}/tickets`);
    await thaiPage.getByRole('button', { name: 'เพิ่ม Adult หนึ่งใบ' }).click();
    await thaiPage.getByTestId('selection-total').filter({ hasText: '1 ใบ' }).waitFor();
    await expectSettledAccessible(thaiPage, 'the ticket selection in Thai on a phone');
    await thaiPage.screenshot({ path: `${SHOTS}/th-tickets-phone.png`, fullPage: true });
    expect(thaiMissing).toEqual([]);
    await thai.close();
  });
});

import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../attendee-list';
import { seedPublishedEvent, type SeededEvent } from '../fixtures';
import {
  api,
  DESKTOP,
  expectSettledAccessible,
  launchBrowser,
  newPage,
  PHONE,
  primeSession,
  watchMissingKeys,
} from '../helpers';
import { buyViaApi, person } from '../money';

const SHOTS_DIR = '/tmp/shots-23';

async function shoot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS_DIR, `${name}.png`), fullPage: true });
}

/**
 * docs/product.md section 22: an organiser picks Deutsch and the organiser's screens read German (the
 * dashboard, the event form with a field's error, the attendee list, the sales page), with German
 * money, no missing catalogue key, on a phone and a desktop; the choice holds after a reload. The
 * walk's screens (orders, an access code, the club's contact e-mail) are read in German there too.
 */
describe('the organiser’s screens in German', () => {
  let browser: Browser;
  let seeded: SeededEvent;
  beforeAll(async () => {
    browser = await launchBrowser();
    seeded = await seedPublishedEvent();
    await buyViaApi(seeded, person('sprache'), { quantity: 1 });
    // A buyer who starts over lets the first hold go: it lists as expired, never as money owed.
    const hold = {
      eventId: seeded.event.id,
      email: 'neustart@example.org',
      tickets: [{ ticketId: seeded.adult.id, quantity: 1 }],
    };
    for (let i = 0; i < 2; i++)
      expect((await api('POST', '/registration/initRegistration', { body: hold })).status).toBe(200);
  });
  afterAll(async () => browser?.close());

  for (const [name, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    it(`reads German on a ${name}, and keeps it after a reload`, async () => {
      const { context, page } = await newPage(browser, viewport);
      const missing = watchMissingKeys(page);
      await primeSession(page, seeded.admin.token, seeded.admin.user);

      // The dashboard: pick Deutsch in the header.
      await page.goto('/dashboard/admin');
      await page.getByRole('heading', { name: 'Admin dashboard' }).waitFor();
      await page.getByTestId('language-picker').click();
      await page.getByRole('menuitem', { name: 'Deutsch' }).click();
      await page.getByRole('heading', { name: 'Admin-Dashboard' }).waitFor();
      await page.getByRole('heading', { name: 'Veranstaltungen' }).waitFor();
      expect(await page.getByText('Team and door staff').count()).toBe(0);
      await page.reload();
      await page.getByRole('heading', { name: 'Admin-Dashboard' }).waitFor();
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('de');
      await expectSettledAccessible(page, `the admin dashboard in German on a ${name}`);
      if (name === 'phone') await shoot(page, 'admin-dashboard-de-phone');

      // The event form: a field's own check says what is wrong, in German.
      await page.goto('/tour/add');
      await page.getByRole('heading', { name: 'Veranstaltung hinzufügen' }).waitFor();
      const perOrder = page.getByLabel('Max. Tickets pro Bestellung');
      await perOrder.fill('');
      await page.getByRole('button', { name: 'Veranstaltung speichern' }).click();
      await page.getByText('Tickets pro Bestellung ist erforderlich').waitFor();
      await page.getByText('Wo und wann').waitFor();
      await expectSettledAccessible(page, `the event form in German on a ${name}`);

      // The attendee list.
      await page.goto(`/event/${seeded.event.id}/attendees`);
      await page.getByRole('heading', { name: 'Teilnehmer', exact: true }).waitFor();
      await page.getByLabel('Teilnehmer suchen').waitFor();
      await eventually(() => page.getByTestId('attendee-count').textContent()).toBe('1–1 von 1 Teilnehmer');
      await page
        .getByRole('button', { name: /einchecken$/ })
        .first()
        .waitFor();
      await expectSettledAccessible(page, `the attendee list in German on a ${name}`);
      if (name === 'phone') await shoot(page, 'attendees-de-phone');

      // The orders: each card's money in German words and money (decision 0069).
      await page.goto(`/event/${seeded.event.id}/attendees?tab=orders`);
      await page.getByTestId('order').first().waitFor();
      await eventually(() => page.getByTestId('order-amount').first().textContent()).toMatch(/^25\s£$/);
      await expectSettledAccessible(page, `the orders in German on a ${name}`);
      await shoot(page, `orders-de-${name}`);
      await page.goto(`/event/${seeded.event.id}/attendees?tab=orders&status=all`);
      const expired = page.getByTestId('order').filter({ hasText: 'Abgelaufen, nicht bezahlt' });
      await expired.first().waitFor();
      expect(await expired.count()).toBe(1);
      expect(await expired.getByTestId('order-amount').evaluate((el) => getComputedStyle(el).textDecorationLine)).toBe(
        'line-through',
      );
      await expectSettledAccessible(page, `every order, one expired, in German on a ${name}`);

      // An access code that takes nothing off, with its German refusal (decision 0071).
      await page.goto(`/event/${seeded.event.id}/discounts`);
      await page.getByRole('button', { name: 'Code hinzufügen' }).click();
      const dialog = page.getByRole('dialog', { name: 'Code hinzufügen' });
      await dialog.getByLabel('Code', { exact: true }).fill(`NULL-${name.toUpperCase()}`);
      await dialog.getByLabel('Prozent', { exact: true }).fill('0');
      await dialog.getByRole('button', { name: 'Code speichern' }).click();
      await dialog.getByText('Ein Code, der nichts abzieht, muss versteckte Tickets freischalten').waitFor();
      await expectSettledAccessible(page, `the access code's refusal in German on a ${name}`);
      await shoot(page, `discount-zero-de-${name}`);

      // The club form's contact e-mail, where replies to the club's mails go (decision 0067).
      await page.goto(`/club/edit/${encodeURIComponent(seeded.admin.user.clubId!)}`);
      await page.getByLabel('Kontakt-E-Mail').fill('not an address');
      await page.getByRole('button', { name: 'Speichern' }).click();
      await eventually(() => page.getByLabel('Kontakt-E-Mail').getAttribute('aria-invalid')).toBe('true');
      await expectSettledAccessible(page, `the club form's contact e-mail in German on a ${name}`);
      await shoot(page, `club-contact-de-${name}`);

      // The sales page: German words and German money.
      await page.goto(`/event/${seeded.event.id}/sales`);
      await page.getByRole('heading', { name: 'Verkäufe', exact: true }).waitFor();
      await page.getByRole('heading', { name: 'Was verkauft wurde' }).waitFor();
      await eventually(() => page.getByTestId('sales-gross').textContent()).toMatch(/^25\s£$/);
      await page.getByRole('figure', { name: 'Einnahmen pro Tag' }).waitFor();
      await expectSettledAccessible(page, `the sales page in German on a ${name}`);
      await shoot(page, `sales-de-${name}`);

      // Thai on the phone: long words and no spaces between them must still fit (screenshots for review).
      if (name === 'phone') {
        await page.getByTestId('language-picker').click();
        await page.getByRole('menuitem', { name: 'ไทย' }).click();
        await page.getByRole('heading', { name: 'ยอดขาย', exact: true }).waitFor();
        await shoot(page, 'sales-th-phone');
        await page.goto('/tour/add');
        await page.getByRole('heading', { name: 'เพิ่มอีเวนต์' }).waitFor();
        await shoot(page, 'event-form-th-phone');
        await page.goto(`/event/${seeded.event.id}/attendees`);
        await eventually(() => page.getByTestId('attendee-count').textContent()).toBe('แสดง 1–1 จาก ผู้เข้าร่วม 1 คน');
        await expectSettledAccessible(page, 'the attendee list in Thai on a phone');
        await shoot(page, 'attendees-th-phone');
      }

      expect(missing).toEqual([]);
      await context.close();
    });
  }
});

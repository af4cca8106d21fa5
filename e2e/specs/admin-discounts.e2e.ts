import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../attendee-list';
import { seedPublishedEvent, type SeededEvent } from '../fixtures';
import {
  api,
  closeToasts,
  DESKTOP,
  launchBrowser,
  newPage,
  PHONE,
  primeSession,
  waitForTitle,
  expectSettledAccessible,
} from '../helpers';
import { buyViaApi, person, shoot } from '../money';

/** An event's discount and access codes, managed by its admin (docs/decisions/0028-discount-and-access-codes.md). */
describe('the discount codes screen', () => {
  let browser: Browser;
  let seeded: SeededEvent;
  beforeAll(async () => {
    browser = await launchBrowser();
    seeded = await seedPublishedEvent();
  });
  afterAll(async () => browser?.close());

  const open = async (page: Page) => {
    await primeSession(page, seeded.admin.token, seeded.admin.user);
    await page.goto(`/event/${seeded.event.id}/discounts`);
    await waitForTitle(page, 'Discount Codes | ClubTix');
  };

  it('creates, edits, deactivates and deletes a code, showing its uses', async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    await open(page);
    await page.getByText('No codes yet.', { exact: false }).waitFor();
    await expectSettledAccessible(page, 'the discount codes screen, empty');

    await page.getByRole('button', { name: 'Add code' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add code' });
    await dialog.getByLabel('Code', { exact: true }).fill('SUMMER10');
    await dialog.getByLabel('Percent', { exact: true }).fill('10');
    await dialog.getByRole('checkbox', { name: 'Adult' }).check();
    await dialog.getByLabel('Use limit', { exact: true }).fill('5');
    await expectSettledAccessible(page, 'the add code dialog');
    await shoot(page, 'admin-discounts-dialog-desktop');
    await dialog.getByRole('button', { name: 'Save code' }).click();
    await dialog.waitFor({ state: 'detached' });

    const card = page.getByRole('article', { name: 'SUMMER10' });
    await eventually(() => card.textContent()).toContain('10% off');
    await eventually(() => card.getByTestId('discount-uses').textContent()).toBe('Uses: 0 / 5');
    await eventually(() => card.getByTestId('discount-tickets').textContent()).toBe('Tickets: Adult');
    await eventually(() => card.getByTestId('discount-window').textContent()).toBe('Valid: Any time');
    await eventually(() => card.getByTestId('discount-link').textContent()).toMatch(
      new RegExp(`/${seeded.event.slug}/tickets\\?code=SUMMER10$`),
    );

    // Edited into £5 off each ticket: the amount is typed in pounds.
    await card.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit code' });
    await edit.getByRole('radio', { name: 'Amount off each ticket' }).check();
    await edit.getByLabel('Amount', { exact: true }).fill('5');
    await edit.getByRole('button', { name: 'Save code' }).click();
    await edit.waitFor({ state: 'detached' });
    await eventually(() => card.textContent()).toContain('£5 off each ticket');

    // A buyer uses it (in any case): the list shows the use.
    const bought = await buyViaApi(seeded, person('coded'), { discountCode: 'summer10' });
    expect(bought.order).toMatchObject({ discountCode: 'SUMMER10', discountAmount: 500, amount: 2000 });
    await page.reload();
    await eventually(() => card.getByTestId('discount-uses').textContent()).toBe('Uses: 1 / 5');

    await card.getByRole('button', { name: 'Deactivate' }).click();
    await eventually(() => card.getByTestId('item-state').textContent()).toBe('Inactive');
    await shoot(page, 'admin-discounts-desktop');
    await closeToasts(page);

    await card.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete code?' });
    await expectSettledAccessible(page, 'the delete code confirmation');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await card.waitFor({ state: 'detached' });
    await page.reload();
    await page.getByText('No codes yet.', { exact: false }).waitFor();
    await context.close();
  });

  it('saves an access code that takes nothing off: 0 % stays 0 and must open a hidden ticket', async () => {
    const crew = await api('POST', '/ticket/save', {
      token: seeded.admin.token,
      body: { eventId: seeded.event.id, name: 'Crew', price: 1000, quantity: 10, hidden: true },
    });
    expect(crew.status).toBe(200);
    const { context, page } = await newPage(browser, DESKTOP);
    await open(page);
    await page.getByRole('button', { name: 'Add code' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add code' });
    await dialog.getByLabel('Code', { exact: true }).fill('OPEN-CREW');
    const percent = dialog.getByLabel('Percent', { exact: true });
    await percent.fill('0');
    await percent.blur();
    // Never turned into 1 %: 0 stays, and asks for the hidden tickets it opens.
    expect(await percent.inputValue()).toBe('0%');
    await dialog.getByRole('button', { name: 'Save code' }).click();
    await dialog.getByText('A code that takes nothing off must open hidden tickets: choose them below').waitFor();
    await dialog.getByRole('checkbox', { name: /^Crew/ }).check();
    await expectSettledAccessible(page, 'the add code dialog, an access code');
    await shoot(page, 'admin-discounts-access-code-desktop');
    await dialog.getByRole('button', { name: 'Save code' }).click();
    await dialog.waitFor({ state: 'detached' });
    const card = page.getByRole('article', { name: 'OPEN-CREW' });
    await eventually(() => card.textContent()).toContain('0% off');
    await card.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit code' });
    expect(await edit.getByLabel('Percent', { exact: true }).inputValue()).toBe('0%');
    await context.close();
  });

  it('fits a phone, list and dialog', async () => {
    const { context, page } = await newPage(browser, PHONE);
    await primeSession(page, seeded.admin.token, seeded.admin.user);
    await page.goto(`/event/${seeded.event.id}/discounts`);
    await waitForTitle(page, 'Discount Codes | ClubTix');
    await page.getByRole('button', { name: 'Add code' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add code' });
    const codeField = dialog.getByLabel('Code', { exact: true });
    await codeField.fill('CREW');
    await dialog.getByLabel('Percent', { exact: true }).fill('100');
    // A new code shorter than 6 characters is refused on its field before anything is sent.
    await dialog.getByRole('button', { name: 'Save code' }).click();
    await dialog.getByText('A new code has at least 6 characters').waitFor();
    await eventually(() => codeField.getAttribute('aria-invalid')).toBe('true');
    await codeField.fill('CREW-PASS');
    await expectSettledAccessible(page, 'the add code dialog on a phone');
    await shoot(page, 'admin-discounts-dialog-phone');
    await dialog.getByRole('button', { name: 'Save code' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('article', { name: 'CREW-PASS' }).waitFor();
    await expectSettledAccessible(page, 'the discount codes screen on a phone');
    await shoot(page, 'admin-discounts-phone');
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(PHONE.width);
    await context.close();
  });
});

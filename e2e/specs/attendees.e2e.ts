import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TExtrasPurchase, TPaymentIntent } from '@clubtix/contract';
import { buyTicketsViaApi, seedPublishedEvent, type SeededEvent } from '../fixtures';
import { api, closeToasts, launchBrowser, newPage, primeSession, toast, unique, waitForTitle } from '../helpers';

/** An extra bought on its own and paid with the test card, through the public API. */
async function buyExtraViaApi(seeded: SeededEvent, email: string): Promise<TExtrasPurchase> {
  const purchase = await api<TExtrasPurchase>('POST', '/extras/purchaseExtras', {
    body: { eventId: seeded.event.id, extrasId: seeded.lunch.id, quantity: 2, email },
  });
  expect(purchase.status).toBe(200);
  const intent = await api<TPaymentIntent>('POST', '/stripe/create-payment-intent', {
    body: { extrasPurchaseId: purchase.body.payload.id },
  });
  const paid = await api('POST', '/stripe/confirm-payment', {
    body: { paymentIntentId: intent.body.payload.paymentIntentId, testCard: '4242424242424242' },
  });
  expect(paid.status).toBe(200);
  return purchase.body.payload;
}

const rows = (page: Page) => page.getByTestId('attendee');

/** A choice of a segmented control: its radio is hidden behind the label a person clicks. */
const choose = (page: Page, label: string) =>
  page
    .locator('label')
    .filter({ hasText: new RegExp(`^${label}$`) })
    .click();

/** The admin's working view of who is coming (issue 5), on a desktop browser. */
describe('the attendee list, its export and the import', () => {
  let browser: Browser;
  let page: Page;
  let seeded: SeededEvent;
  const ada = { firstName: 'Ada', lastName: 'Lovelace', email: `${unique('ada')}@example.org` };
  const grace = { firstName: 'Grace', lastName: 'Hopper', email: `${unique('grace')}@example.org` };
  const alan = { firstName: 'Alan', lastName: 'Turing', email: `${unique('alan')}@example.org` };

  beforeAll(async () => {
    seeded = await seedPublishedEvent();
    await buyTicketsViaApi(seeded, [ada, grace]);
    const { registration } = await buyTicketsViaApi(seeded, [alan]);
    const checkedIn = await api('POST', '/checkin/save', {
      token: seeded.admin.token,
      body: {
        eventId: seeded.event.id,
        registrationId: registration.registrationId,
        attendeeId: registration.attendees[0]!.attendeeId,
      },
    });
    expect(checkedIn.status).toBe(200);
    await buyExtraViaApi(seeded, `${unique('picnic')}@example.org`);
    browser = await launchBrowser();
    ({ page } = await newPage(browser));
    await primeSession(page, seeded.admin.token, seeded.admin.user);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('finds attendees by name and e-mail, and filters Pending and Checked-in', async () => {
    await page.goto(`/event/${seeded.event.id}/attendees`);
    await waitForTitle(page, 'Attendees | ClubTix');
    await expect.poll(() => rows(page).count()).toBe(3);

    // Each row shows the attendee's answers and what the registration paid (two Adult tickets at £25).
    const graceRow = rows(page).filter({ hasText: 'Grace Hopper' });
    await expect.poll(() => graceRow.textContent()).toContain('Dietary needs: None');
    await expect.poll(() => graceRow.textContent()).toContain('Paid £50');

    const search = page.getByLabel('Search attendees');
    await search.fill('hopper');
    await expect.poll(() => rows(page).allInnerTexts()).toEqual([expect.stringContaining('Grace Hopper')]);
    await search.fill(alan.email);
    await expect.poll(() => rows(page).allInnerTexts()).toEqual([expect.stringContaining('Alan Turing')]);
    await search.fill('');
    await expect.poll(() => rows(page).count()).toBe(3);

    await choose(page, 'Checked-in');
    await expect.poll(() => rows(page).allInnerTexts()).toEqual([expect.stringContaining('Alan Turing')]);
    await choose(page, 'Pending');
    await expect.poll(() => rows(page).count()).toBe(2);
    await expect.poll(() => rows(page).filter({ hasText: 'Alan Turing' }).count()).toBe(0);
    await choose(page, 'All');
    await expect.poll(() => rows(page).count()).toBe(3);
  });

  it('sends a ticket again', async () => {
    await page.getByRole('button', { name: 'More actions for Grace Hopper' }).click();
    await page.getByRole('menuitem', { name: 'Send ticket' }).click();
    // No SMTP_URL in this run: the product says the mail waits in the outbox (delivery over SMTP is
    // tested against a real SMTP listener in ticket-mail.int.test.ts).
    await expect.poll(() => toast(page, /Ticket sent|kept in the outbox/).count()).toBeGreaterThan(0);
    await closeToasts(page);
  });

  it('downloads the export with the name of SPEC.md section 7, one row per attendee', async () => {
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export to Excel' }).click(),
    ]);
    // The product names it Attendee-report-event-{id}-{yyyy-mm-ddThh:mm:ss}.xlsx; Chromium saves the
    // colons of the time as underscores, as it does for any file name.
    expect(download.suggestedFilename()).toMatch(
      new RegExp(`^Attendee-report-event-${seeded.event.id}-\\d{4}-\\d{2}-\\d{2}T\\d{2}[:_]\\d{2}[:_]\\d{2}\\.xlsx$`),
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await download.path());
    const sheet = workbook.worksheets[0]!;
    const names: string[] = [];
    sheet.eachRow((row, index) => {
      if (index > 1) names.push(row.values ? String((row.values as unknown[]).join(' ')) : '');
    });
    expect(names).toHaveLength(3);
    expect(names.join('\n')).toContain('Lovelace');
    expect(names.join('\n')).toContain('Turing');
    await expect.poll(() => toast(page, 'Attendee report downloaded').count()).toBeGreaterThan(0);
    await closeToasts(page);
  });

  it('deletes an attendee after confirming; the last one of a paid registration is refused', async () => {
    await page.getByRole('button', { name: 'More actions for Ada Lovelace' }).click();
    await page.getByRole('menuitem', { name: 'Delete attendee' }).click();
    await page.getByRole('button', { name: 'Delete attendee' }).click();
    await expect.poll(() => toast(page, 'Attendee deleted').count()).toBeGreaterThan(0);
    await expect.poll(() => rows(page).count()).toBe(2);
    await expect.poll(() => rows(page).filter({ hasText: 'Ada Lovelace' }).count()).toBe(0);

    // Grace is now the last of a paid registration: deleting her would delete a paid order.
    await page.getByRole('button', { name: 'More actions for Grace Hopper' }).click();
    await page.getByRole('menuitem', { name: 'Delete attendee' }).click();
    await page.getByRole('button', { name: 'Delete attendee' }).click();
    await expect
      .poll(() => toast(page, 'This registration has a paid order; cancel it instead').count())
      .toBeGreaterThan(0);
    await expect.poll(() => rows(page).count()).toBe(2);
    await closeToasts(page);
  });

  it('shows the extras bought, Not Redeemed and Redeemed, and the orders with their payment status', async () => {
    await page.getByRole('tab', { name: 'Extras' }).click();
    await expect.poll(() => page.getByTestId('extras-purchase').count()).toBe(1);
    await expect.poll(() => page.getByTestId('extras-purchase').textContent()).toContain('Picnic lunch × 2');
    await expect.poll(() => page.getByTestId('extras-purchase').textContent()).toContain('Not Redeemed');
    await choose(page, 'Redeemed');
    await page.getByText('No extras match this filter.').waitFor();
    await choose(page, 'Not Redeemed');
    await expect.poll(() => page.getByTestId('extras-purchase').count()).toBe(1);

    await page.getByRole('tab', { name: 'Orders' }).click();
    // Two orders were paid; deleting attendees does not delete a paid order.
    await expect.poll(() => page.getByTestId('order').count()).toBeGreaterThan(0);
    const first = page.getByTestId('order').first();
    // The newest order is Alan's: its buyer's e-mail says whose it is.
    await expect.poll(() => first.textContent()).toContain(alan.email);
    await expect.poll(() => first.textContent()).toContain('Paid');
    await first.getByRole('button', { name: 'Items' }).click();
    const dialog = page.getByRole('dialog', { name: 'Order' });
    await expect.poll(() => dialog.getByRole('table', { name: 'Order items' }).textContent()).toContain('Adult');
    await dialog.getByRole('button').first().click();
  });

  it('imports a CSV: a bad row is named and nothing is imported; the fixed file imports', async () => {
    const header = 'firstName,lastName,email,Dietary needs,T-shirt size,How did you hear about us?';
    const good = (n: number) => `Rower${n},Crew,${unique(`rower${n}`)}@example.org,None,Medium,Poster`;
    const bad = 'Bad,Row,not-an-email,None,Enormous,Poster';
    const file = (lines: string[]) => ({
      name: 'crew.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from([header, ...lines].join('\n')),
    });

    await page.goto(`/import?eventId=${seeded.event.id}`);
    await waitForTitle(page, 'Import | ClubTix');
    await page.getByLabel('Ticket type').selectOption({ label: 'Adult' });
    await page.getByLabel('File', { exact: true }).setInputFiles(file([good(1), bad, good(3)]));
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    const problems = page.getByRole('table', { name: 'Rows with problems' });
    await problems.waitFor();
    await expect.poll(() => problems.textContent()).toContain('3');
    await page.getByRole('alert').filter({ hasText: 'Nothing was imported' }).waitFor();

    await page.getByLabel('File', { exact: true }).setInputFiles(file([good(1), good(2), good(3)]));
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await page
      .getByRole('status')
      .filter({ hasText: /Imported 3 attendees/ })
      .waitFor();

    await page.goto(`/event/${seeded.event.id}/attendees`);
    await page.getByLabel('Search attendees').fill('Crew');
    await expect.poll(() => rows(page).count()).toBe(3);

    // An imported attendee is alone in its registration, with no order: deleting it removes both.
    await page.getByRole('button', { name: 'More actions for Rower2 Crew' }).click();
    await page.getByRole('menuitem', { name: 'Delete attendee' }).click();
    await page.getByRole('button', { name: 'Delete attendee' }).click();
    await expect.poll(() => toast(page, 'Attendee and registration deleted').count()).toBeGreaterThan(0);
    await expect.poll(() => rows(page).count()).toBe(2);
  });
});

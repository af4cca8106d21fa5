import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerClubAdmin } from '../fixtures';
import {
  closeToasts,
  DESKTOP,
  expectAccessible,
  launchBrowser,
  newPage,
  PHONE,
  primeSession,
  toast,
  unique,
} from '../helpers';

/** A new event shows its next steps, and publishing is an action with a checklist (docs/decisions/0024, item 8). */
describe('an admin publishes a new event from its checklist', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser.close());

  it.each([
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ])('create, see the next step, add a ticket, publish, find it public (%s)', async (_, viewport) => {
    const admin = await registerClubAdmin('Quay Rowers');
    const { context, page } = await newPage(browser, viewport);
    await primeSession(page, admin.token, admin.user);
    await page.goto('/tour/add');
    const title = unique('Harbour Row');
    await page.getByLabel('Title', { exact: true }).fill(title);
    await page.getByLabel('Venue', { exact: true }).fill('Harbour Steps');
    await page.getByLabel('Start date', { exact: true }).fill('15/08/2030');
    await page.getByLabel('Start time', { exact: true }).fill('10:00');
    await page.getByLabel('End date', { exact: true }).fill('15/08/2030');
    await page.getByLabel('End time', { exact: true }).fill('17:00');
    await page.getByRole('button', { name: 'Save event' }).click();

    // Saving lands on the event itself, with what to do next, not on the dashboard.
    await page.waitForURL('**/tour/edit/**');
    const eventId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);
    const panel = page.getByTestId('publish-panel');
    await panel.getByRole('heading', { name: 'Saved as a draft: next steps' }).waitFor();
    // The page opens at the top, where the next steps are, not where the form's Save button was.
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    const checklist = panel.getByTestId('publish-checklist');
    await checklist.getByText('At least one active ticket type: missing').waitFor();
    await checklist.getByText('Where it happens (a venue or an address): done').waitFor();
    expect(await panel.getByRole('button', { name: 'Publish', exact: true }).isDisabled()).toBe(true);
    await expectAccessible(page, 'a new event with its next steps');

    await panel.getByRole('link', { name: 'Add tickets', exact: true }).click();
    await page.waitForURL(`**/event/${eventId}/tickets`);
    await closeToasts(page);
    await page.getByRole('button', { name: 'Add ticket type' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name', { exact: true }).fill('Rower');
    await dialog.getByLabel('Price', { exact: true }).fill('12');
    await dialog.getByLabel('Quantity', { exact: true }).fill('30');
    await dialog.getByRole('button', { name: 'Save ticket' }).click();
    await dialog.waitFor({ state: 'detached' });

    await page.getByRole('link', { name: 'Edit', exact: true }).click();
    await page.waitForURL(`**/tour/edit/${eventId}`);
    await panel.getByRole('heading', { name: 'Publish this event' }).waitFor();
    await checklist.getByText('At least one active ticket type: done').waitFor();
    const publish = panel.getByRole('button', { name: 'Publish', exact: true });
    await expect.poll(() => publish.isEnabled()).toBe(true);

    // A refusal is said in the panel, once, in the server's words.
    await closeToasts(page);
    await page.route('**/api/event/save', (route) =>
      route.fulfill({
        status: 409,
        contentType: 'application/json',
        body: JSON.stringify({ code: 'CONFLICT', msg: 'Another admin changed this event meanwhile' }),
      }),
    );
    await publish.click();
    await panel.getByRole('alert').filter({ hasText: 'Another admin changed this event meanwhile' }).waitFor();
    expect(await toast(page, 'Another admin changed this event meanwhile').count()).toBe(0);
    await expectAccessible(page, 'a refused publish');
    await page.unroute('**/api/event/save');

    await publish.click();
    await toast(page, 'Event published').waitFor();
    // One message: the panel's, not the save's own toast as well.
    expect(await toast(page, 'Event saved').count()).toBe(0);
    expect(await panel.getByRole('alert').count()).toBe(0);
    await panel.getByRole('button', { name: 'Unpublish' }).waitFor();
    // The form below follows: saving it would not put the draft status back.
    expect(await page.getByRole('radio', { name: 'Published' }).isChecked()).toBe(true);
    await expectAccessible(page, 'a published event');
    const publicPath = await panel.getByRole('link', { name: 'View public page' }).getAttribute('href');

    const visitor = await newPage(browser, viewport);
    await visitor.page.goto(publicPath!);
    await visitor.page.getByRole('heading', { level: 1, name: title }).waitFor();
    await visitor.page.getByTestId('ticket-type').filter({ hasText: 'Rower' }).waitFor();

    // Unpublish takes it back to a draft, which the public no longer finds.
    await closeToasts(page);
    await panel.getByRole('button', { name: 'Unpublish' }).click();
    await toast(page, 'Event is a draft again').waitFor();
    await panel.getByRole('button', { name: 'Publish', exact: true }).waitFor();
    await visitor.page.goto(publicPath!);
    await visitor.page.waitForURL('**/not-found/404');
    await visitor.context.close();
    await context.close();
  });
});

import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, listed, rowAction } from '../attendee-list';
import { buyTicketsViaApi, seedPublishedEvent, type SeededEvent } from '../fixtures';
import {
  expectSettledAccessible,
  launchBrowser,
  mailsTo,
  newPage,
  PHONE,
  primeSession,
  toast,
  unique,
  waitForTitle,
} from '../helpers';

/**
 * An admin corrects and transfers an attendee; a check-in link opened signed out comes back
 * (docs/decisions/0033-attendee-edits-and-sign-in-return.md).
 */
describe('editing an attendee, and signing in from a check-in link', () => {
  let browser: Browser;
  let seeded: SeededEvent;
  beforeAll(async () => {
    browser = await launchBrowser();
    seeded = await seedPublishedEvent();
  });
  afterAll(async () => browser?.close());

  it('renames an attendee in the list and transfers the ticket to a new address', async () => {
    const kim = { firstName: 'Kim', lastName: 'Rae', email: `${unique('kim')}@example.org` };
    await buyTicketsViaApi(seeded, [kim]);
    const { context, page } = await newPage(browser);
    await primeSession(page, seeded.admin.token, seeded.admin.user);
    await page.goto(`/event/${seeded.event.id}/attendees`);
    await waitForTitle(page, 'Attendees | ClubTix');
    await eventually(() => listed(page, [kim])).toEqual(['Kim Rae']);

    await rowAction(page, kim, 'Edit attendee');
    const dialog = page.getByRole('dialog', { name: 'Edit attendee' });
    await dialog.getByLabel('First name').fill('Kimberley');
    await dialog.getByLabel('E-mail').fill('not-an-e-mail');
    await dialog.getByRole('button', { name: 'Save and send ticket' }).click();
    await expect.poll(() => dialog.getByLabel('E-mail').getAttribute('aria-invalid')).toBe('true');
    await expectSettledAccessible(page, 'the Edit attendee dialog with an error');

    const lou = `${unique('lou')}@example.org`;
    await dialog.getByLabel('E-mail').fill(lou);
    await dialog.getByText('The ticket is mailed to a new address').waitFor();
    await dialog.getByRole('button', { name: 'Save and send ticket' }).click();
    await toast(page, 'Attendee saved').waitFor();
    await dialog.waitFor({ state: 'detached' });
    await eventually(() => listed(page, [{ ...kim, firstName: 'Kimberley', email: lou }])).toEqual(['Kimberley Rae']);
    await eventually(() => mailsTo(lou).then((mails) => mails.length)).toBe(1);
    await context.close();
  });

  it('returns a door volunteer to the check-in link after signing in (phone)', async () => {
    const { context, page } = await openedSignedOut(`/event/${seeded.event.id}/checkin`);
    await page.getByLabel('E-mail', { exact: true }).fill(seeded.admin.user.email);
    await page.getByLabel('Password', { exact: true }).fill('rowing2026');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`**/event/${seeded.event.id}/checkin`);
    await waitForTitle(page, 'Check-in | ClubTix');
    await context.close();
  });

  async function openedSignedOut(
    path: string,
  ): Promise<{ context: Awaited<ReturnType<typeof newPage>>['context']; page: Page }> {
    const opened = await newPage(browser, PHONE);
    await opened.page.goto(path);
    await opened.page.waitForURL(`**/signin?redirect=${encodeURIComponent(path)}`);
    return opened;
  }
});

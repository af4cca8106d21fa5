import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../attendee-list';
import { seedPublishedEvent, type AttendeeDetails, type SeededEvent } from '../fixtures';
import {
  DESKTOP,
  launchBrowser,
  mailsTo,
  newPage,
  PHONE,
  primeSession,
  waitForTitle,
  expectSettledAccessible,
} from '../helpers';
import { buyViaApi, person, refundMails, shoot } from '../money';

/** An admin cancels an event and refunds everyone; the refunds' progress runs to done (docs/decisions/0027). */
describe('cancelling an event with refunds for everyone', () => {
  let browser: Browser;
  let seeded: SeededEvent;
  let buyers: AttendeeDetails[];
  beforeAll(async () => {
    browser = await launchBrowser();
    seeded = await seedPublishedEvent();
    buyers = [person('first'), person('second'), person('third')];
    for (const buyer of buyers) await buyViaApi(seeded, buyer);
  });
  afterAll(async () => browser?.close());

  it('refunds every paid order, shows the progress to the end and mails every buyer', async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    await primeSession(page, seeded.admin.token, seeded.admin.user);
    await page.goto(`/tour/edit/${seeded.event.id}`);
    await waitForTitle(page, 'Edit Event | ClubTix');
    await page.getByRole('button', { name: 'Cancel event' }).click();

    const dialog = page.getByRole('dialog', { name: 'Cancel event?' });
    const refundAll = dialog.getByRole('checkbox', { name: 'Refund everyone' });
    expect(await refundAll.isChecked()).toBe(true);
    await expectSettledAccessible(page, 'the cancel event dialog');
    await shoot(page, 'admin-cancel-event-dialog-desktop');
    await dialog.getByRole('button', { name: 'Cancel event and refund everyone' }).click();

    const done = page.getByRole('dialog', { name: 'Event cancelled' });
    await expect
      .poll(() => done.getByTestId('cancellation-counts').textContent(), { timeout: 30_000 })
      .toBe('3 of 3 orders refunded');
    await eventually(() => done.getByTestId('cancellation-status').textContent()).toBe(
      'The event is cancelled and every buyer refunded has been mailed.',
    );
    await expectSettledAccessible(page, 'the cancellation progress');
    await shoot(page, 'admin-cancel-event-progress-desktop');
    await done.getByRole('button', { name: 'Close', exact: true }).click();

    // The page says so from now on, and offers no second cancellation.
    await page.getByText('This event is cancelled').waitFor();
    expect(await page.getByRole('button', { name: 'Cancel event' }).count()).toBe(0);
    for (const buyer of buyers) {
      await expect
        .poll(() => mailsTo(buyer.email).then((mails) => refundMails(mails).length), { timeout: 30_000 })
        .toBe(1);
    }
    await context.close();
  });

  it('shows the cancelled event on a phone', async () => {
    const { context, page } = await newPage(browser, PHONE);
    await primeSession(page, seeded.admin.token, seeded.admin.user);
    await page.goto(`/tour/edit/${seeded.event.id}`);
    await waitForTitle(page, 'Edit Event | ClubTix');
    await page.getByTestId('cancellation-progress').waitFor();
    await expectSettledAccessible(page, 'the cancelled event on a phone');
    await shoot(page, 'admin-cancel-event-phone');
    await context.close();
  });
});

import type { TTicket } from '@clubtix/contract';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, rows } from '../attendee-list';
import { seedPublishedEvent, type AttendeeDetails, type SeededEvent } from '../fixtures';
import {
  api,
  closeToasts,
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

/**
 * An admin refunds a paid order in part, then the rest, from the order dialog
 * (docs/decisions/0027-refunds-and-cancellation.md).
 */
describe('refunding an order', () => {
  let browser: Browser;
  let seeded: SeededEvent;
  let buyer: AttendeeDetails;
  beforeAll(async () => {
    browser = await launchBrowser();
    seeded = await seedPublishedEvent();
    buyer = person('refunded');
    await buyViaApi(seeded, buyer, { quantity: 2 });
  });
  afterAll(async () => browser?.close());

  it('refunds £20 of £50, then the £30 left with the tickets back on sale; the buyer is mailed each time', async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    await primeSession(page, seeded.admin.token, seeded.admin.user);
    await page.goto(`/event/${seeded.event.id}/attendees?tab=orders`);
    await waitForTitle(page, 'Attendees | ClubTix');
    const card = page.getByTestId('order').filter({ hasText: buyer.email });
    await eventually(() => card.textContent()).toContain('£50');
    await eventually(() => card.getByTestId('order-status').textContent()).toBe('Paid');

    await card.getByRole('button', { name: 'Items' }).click();
    const order = page.getByRole('dialog', { name: 'Order' });
    await eventually(() => order.getByTestId('order-net').textContent()).toContain('£50');
    await expectSettledAccessible(page, 'the order dialog');
    await order.getByRole('button', { name: 'Refund', exact: true }).click();

    const refund = page.getByRole('dialog', { name: 'Refund order' });
    await refund.getByRole('radio', { name: 'All that is left (£50)' }).waitFor();
    await refund.getByRole('radio', { name: 'Part of it' }).check();
    // More than is left is said on the field, in pounds, before anything is sent.
    await refund.getByLabel('Amount to refund', { exact: true }).fill('60');
    await refund.getByRole('button', { name: 'Refund £60' }).click();
    await refund.getByText('At most £50 is left to refund').waitFor();
    await refund.getByLabel('Amount to refund', { exact: true }).fill('20');
    await refund.getByLabel('Reason', { exact: true }).fill('Junior price agreed');
    await expect(
      refund.getByRole('checkbox', { name: 'Cancel the tickets and put them back on sale' }).isDisabled(),
    ).resolves.toBe(true);
    await expectSettledAccessible(page, 'the refund dialog, a part');
    await shoot(page, 'admin-refunds-dialog-desktop');
    await refund.getByRole('button', { name: 'Refund £20' }).click();
    await refund.waitFor({ state: 'detached' });

    // Back on the order: partly refunded, net £30, the refund listed.
    await eventually(() => order.getByTestId('order-status').textContent()).toBe('Partly refunded');
    await eventually(() => order.getByTestId('order-refunded').textContent()).toContain('£20');
    await eventually(() => order.getByTestId('order-net').textContent()).toContain('£30');
    await eventually(() => order.getByTestId('order-refunds').textContent()).toContain('Junior price agreed');
    await closeToasts(page);

    await order.getByRole('button', { name: 'Refund', exact: true }).click();
    await refund.getByRole('radio', { name: 'All that is left (£30)' }).waitFor();
    await refund.getByRole('checkbox', { name: 'Cancel the tickets and put them back on sale' }).check();
    await refund.getByRole('button', { name: 'Refund £30' }).click();
    await refund.waitFor({ state: 'detached' });
    await eventually(() => order.getByTestId('order-status').textContent()).toBe('Refunded');
    await eventually(() => order.getByTestId('order-net').textContent()).toContain('£0');
    expect(await order.getByRole('button', { name: 'Refund', exact: true }).count()).toBe(0);
    await shoot(page, 'admin-refunds-order-desktop');
    await order.getByRole('button', { name: 'Close dialog' }).click();

    // The list says it too: the default view lists every order with money, refunded ones included
    // (docs/decisions/0069-money-screens-agree.md), and the two seats are on sale again.
    await eventually(() => card.getByTestId('order-money').textContent()).toBe('Refunded £50 · Net £0');
    expect(await card.getByTestId('order-status').textContent()).toBe('Refunded');
    expect(await card.getByTestId('order-amount').textContent()).toBe('£50');
    await expectSettledAccessible(page, 'the orders with money, one refunded');
    await shoot(page, 'admin-refunds-list-desktop');
    await page.locator('label').filter({ hasText: /^All$/ }).click();
    await eventually(() => card.getByTestId('order-money').textContent()).toBe('Refunded £50 · Net £0');
    const tickets = await api<TTicket[]>('GET', '/ticket/getTicketsByEventId', {
      token: seeded.admin.token,
      query: { eventId: seeded.event.id },
    });
    expect(tickets.body.payload.find((ticket) => ticket.id === seeded.adult.id)?.sold).toBe(0);
    await expect
      .poll(() => mailsTo(buyer.email).then((mails) => refundMails(mails).length), { timeout: 30_000 })
      .toBe(2);
    await context.close();
  });

  it('refunds and cancels a paid registration from the attendee list', async () => {
    const guest = person('cancelled');
    await buyViaApi(seeded, guest);
    const { context, page } = await newPage(browser, DESKTOP);
    await primeSession(page, seeded.admin.token, seeded.admin.user);
    await page.goto(`/event/${seeded.event.id}/attendees`);
    await waitForTitle(page, 'Attendees | ClubTix');
    const name = `${guest.firstName} ${guest.lastName} 1`;
    await page.getByRole('button', { name: `More actions for ${name}` }).click();
    await page.getByRole('menuitem', { name: 'Cancel registration' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel registration?' });
    await eventually(() => dialog.textContent()).toContain('(paid £25)');
    await expectSettledAccessible(page, 'the cancel registration dialog with its refund');
    await shoot(page, 'admin-refund-and-cancel-desktop');
    await dialog.getByRole('button', { name: 'Refund and cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => rows(page).filter({ hasText: name }).count(), { timeout: 30_000 }).toBe(0);
    await expect
      .poll(() => mailsTo(guest.email).then((mails) => refundMails(mails).length), { timeout: 30_000 })
      .toBe(1);
    await context.close();
  });

  it('refunds an order marked Refund required from the To refund list', async () => {
    const deleted = person('deleted');
    const { registration } = await buyViaApi(seeded, deleted);
    // Its registration deleted: the paid order is kept and marked Refund required.
    const removed = await api('GET', '/registration/removeRegistration', {
      token: seeded.admin.token,
      query: { eventId: seeded.event.id, registrationId: registration.registrationId },
    });
    expect(removed.status).toBe(200);
    const { context, page } = await newPage(browser, DESKTOP);
    await primeSession(page, seeded.admin.token, seeded.admin.user);
    await page.goto(`/event/${seeded.event.id}/attendees?tab=orders`);
    await waitForTitle(page, 'Attendees | ClubTix');
    await page
      .getByRole('alert')
      .filter({ hasText: '1 order needs a refund' })
      .getByRole('button', { name: 'Show it' })
      .click();
    await page.waitForURL(/status=refund/);
    const card = page.getByTestId('order').filter({ hasText: deleted.email });
    await eventually(() => card.getByTestId('order-status').textContent()).toBe('Refund required');
    await expect.poll(() => page.getByTestId('order').count()).toBe(1);
    await card.getByRole('button', { name: 'Refund' }).click();
    const refund = page.getByRole('dialog', { name: 'Refund order' });
    await refund.getByRole('radio', { name: 'All that is left (£25)' }).waitFor();
    await refund.getByRole('button', { name: 'Refund £25' }).click();
    await refund.waitFor({ state: 'detached' });
    // Refunded, it leaves the list of those to refund.
    await page.getByText('No orders to refund.').waitFor();
    await expect
      .poll(() => mailsTo(deleted.email).then((mails) => refundMails(mails).length), { timeout: 30_000 })
      .toBe(1);
    await context.close();
  });

  it('fits a phone: the orders and the refund dialog', async () => {
    const other = person('phone');
    await buyViaApi(seeded, other);
    const { context, page } = await newPage(browser, PHONE);
    await primeSession(page, seeded.admin.token, seeded.admin.user);
    await page.goto(`/event/${seeded.event.id}/attendees?tab=orders&status=all`);
    await waitForTitle(page, 'Attendees | ClubTix');
    const card = page.getByTestId('order').filter({ hasText: other.email });
    await card.getByRole('button', { name: 'Refund' }).click();
    const refund = page.getByRole('dialog', { name: 'Refund order' });
    await refund.getByRole('radio', { name: 'All that is left (£25)' }).waitFor();
    await expectSettledAccessible(page, 'the refund dialog on a phone');
    await shoot(page, 'admin-refunds-dialog-phone');
    await refund.getByRole('button', { name: 'Close dialog' }).click();
    await refund.waitFor({ state: 'detached' });
    await expectSettledAccessible(page, 'the orders on a phone');
    await shoot(page, 'admin-refunds-orders-phone');
    await context.close();
  });
});

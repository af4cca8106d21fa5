import type { TOrderListItem } from '@clubtix/contract';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedPublishedEvent } from '../fixtures';
import { api, expectSettledAccessible, launchBrowser, newPage, PHONE, primeSession, waitForTitle } from '../helpers';

/** docs/product.md section 20: selling at the door, on the phone at the door. */
describe('the box office', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser.close());

  it('sells two tickets for cash from the door, checks them in and shows their QR codes', async () => {
    const { event, admin, adult } = await seedPublishedEvent();
    const { context, page } = await newPage(browser, PHONE);
    await primeSession(page, admin.token, admin.user);

    await page.goto(`/event/${event.id}/checkin`);
    await waitForTitle(page, 'Check-in | ClubTix');
    await page.getByRole('link', { name: 'Box office' }).click();
    await waitForTitle(page, 'Box office | ClubTix');
    await expectSettledAccessible(page, 'box office');

    await page.getByLabel(new RegExp(`^${adult.name} `)).fill('2');
    await page.getByLabel('Guest 1 first name').fill('Ada');
    await page.getByLabel('Guest 1 last name').fill('Lovelace');
    await page.getByText('Cash', { exact: true }).click();
    await page.getByLabel('Check in now').waitFor();
    await page.getByRole('button', { name: /^Sell 2 tickets/ }).click();

    const sale = page.getByTestId('box-office-sale');
    await sale.getByText('2 tickets, £50 by Cash, checked in').waitFor();
    await sale.getByText('Ada Lovelace').waitFor();
    await expect.poll(() => sale.getByTestId('ticket-qr').count()).toBe(2);
    await expectSettledAccessible(page, 'box office sale');

    const orders = await api<TOrderListItem[]>('GET', '/order/getOrdersByEventId', {
      token: admin.token,
      query: { eventId: event.id },
    });
    expect(orders.body.payload).toMatchObject([{ paymentMethod: 'cash', paymentStatus: 'paid', amount: 5000 }]);
    // The admin's orders list says how the door was paid.
    await page.goto(`/event/${event.id}/attendees?tab=orders`);
    await page.getByTestId('order-payment-method').filter({ hasText: 'Box office · cash' }).waitFor();
    await context.close();
  });
});

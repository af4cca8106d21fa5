import type { TAttendeeListItem, TExtrasPurchaseListItem, TOrderListItem } from '@clubtix/contract';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedPublishedEvent } from '../fixtures';
import { shoot } from '../money';
import {
  api,
  DESKTOP,
  expectSettledAccessible,
  launchBrowser,
  newPage,
  PHONE,
  primeSession,
  unique,
  waitForTitle,
} from '../helpers';

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

    // + and − steppers, named for the ticket, large enough for a thumb.
    await page.getByRole('button', { name: `Add one ${adult.name}` }).click();
    await page.getByRole('button', { name: `Add one ${adult.name}` }).click();
    await page.getByLabel('Guest 1 first name').fill('Ada');
    await page.getByLabel('Guest 1 last name').fill('Lovelace');
    await page.getByText('Cash', { exact: true }).click();
    await page.getByLabel('Check in now').waitFor();
    await page.getByRole('button', { name: /^Sell 2 tickets/ }).click();

    const sale = page.getByTestId('box-office-sale');
    await sale.getByText('2 tickets, £50 paid in cash, checked in').waitFor();
    await sale.getByText('Ada Lovelace').waitFor();
    await expect.poll(() => sale.getByTestId('ticket-qr').count()).toBe(2);
    // Each QR has its short code under it, as on every ticket (docs/product.md section 20); the QR holds
    // that code, which the door reads as typed, and no secret (docs/decisions/0061-staff-scope.md).
    await expect.poll(() => sale.getByTestId('ticket-code').count()).toBe(2);
    const qrContents = await sale
      .getByTestId('ticket-qr')
      .evaluateAll((images) => images.map((image) => image.getAttribute('data-qr-content')));
    for (const content of qrContents) expect(content).toMatch(/^[A-Z0-9]{4}-[A-Z0-9]{4}$/);
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

  it('on a phone: sells a ticket and two extras by card terminal, showing the ticket with its QR code and the extras to hand over', async () => {
    const { event, admin, adult, lunch } = await seedPublishedEvent();
    const { context, page } = await newPage(browser, PHONE);
    await primeSession(page, admin.token, admin.user);
    await page.goto(`/event/${event.id}/box-office`);
    await waitForTitle(page, 'Box office | ClubTix');
    const addLunch = page.getByRole('button', { name: `Add one ${lunch.name}` });
    await addLunch.waitFor();

    await page.getByRole('button', { name: `Add one ${adult.name}` }).click();
    await addLunch.click();
    await addLunch.click();
    await page.getByRole('button', { name: `Remove one ${lunch.name}` }).waitFor();
    await shoot(page, 'box-office-steppers-phone');
    await page.getByText('Card terminal', { exact: true }).click();
    await expectSettledAccessible(page, 'box office with extras on a phone');
    await page.getByRole('button', { name: 'Sell 1 ticket, 2 extras · £42' }).click();

    const sale = page.getByTestId('box-office-sale');
    await sale.getByText(`1 ticket, ${lunch.name} × 2, £42 paid by card terminal, checked in`).waitFor();
    await sale.getByTestId('ticket-qr').waitFor();
    // No e-mail: no voucher QR leaves the desk (no door answer carries its secret); the extras are handed over.
    // Handed over at the desk: the sale redeemed the voucher (docs/decisions/0069-money-screens-agree.md).
    await expect
      .poll(() => sale.getByTestId('extras-voucher-label').textContent())
      .toBe(`${lunch.name} × 2 · handed over`);
    await sale.getByTestId('extras-voucher-note').filter({ hasText: 'hand the extras over now' }).waitFor();
    await shoot(page, 'box-office-sale-phone');
    await expectSettledAccessible(page, 'box office sale with extras on a phone');

    const orders = await api<TOrderListItem[]>('GET', '/order/getOrdersByEventId', {
      token: admin.token,
      query: { eventId: event.id },
    });
    expect(orders.body.payload).toMatchObject([{ paymentMethod: 'card_terminal', amount: 4200 }]);
    expect(orders.body.payload[0]!.items.find((item) => item.kind === 'extras')).toMatchObject({
      extrasId: lunch.id,
      quantity: 2,
      amount: 1700,
    });
    const vouchers = await api<{ purchases: TExtrasPurchaseListItem[] }>('GET', '/extras/getExtrasPurchasesByEventId', {
      token: admin.token,
      query: { eventId: event.id },
    });
    // Handed over at the counter: redeemed by the sale, no voucher left for a door to scan.
    expect(vouchers.body.payload.purchases).toMatchObject([{ extrasId: lunch.id, quantity: 2 }]);
    expect(vouchers.body.payload.purchases[0]!.redeemedAt).not.toBeNull();
    // The admin's extras list says so, and the attendee list names no empty buyer.
    await page.goto(`/event/${event.id}/attendees?tab=extras`);
    await page.getByText('Handed over', { exact: true }).waitFor();
    await expectSettledAccessible(page, 'extras handed over on a phone');
    await shoot(page, 'box-office-extras-handed-over-phone');
    await page.goto(`/event/${event.id}/attendees`);
    await page.getByTestId('attendee').first().getByText('At the door').waitFor();
    await shoot(page, 'box-office-attendee-at-the-door-phone');
    await context.close();
  });

  it('on a desktop: refuses a sale past the stock with nothing sold, then sells what is left for free', async () => {
    const { event, admin, adult } = await seedPublishedEvent();
    const { context, page } = await newPage(browser, DESKTOP);
    await primeSession(page, admin.token, admin.user);
    await page.goto(`/event/${event.id}/box-office`);
    await waitForTitle(page, 'Box office | ClubTix');
    const addAdult = page.getByRole('button', { name: `Add one ${adult.name}` });
    await addAdult.waitFor();
    await expectSettledAccessible(page, 'box office on a desktop');

    await addAdult.click();
    await addAdult.click();
    await page.getByLabel('Guest 1 first name').fill('Grace');
    await page.getByLabel('Guest 1 last name').fill('Hopper');
    await expectSettledAccessible(page, 'box office filled in on a desktop');

    // Another door sells all but one meanwhile: this page still says 100 left.
    const elsewhere = await api('POST', '/boxoffice/sell', {
      token: admin.token,
      body: { eventId: event.id, tickets: [{ ticketId: adult.id, quantity: 99 }], paymentMethod: 'card_terminal' },
    });
    expect(elsewhere.status).toBe(200);
    await page.getByRole('button', { name: /^Sell 2 tickets/ }).click();
    const refused = page.getByTestId('box-office-error');
    await refused.getByText('Not enough Adult tickets left to sell').waitFor();
    // The counts are read again, and the field says what is left; nothing was sold.
    await page.getByText('Only 1 left').waitFor();
    await expectSettledAccessible(page, 'box office sale refused on a desktop');
    const before = await api<TOrderListItem[]>('GET', '/order/getOrdersByEventId', {
      token: admin.token,
      query: { eventId: event.id },
    });
    expect(before.body.payload).toHaveLength(1);

    // The same form adds one attendee by hand: one ticket, free, their name and e-mail.
    await page.getByRole('button', { name: `Remove one ${adult.name}` }).click();
    const grace = `${unique('grace')}@example.org`;
    await page.getByLabel('E-mail for the tickets (optional)').fill(grace);
    await page.getByText('Free', { exact: true }).click();
    await page.getByLabel('Check in now').uncheck();
    await page.getByRole('button', { name: /^Sell 1 ticket · £0$/ }).click();
    const sale = page.getByTestId('box-office-sale');
    await sale.getByText('1 ticket, £0 free of charge').waitFor();
    await sale.getByText('Grace Hopper').waitFor();
    await sale.getByTestId('ticket-code').waitFor();
    await expectSettledAccessible(page, 'box office sale on a desktop');
    const after = await api<TOrderListItem[]>('GET', '/order/getOrdersByEventId', {
      token: admin.token,
      query: { eventId: event.id },
    });
    expect(after.body.payload.map((order) => order.paymentMethod).sort()).toEqual(['card_terminal', 'complimentary']);
    const listed = await api<{ attendees: TAttendeeListItem[] }>('GET', '/registration/getAttendees', {
      token: admin.token,
      query: { eventId: event.id, searchKeyword: 'Hopper' },
    });
    expect(listed.body.payload.attendees).toMatchObject([
      { firstName: 'Grace', lastName: 'Hopper', email: grace, checkinTime: null },
    ]);

    await sale.getByRole('button', { name: 'Next sale' }).click();
    await addAdult.waitFor();
    expect(
      await page
        .getByRole('group', { name: `${adult.name} quantity` })
        .locator('output')
        .textContent(),
    ).toBe('0');
    await page.getByText('Sold out', { exact: true }).waitFor();
    await context.close();
  });
});

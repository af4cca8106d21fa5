import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillOneAttendee, payWithTestCard, saveDiscount, saveTicket, SHOTS } from '../buyer-money';
import { ordersAsAdmin, seedPublishedEvent, type SeededEvent } from '../fixtures';
import { DESKTOP, expectAccessible, launchBrowser, mailsTo, newPage, PHONE, unique, waitForTitle } from '../helpers';

/**
 * Discount and access codes as a buyer meets them (docs/product.md section 19): typed at the ticket
 * selection, changed at checkout, brought by a `?code=` link, opening a hidden ticket; the discount in
 * every summary, on the success page and in the ticket mail.
 */
describe('a buyer with a code', () => {
  let browser: Browser;
  let seeded: SeededEvent;

  beforeAll(async () => {
    browser = await launchBrowser();
    seeded = await seedPublishedEvent();
    await saveDiscount(seeded.admin, { eventId: seeded.event.id, code: 'SPRING', kind: 'percent', value: 10 });
    await saveDiscount(seeded.admin, { eventId: seeded.event.id, code: 'FIVER-5', kind: 'amount', value: 500 });
    await saveDiscount(seeded.admin, {
      eventId: seeded.event.id,
      code: 'GONE-50',
      kind: 'percent',
      value: 50,
      isActive: false,
    });
  });
  afterAll(async () => browser?.close());

  it('types a code at the selection, changes it at checkout, and sees the discount to the ticket mail (phone)', async () => {
    const { event } = seeded;
    const buyer = `${unique('spring')}@example.org`;
    const { context, page } = await newPage(browser, PHONE);
    await page.goto(`/${event.slug}/tickets`);
    await waitForTitle(page, 'Tickets | ClubTix');
    await page.getByRole('button', { name: 'Add one Adult' }).click();

    // A refused code is said on the field, and nothing is applied.
    await page.getByRole('button', { name: 'Have a code?' }).click();
    const field = page.getByLabel('Discount or access code');
    await field.fill('gone-50');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect.poll(() => field.getAttribute('aria-invalid')).toBe('true');
    await expectAccessible(page, 'a refused code');
    await page.screenshot({ path: `${SHOTS}/discount-refused-phone.png`, fullPage: true });

    // Case does not matter; what it takes off shows on the code, the ticket and the total.
    await field.fill('spring');
    await page.getByRole('button', { name: 'Apply' }).click();
    const applied = page.getByTestId('code-applied');
    await applied.filter({ hasText: 'Code SPRING applied' }).filter({ hasText: '10% off' }).waitFor();
    await page
      .getByTestId('selection-discount')
      .filter({ hasText: 'Discount (SPRING)' })
      .filter({ hasText: '−£2.50' })
      .waitFor();
    await page.getByTestId('selection-total').filter({ hasText: '£22.50' }).waitFor();
    expect(page.url()).toContain('code=SPRING');
    await expectAccessible(page, 'the selection with a code');
    await page.screenshot({ path: `${SHOTS}/discount-selection-phone.png`, fullPage: true });
    await page.getByLabel('E-mail', { exact: true }).fill(buyer);
    await page.getByRole('button', { name: 'Continue', exact: true }).click();

    await fillOneAttendee(page, event.slug, 'Adult', { firstName: 'Sam', lastName: 'Spring', email: buyer });
    const tickets = page.getByRole('region', { name: 'Your tickets' });
    await tickets.getByTestId('order-discount').filter({ hasText: '−£2.50' }).waitFor();
    await tickets.getByTestId('order-total').filter({ hasText: '£22.50' }).waitFor();

    // Changed at checkout: previewed at once, priced by the server on review.
    await page.getByRole('button', { name: 'Change code' }).click();
    await page.getByLabel('Discount or access code').fill('FIVER-5');
    await page.getByRole('button', { name: 'Apply' }).click();
    await tickets
      .getByTestId('order-discount')
      .filter({ hasText: 'Discount (FIVER-5)' })
      .filter({ hasText: '−£5' })
      .waitFor();
    await expectAccessible(page, 'checkout with a changed code');
    await page.screenshot({ path: `${SHOTS}/discount-checkout-phone.png`, fullPage: true });
    await page.getByRole('button', { name: 'Review order' }).click();
    const order = page.getByRole('region', { name: 'Your order' });
    await order
      .getByTestId('order-discount')
      .filter({ hasText: 'Discount (FIVER-5)' })
      .filter({ hasText: '−£5' })
      .waitFor();
    await order.getByTestId('order-total').filter({ hasText: '£20' }).waitFor();
    await expectAccessible(page, 'the payment step');
    await page.screenshot({ path: `${SHOTS}/discount-payment-phone.png`, fullPage: true });
    await payWithTestCard(page, '£20');

    await page.waitForURL(`**/${event.slug}/success`);
    await page.getByText('Your registration is confirmed.').waitFor();
    const summary = page.getByRole('region', { name: 'Order summary' });
    await summary
      .getByTestId('order-discount')
      .filter({ hasText: 'Discount (FIVER-5)' })
      .filter({ hasText: '−£5' })
      .waitFor();
    await summary.getByTestId('order-total').filter({ hasText: '£20' }).waitFor();
    await expectAccessible(page, 'the success page with a discount');
    await page.screenshot({ path: `${SHOTS}/discount-success-phone.png`, fullPage: true });
    await context.close();

    const paid = (await ordersAsAdmin(seeded.admin, event.id)).find((row) => row.amount === 2000);
    expect(paid).toMatchObject({ paymentStatus: 'paid', discountCode: 'FIVER-5', discountAmount: 500 });
    await expect.poll(async () => (await mailsTo(buyer)).length, { timeout: 30_000 }).toBeGreaterThan(0);
    const [mail] = await mailsTo(buyer);
    const text = mail!.text ?? '';
    expect(text).toContain('FIVER-5');
    expect(text).toMatch(/−£5|-£5/);
    expect(text).toContain('£20');
  });

  it('follows a ?code= link to an access code that opens a hidden ticket (desktop)', async () => {
    const { event, admin } = seeded;
    const crew = await saveTicket(admin, { eventId: event.id, name: 'Crew', price: 1000, quantity: 10, hidden: true });
    await saveDiscount(admin, {
      eventId: event.id,
      code: 'CREW-PASS',
      kind: 'amount',
      value: 500,
      ticketIds: [crew.id],
    });
    const buyer = `${unique('crew')}@example.org`;

    // Without the code, nobody sees it.
    const { context, page } = await newPage(browser, DESKTOP);
    await page.goto(`/${event.slug}/tickets`);
    await page.getByRole('button', { name: 'Add one Adult' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Crew' }).count()).toBe(0);

    await page.goto(`/${event.slug}/tickets?code=crew-pass`);
    await page.getByTestId('code-applied').filter({ hasText: 'Code CREW-PASS applied' }).waitFor();
    const option = page.getByTestId('ticket-option').filter({ has: page.getByRole('heading', { name: 'Crew' }) });
    await option.getByTestId('unlocked-ticket').waitFor();
    await option.getByTestId('ticket-code-price').filter({ hasText: '£5 with your code' }).waitFor();
    await page.getByRole('button', { name: 'Add one Crew' }).click();
    await page.getByTestId('selection-total').filter({ hasText: '£5' }).waitFor();
    await expectAccessible(page, 'a hidden ticket opened by a code');
    await page.screenshot({ path: `${SHOTS}/access-code-selection-desktop.png`, fullPage: true });
    await page.getByLabel('E-mail', { exact: true }).fill(buyer);
    await page.getByRole('button', { name: 'Continue', exact: true }).click();

    await fillOneAttendee(page, event.slug, 'Crew', { firstName: 'Cara', lastName: 'Crew', email: buyer });
    await page.getByRole('button', { name: 'Review order' }).click();
    const order = page.getByRole('region', { name: 'Your order' });
    await order.getByTestId('order-discount').filter({ hasText: 'Discount (CREW-PASS)' }).waitFor();
    await order.getByTestId('order-total').filter({ hasText: '£5' }).waitFor();
    await payWithTestCard(page, '£5');
    await page.waitForURL(`**/${event.slug}/success`);
    await page.getByRole('region', { name: 'Order summary' }).getByTestId('order-discount').waitFor();
    await expectAccessible(page, 'the success page of an access code');
    await page.screenshot({ path: `${SHOTS}/access-code-success-desktop.png`, fullPage: true });
    await context.close();
  });
});

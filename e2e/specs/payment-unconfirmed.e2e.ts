import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ordersAsAdmin, seedPublishedEvent } from '../fixtures';
import { launchBrowser, mailsTo, newPage, PHONE, seriousA11yViolations, unique } from '../helpers';
import { bookOneAdultToCheckout } from '../buying';

describe('a payment whose confirmation gets no answer', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser.close());

  it('is never called a failure: the buyer is told not to pay again, and "Check again" finds it paid', async () => {
    const seeded = await seedPublishedEvent();
    const { event } = seeded;
    const buyer = `${unique('lost-answer')}@example.org`;
    const { context, page } = await newPage(browser, PHONE);

    await bookOneAdultToCheckout(page, event.slug, {
      buyer,
      firstName: 'Lin',
      lastName: 'Lost',
      dietaryNeeds: 'None',
      heardFrom: 'Poster',
    });

    // The server takes the payment and settles it, but every answer is lost on the way back (a
    // dropped connection): as if the network failed after the card was charged.
    let lostAnswers = 0;
    await page.route('**/api/stripe/confirm-payment', async (route) => {
      await route.fetch();
      lostAnswers += 1;
      await route.abort('connectionreset');
    });
    const card = page.getByTestId('test-card-form');
    await card.getByLabel('Card number').fill('4242 4242 4242 4242');
    await card.getByRole('button', { name: 'Pay £25' }).click();

    const unconfirmed = card.getByTestId('payment-unconfirmed');
    await unconfirmed.getByText('it may have gone through', { exact: false }).waitFor({ timeout: 30_000 });
    await unconfirmed.getByText('Please do not pay again', { exact: false }).waitFor();
    expect(await card.getByText('did not go through').count()).toBe(0);
    expect(await card.getByRole('button', { name: 'Pay £25' }).count()).toBe(0);
    // Asked once, then again after short pauses, before telling the buyer.
    expect(lostAnswers).toBe(4);
    // The notice, the Test mode badge and the card form read for everyone (axe: no serious issue).
    expect(await seriousA11yViolations(page)).toEqual([]);

    // The connection is back: "Check again" confirms what the server had already settled.
    await page.unroute('**/api/stripe/confirm-payment');
    await unconfirmed.getByRole('button', { name: 'Check again' }).click();
    await page.waitForURL(`**/${event.slug}/success`);
    await page.getByText('Your registration is confirmed.').waitFor();

    const orders = await ordersAsAdmin(seeded.admin, event.id);
    expect(orders.map((order) => order.paymentStatus)).toEqual(['paid']);
    await expect.poll(() => mailsTo(buyer).then((mails) => mails.length), { timeout: 30_000 }).toBe(1);
    await context.close();
  });
});

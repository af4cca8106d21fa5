import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedPublishedEvent } from '../fixtures';
import type { TExtrasPurchase, TPaymentIntent } from '@clubtix/contract';
import {
  api,
  launchBrowser,
  newPage,
  PHONE,
  primeSession,
  scanPhoto,
  seriousA11yViolations,
  unique,
  waitForTitle,
} from '../helpers';

describe('an extra bought on its own', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser.close());

  it('is paid on the event page, shows its voucher, and is redeemed once at the door', async () => {
    const seeded = await seedPublishedEvent();
    const { event, admin } = seeded;
    const buyer = `${unique('pat')}@example.org`;

    const { context, page } = await newPage(browser, PHONE);
    await page.goto(`/${event.slug}`);
    await waitForTitle(page, `${event.title} | ClubTix`);
    const extras = page.getByRole('region', { name: 'Extras', exact: true });
    await extras.getByRole('button', { name: 'Buy Picnic lunch' }).click();
    const buying = extras.getByRole('region', { name: 'Buy Picnic lunch' });
    const howMany = buying.getByLabel('How many');
    // Nothing is started without a usable e-mail, and the field says why.
    await buying.getByRole('button', { name: 'Buy for £8.50' }).click();
    await buying.getByText('E-mail is required').waitFor();
    await howMany.fill('2');
    await buying.getByLabel('E-mail').fill(buyer);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await buying.getByRole('button', { name: 'Buy for £17' }).click();
    await buying
      .getByTestId('extras-summary')
      .filter({ hasText: `Picnic lunch × 2: £17, voucher to ${buyer}` })
      .waitFor();

    // A declined card is said at the field and another can be tried.
    const card = buying.getByTestId('test-card-form');
    await card.getByLabel('Card number').fill('4000 0000 0000 0002');
    await card.getByRole('button', { name: 'Pay £17' }).click();
    await card.getByRole('alert').filter({ hasText: 'Your card was declined.' }).waitFor();
    await card.getByLabel('Card number').fill('4242 4242 4242 4242');
    await card.getByRole('button', { name: 'Pay £17' }).click();

    const bought = buying.getByTestId('extras-bought');
    await bought.getByText(`Paid: Picnic lunch × 2. A copy of the voucher is on its way to ${buyer}.`).waitFor();
    const voucherQr = bought.getByRole('img', { name: 'QR code of the voucher for Picnic lunch × 2' });
    const qrText = (await voucherQr.getAttribute('data-qr-content'))!;
    expect(Object.keys(JSON.parse(qrText) as object)).toEqual(['x', 'q']);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await bought.getByRole('button', { name: 'Done' }).click();
    await extras.getByRole('button', { name: 'Buy Picnic lunch' }).waitFor();
    await context.close();

    // At the door the voucher is redeemed once; a second scan says what, whose and when.
    const door = await newPage(browser, PHONE);
    await primeSession(door.page, admin.token, admin.user);
    await door.page.goto(`/event/${event.id}/checkin`);
    await waitForTitle(door.page, 'Check-in | ClubTix');
    const state = door.page.getByTestId('scan-state');
    await scanPhoto(door.page, qrText);
    // "Check in on scan" is off: the voucher is shown, then redeemed on a tap (docs/decisions/0024).
    await state.filter({ hasText: /^Ready to redeem$/ }).waitFor();
    await door.page.getByTestId('scan-result').getByRole('button', { name: 'Redeem' }).click();
    await state.filter({ hasText: /^Extra redeemed$/ }).waitFor();
    await door.page.getByTestId('scan-result').getByText('2 × Picnic lunch').waitFor();
    await scanPhoto(door.page, qrText);
    await state.filter({ hasText: /^Already redeemed at \d\d:\d\d$/ }).waitFor();
    await door.context.close();
  });

  it('tells a buyer sent back by their bank whether the extra was paid', async () => {
    const { event, lunch } = await seedPublishedEvent();
    const purchase = (
      await api<TExtrasPurchase>('POST', '/extras/purchaseExtras', {
        body: { eventId: event.id, extrasId: lunch.id, quantity: 1, email: `${unique('sam')}@example.org` },
      })
    ).body.payload;
    const intent = (
      await api<TPaymentIntent>('POST', '/stripe/create-payment-intent', { body: { extrasPurchaseId: purchase.id } })
    ).body.payload;
    const { context, page } = await newPage(browser, PHONE);

    // The bank said no: nothing is confirmed, and the way back is offered.
    await page.goto(`/${event.slug}?payment_intent=${intent.paymentIntentId}&redirect_status=failed`);
    const failed = page.getByRole('alert').filter({ hasText: 'Payment not completed' });
    await failed.getByText('The payment did not go through.').waitFor();
    await failed.getByRole('link', { name: 'Try again' }).click();
    await page
      .getByRole('region', { name: 'Extras', exact: true })
      .getByRole('button', { name: 'Buy Picnic lunch' })
      .waitFor();

    // Paid (here with the test card, as the bank would have): the page confirms it and says where the voucher went.
    const paid = await api('POST', '/stripe/confirm-payment', {
      body: { paymentIntentId: intent.paymentIntentId, testCard: '4242424242424242' },
    });
    expect(paid.status).toBe(200);
    await page.goto(`/${event.slug}?payment_intent=${intent.paymentIntentId}&redirect_status=succeeded`);
    const thanks = page.getByTestId('support-thanks');
    await thanks.getByRole('heading', { name: 'Your extras are paid' }).waitFor();
    await thanks.getByText('Your voucher is on its way to your e-mail: show its QR code at the door.').waitFor();
    await thanks.getByRole('link', { name: 'Close' }).click();
    await thanks.waitFor({ state: 'detached' });
    await context.close();
  });
});

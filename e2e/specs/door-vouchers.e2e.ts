import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extrasQrText, type TExtrasPurchase, type TPaymentIntent } from '@clubtix/contract';
import { seedPublishedEvent } from '../fixtures';
import { londonTime } from '../door';
import {
  api,
  expectAccessible,
  launchBrowser,
  newPage,
  PHONE,
  primeSession,
  scanPhoto,
  unique,
  waitForTitle,
} from '../helpers';

/**
 * docs/decisions/0024: without "Check in on scan" a scanned extras voucher says what and whose it is
 * and is redeemed on a tap; a second scan says what, whose and when.
 */
describe('extras vouchers at the door', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser.close());

  it('shows what and whose, redeems on a tap, and a re-scan says what, whose and when', async () => {
    const seeded = await seedPublishedEvent();
    const buyer = `${unique('jane')}@example.org`;
    const purchase = (
      await api<TExtrasPurchase>('POST', '/extras/purchaseExtras', {
        body: { eventId: seeded.event.id, extrasId: seeded.lunch.id, quantity: 2, email: buyer },
      })
    ).body.payload;
    const intent = await api<TPaymentIntent>('POST', '/stripe/create-payment-intent', {
      body: { extrasPurchaseId: purchase.id },
    });
    const paid = await api('POST', '/stripe/confirm-payment', {
      body: { paymentIntentId: intent.body.payload.paymentIntentId, testCard: '4242424242424242' },
    });
    expect(paid.status).toBe(200);
    const voucher = extrasQrText(purchase.id, purchase.qrUuid);

    const { context, page } = await newPage(browser, PHONE);
    await primeSession(page, seeded.admin.token, seeded.admin.user);
    await page.goto(`/event/${seeded.event.id}/checkin`);
    await waitForTitle(page, 'Check-in | ClubTix');
    // "Check in on scan" is off unless staff turn it on.
    expect(await page.getByRole('switch', { name: 'Check in on scan' }).isChecked()).toBe(false);

    const result = page.getByTestId('scan-result');
    const state = page.getByTestId('scan-state');
    await scanPhoto(page, voucher);
    await state.filter({ hasText: /^Ready to redeem$/ }).waitFor();
    await result
      .getByTestId('voucher-what')
      .filter({ hasText: /^2 × Picnic lunch$/ })
      .waitFor();
    await result.getByTestId('voucher-whose').filter({ hasText: buyer }).waitFor();
    await expectAccessible(page, 'a voucher ready to redeem');
    // Scanned, nothing is redeemed yet.
    const looked = await api<TExtrasPurchase>('POST', '/registration/scanByExtrasPurchaseId', {
      token: seeded.admin.token,
      body: { payload: voucher, eventId: seeded.event.id, redeem: false },
    });
    expect(looked.body.payload.redeemedAt).toBeNull();

    await result.getByRole('button', { name: 'Redeem' }).click();
    await state.filter({ hasText: /^Extra redeemed$/ }).waitFor();
    await result
      .getByTestId('voucher-what')
      .filter({ hasText: /^2 × Picnic lunch$/ })
      .waitFor();
    const redeemed = await api<TExtrasPurchase>('POST', '/registration/scanByExtrasPurchaseId', {
      token: seeded.admin.token,
      body: { payload: voucher, eventId: seeded.event.id, redeem: false },
    });
    const at = londonTime(redeemed.body.payload.redeemedAt!);

    await scanPhoto(page, voucher);
    await state.filter({ hasText: `Already redeemed at ${at}` }).waitFor();
    await result
      .getByTestId('voucher-what')
      .filter({ hasText: /^2 × Picnic lunch$/ })
      .waitFor();
    await result.getByTestId('voucher-whose').filter({ hasText: buyer }).waitFor();
    expect(await result.getByRole('button', { name: 'Redeem' }).count()).toBe(0);
    // The history says what, whose and when on one line.
    await page
      .getByRole('listitem')
      .filter({ hasText: `2 × Picnic lunch, ${buyer} — Already redeemed at ${at}` })
      .first()
      .waitFor();
    await expectAccessible(page, 'a voucher redeemed before');
    await context.close();
  });
});

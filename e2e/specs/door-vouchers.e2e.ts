import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extrasQrText, type TExtrasPurchase, type TPaymentIntent } from '@clubtix/contract';
import { seedPublishedEvent, type SeededEvent } from '../fixtures';
import { londonTime } from '../door';
import {
  api,
  DESKTOP,
  expectAccessible,
  expectSettledAccessible,
  launchBrowser,
  newPage,
  PHONE,
  primeSession,
  scanPhoto,
  unique,
  waitForTitle,
} from '../helpers';

/** A paid voucher for two picnic lunches, bought alone by `buyer`, and its QR text. */
async function buyVoucher(seeded: SeededEvent, buyer: string) {
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
  return { purchase, voucher: extrasQrText(purchase.id, purchase.qrUuid) };
}

/** The voucher as the API holds it, looked up without redeeming it. */
async function voucherNow(seeded: SeededEvent, voucher: string) {
  const looked = await api<TExtrasPurchase>('POST', '/registration/scanByExtrasPurchaseId', {
    token: seeded.admin.token,
    body: { payload: voucher, eventId: seeded.event.id, redeem: false },
  });
  expect(looked.status).toBe(200);
  return looked.body.payload;
}

async function openDoor(page: Page, seeded: SeededEvent) {
  await primeSession(page, seeded.admin.token, seeded.admin.user);
  await page.goto(`/event/${seeded.event.id}/checkin`);
  await waitForTitle(page, 'Check-in | ClubTix');
}

/** "Un-redeem" on the card, confirmed in its dialog (checked with axe on the way). */
async function unredeem(page: Page, where: string) {
  await page.getByTestId('scan-result').getByRole('button', { name: 'Un-redeem' }).click();
  const dialog = page.getByRole('dialog', { name: 'Un-redeem this voucher?' });
  await dialog.waitFor();
  await expectSettledAccessible(page, where);
  await dialog.getByRole('button', { name: 'Un-redeem' }).click();
  await dialog.waitFor({ state: 'hidden' });
}

/**
 * docs/product.md section 20 and docs/decisions/0038-vouchers-at-the-door.md: a scanned voucher says
 * what it is, whose and for which event, and is redeemed on a tap (at once with "Check in on scan");
 * a redeemed one says what, whose and when, and can be un-redeemed after a confirmation.
 */
describe('extras vouchers at the door', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser.close());

  it('on a phone: redeems on a tap, a re-scan says what, whose and when, un-redeems and redeems again', async () => {
    const seeded = await seedPublishedEvent();
    const buyer = `${unique('jane')}@example.org`;
    // The buyer holds a ticket in their own name too (sold at the box office): the door names them.
    const sale = await api('POST', '/boxoffice/sell', {
      token: seeded.admin.token,
      body: {
        eventId: seeded.event.id,
        tickets: [{ ticketId: seeded.adult.id, quantity: 1 }],
        attendees: [{ firstName: 'Jane', lastName: 'Doe', email: buyer }],
        paymentMethod: 'cash',
      },
    });
    expect(sale.status).toBe(200);
    const { voucher } = await buyVoucher(seeded, buyer);

    const { context, page } = await newPage(browser, PHONE);
    await openDoor(page, seeded);
    // "Check in on scan" is off unless staff turn it on.
    expect(await page.getByRole('switch', { name: 'Check in on scan' }).isChecked()).toBe(false);

    const result = page.getByTestId('scan-result');
    const state = page.getByTestId('scan-state');
    const what = result.getByTestId('voucher-what').filter({ hasText: /^2 × Picnic lunch$/ });
    await scanPhoto(page, voucher);
    await state.filter({ hasText: /^Ready to redeem$/ }).waitFor();
    await what.waitFor();
    await result.getByTestId('voucher-whose').filter({ hasText: buyer }).waitFor();
    await result
      .getByTestId('voucher-holder')
      .filter({ hasText: /^Jane Doe$/ })
      .waitFor();
    await result.getByTestId('voucher-event').filter({ hasText: seeded.event.title }).waitFor();
    await expectAccessible(page, 'a voucher ready to redeem');
    // Scanned, nothing is redeemed yet.
    expect((await voucherNow(seeded, voucher)).redeemedAt).toBeNull();

    await result.getByRole('button', { name: 'Redeem', exact: true }).click();
    await state.filter({ hasText: /^Extra redeemed$/ }).waitFor();
    await what.waitFor();
    const at = londonTime((await voucherNow(seeded, voucher)).redeemedAt!);
    await result
      .getByTestId('voucher-when')
      .filter({ hasText: `Redeemed at ${at}` })
      .waitFor();
    await expectAccessible(page, 'a voucher just redeemed');

    await scanPhoto(page, voucher);
    await state.filter({ hasText: `Already redeemed at ${at}` }).waitFor();
    await what.waitFor();
    await result.getByTestId('voucher-whose').filter({ hasText: buyer }).waitFor();
    await result
      .getByTestId('voucher-holder')
      .filter({ hasText: /^Jane Doe$/ })
      .waitFor();
    expect(await result.getByRole('button', { name: 'Redeem', exact: true }).count()).toBe(0);
    // The history says what, whose and when on one line.
    await page
      .getByRole('listitem')
      .filter({ hasText: `2 × Picnic lunch, ${buyer} — Already redeemed at ${at}` })
      .first()
      .waitFor();
    await expectAccessible(page, 'a voucher redeemed before');

    await unredeem(page, 'the un-redeem confirmation');
    await state.filter({ hasText: /^Redemption undone$/ }).waitFor();
    await what.waitFor();
    expect((await voucherNow(seeded, voucher)).redeemedAt).toBeNull();
    await page
      .getByRole('listitem')
      .filter({ hasText: `2 × Picnic lunch, ${buyer} — Redemption undone` })
      .first()
      .waitFor();
    await expectAccessible(page, 'a voucher un-redeemed');

    // Un-redeemed by mistake? It is redeemed again on a tap.
    await result.getByRole('button', { name: 'Redeem', exact: true }).click();
    await state.filter({ hasText: /^Extra redeemed$/ }).waitFor();
    expect((await voucherNow(seeded, voucher)).redeemedAt).not.toBeNull();
    await result.getByRole('button', { name: 'Un-redeem' }).waitFor();
    await context.close();
  });

  it('on a desktop with "Check in on scan": redeems at once; Un-redeem asks first and can be kept', async () => {
    const seeded = await seedPublishedEvent();
    const buyer = `${unique('sam')}@example.org`;
    const { voucher } = await buyVoucher(seeded, buyer);

    const { context, page } = await newPage(browser, DESKTOP);
    await openDoor(page, seeded);
    await page.getByRole('switch', { name: 'Check in on scan' }).click();
    expect(await page.getByRole('switch', { name: 'Check in on scan' }).isChecked()).toBe(true);

    const result = page.getByTestId('scan-result');
    const state = page.getByTestId('scan-state');
    await scanPhoto(page, voucher);
    await state.filter({ hasText: /^Extra redeemed$/ }).waitFor();
    const redeemedAt = (await voucherNow(seeded, voucher)).redeemedAt!;
    await result
      .getByTestId('voucher-when')
      .filter({ hasText: `Redeemed at ${londonTime(redeemedAt)}` })
      .waitFor();
    await result.getByTestId('voucher-whose').filter({ hasText: buyer }).waitFor();
    // Nobody holds a ticket under that e-mail: the e-mail alone says whose it is.
    expect(await result.getByTestId('voucher-holder').count()).toBe(0);
    await expectAccessible(page, 'a voucher redeemed on scan');

    // Changing one's mind in the dialog leaves the voucher redeemed.
    await result.getByRole('button', { name: 'Un-redeem' }).click();
    const dialog = page.getByRole('dialog', { name: 'Un-redeem this voucher?' });
    await dialog.getByRole('button', { name: 'Keep redeemed' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect((await voucherNow(seeded, voucher)).redeemedAt).toBe(redeemedAt);
    await state.filter({ hasText: /^Extra redeemed$/ }).waitFor();

    await unredeem(page, 'the un-redeem confirmation on a desktop');
    await state.filter({ hasText: /^Redemption undone$/ }).waitFor();
    expect((await voucherNow(seeded, voucher)).redeemedAt).toBeNull();
    await expectAccessible(page, 'a voucher un-redeemed on a desktop');

    // A second scan with "Check in on scan" redeems it again at once.
    await scanPhoto(page, voucher);
    await state.filter({ hasText: /^Extra redeemed$/ }).waitFor();
    expect((await voucherNow(seeded, voucher)).redeemedAt).not.toBeNull();
    await context.close();
  });
});

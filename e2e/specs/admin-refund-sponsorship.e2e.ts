import type { TExtrasPurchase, TPaymentIntent, TSponsorship } from '@clubtix/contract';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedPublishedEvent } from '../fixtures';
import {
  api,
  DESKTOP,
  expectAccessible,
  expectSettledAccessible,
  launchBrowser,
  newPage,
  PHONE,
  primeSession,
  unique,
  waitForTitle,
} from '../helpers';

/** docs/product.md section 19: an admin refunds part of a paid donation from the sponsorships list. */
describe('refunding a donation', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser.close());

  it('refunds £5 of a £20 donation: partly refunded, the refunded amount shown, the rest still refundable', async () => {
    const { event, admin } = await seedPublishedEvent();
    const created = await api<{ sponsorship: TSponsorship }>('POST', '/sponsorship/create', {
      body: { eventId: event.id, amount: 2000, name: 'Rita Refund', email: `${unique('rita')}@example.org` },
    });
    expect(created.status).toBe(200);
    const { sponsorship } = created.body.payload;
    const intent = await api<TPaymentIntent>('POST', '/sponsorship/createSponsorshipPaymentIntent', {
      body: { sponsorshipId: sponsorship.id },
    });
    const paid = await api('POST', '/stripe/confirm-payment', {
      body: { paymentIntentId: intent.body.payload.paymentIntentId, testCard: '4242 4242 4242 4242' },
    });
    expect(paid.status, paid.body.msg).toBe(200);

    const { context, page } = await newPage(browser, PHONE);
    await primeSession(page, admin.token, admin.user);
    await page.goto(`/event/${event.id}/sponsorships`);
    await waitForTitle(page, 'Sponsorships | ClubTix');
    const card = page.getByTestId('sponsorship').filter({ hasText: 'Rita Refund' });
    await card.filter({ hasText: 'Paid' }).waitFor();
    await expectAccessible(page, 'the sponsorships list');
    await card.getByRole('button', { name: 'Refund the donation of Rita Refund' }).click();

    const dialog = page.getByRole('dialog', { name: 'Refund the donation of Rita Refund' });
    await dialog.getByText('£20 left to refund').waitFor();
    await dialog.getByText('Part of it', { exact: true }).click();
    const amount = dialog.getByLabel('Amount to refund');
    // More than is left is refused before anything is sent.
    await amount.fill('25');
    await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
    await dialog.getByText('At most £20 is left to refund').waitFor();
    await amount.fill('5');
    await dialog.getByLabel('Reason').fill('Gave twice by mistake');
    await expectSettledAccessible(page, 'the refund dialog');
    await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });

    await card.filter({ hasText: 'Partly refunded' }).filter({ hasText: 'Refunded £5' }).waitFor();
    await card.getByRole('button', { name: 'Refund the donation of Rita Refund' }).waitFor();
    await page.getByTestId('total-donations').filter({ hasText: /^£15$/ }).waitFor();
    await expectAccessible(page, 'the sponsorships list after a refund');

    const read = await api<TSponsorship>('GET', '/sponsorship/getSponsorshipById', {
      token: admin.token,
      query: { sponsorshipId: sponsorship.id },
    });
    expect(read.body.payload).toMatchObject({ paymentStatus: 'partially_refunded', refundedAmount: 500 });
    await context.close();
  });

  it('refunds extras bought alone in full from the extras list: Refunded, and no Refund action left', async () => {
    const seeded = await seedPublishedEvent();
    const email = `${unique('lunch')}@example.org`;
    const bought = await api<TExtrasPurchase>('POST', '/extras/purchaseExtras', {
      body: { eventId: seeded.event.id, extrasId: seeded.lunch.id, quantity: 1, email },
    });
    const intent = await api<TPaymentIntent>('POST', '/stripe/create-payment-intent', {
      body: { extrasPurchaseId: bought.body.payload.id },
    });
    const paid = await api('POST', '/stripe/confirm-payment', {
      body: { paymentIntentId: intent.body.payload.paymentIntentId, testCard: '4242 4242 4242 4242' },
    });
    expect(paid.status, paid.body.msg).toBe(200);

    const { context, page } = await newPage(browser, DESKTOP);
    await primeSession(page, seeded.admin.token, seeded.admin.user);
    await page.goto(`/event/${seeded.event.id}/attendees`);
    await waitForTitle(page, 'Attendees | ClubTix');
    await page.getByRole('tab', { name: 'Extras' }).click();
    const row = page.getByTestId('extras-purchase').filter({ hasText: email });
    const action = row.getByRole('button', { name: `Refund Picnic lunch of ${email}` });
    await action.click();
    const dialog = page.getByRole('dialog', { name: `Refund the Picnic lunch of ${email}` });
    await dialog.getByText('£8.50 left to refund').waitFor();
    await expectSettledAccessible(page, 'the extras refund dialog');
    await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    await row.filter({ hasText: 'Refunded' }).filter({ hasText: 'refunded £8.50' }).waitFor();
    await action.waitFor({ state: 'detached' });
    await expectAccessible(page, 'the extras list after a refund');
    await context.close();
  });
});

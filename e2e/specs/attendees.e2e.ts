import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TExtrasPurchase, TPaymentIntent, TRegistration } from '@clubtix/contract';
import { decodeQrPng } from '../../apps/api/test/smtp-listener';
import { eventually, listed, rowAction, rows, seedAttendeeParty } from '../attendee-list';
import type { AttendeeDetails, SeededEvent } from '../fixtures';
import {
  api,
  closeToasts,
  launchBrowser,
  mailsTo,
  newPage,
  primeSession,
  toast,
  unique,
  waitForTitle,
} from '../helpers';

/** An extra bought on its own and paid with the test card, through the public API. */
async function buyExtraViaApi(seeded: SeededEvent, email: string): Promise<TExtrasPurchase> {
  const purchase = await api<TExtrasPurchase>('POST', '/extras/purchaseExtras', {
    body: { eventId: seeded.event.id, extrasId: seeded.lunch.id, quantity: 2, email },
  });
  expect(purchase.status).toBe(200);
  const intent = await api<TPaymentIntent>('POST', '/stripe/create-payment-intent', {
    body: { extrasPurchaseId: purchase.body.payload.id },
  });
  const paid = await api('POST', '/stripe/confirm-payment', {
    body: { paymentIntentId: intent.body.payload.paymentIntentId, testCard: '4242424242424242' },
  });
  expect(paid.status).toBe(200);
  return purchase.body.payload;
}

/** The list's check-in filter, a radio group named "Check-in state". */
async function filterBy(page: Page, label: 'All' | 'Pending' | 'Checked-in'): Promise<void> {
  const group = page.getByRole('radiogroup', { name: 'Check-in state' });
  await group.getByText(label, { exact: true }).click();
  await eventually(() => group.getByRole('radio', { name: label, exact: true }).isChecked()).toBe(true);
}

/** A segmented control's choice: its radio is hidden behind the label a person clicks. */
const choose = (page: Page, label: string) =>
  page
    .locator('label')
    .filter({ hasText: new RegExp(`^${label}$`) })
    .click();

/** The admin's working view of who is coming (docs/product.md section 17), on a desktop browser. */
describe('the attendee list: search, filters, re-sending and deleting, extras and orders', () => {
  let browser: Browser;
  let page: Page;
  let seeded: SeededEvent;
  let pair: TRegistration;
  let ada: AttendeeDetails;
  let grace: AttendeeDetails;
  let alan: AttendeeDetails;
  let everyone: AttendeeDetails[];

  beforeAll(async () => {
    ({ seeded, pair, ada, grace, alan, everyone } = await seedAttendeeParty());
    await buyExtraViaApi(seeded, `${unique('picnic')}@example.org`);
    browser = await launchBrowser();
    ({ page } = await newPage(browser));
    await primeSession(page, seeded.admin.token, seeded.admin.user);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('finds attendees by name and by e-mail, and only those', async () => {
    await page.goto(`/event/${seeded.event.id}/attendees`);
    await waitForTitle(page, 'Attendees | ClubTix');
    await eventually(() => listed(page, everyone).then((names) => names.sort())).toEqual([
      'Ada Lovelace',
      'Alan Turing',
      'Grace Hopper',
    ]);

    // Each row shows the attendee's answers and what the registration paid (two Adult tickets at £25).
    const graceRow = rows(page).filter({ hasText: 'Grace Hopper' });
    await eventually(() => graceRow.textContent()).toContain('Dietary needs: None');
    await eventually(() => graceRow.textContent()).toContain('Order paid £50');

    const search = page.getByLabel('Search attendees');
    await search.fill('hopper');
    await eventually(() => listed(page, everyone)).toEqual(['Grace Hopper']);
    await search.fill(alan.email);
    await eventually(() => listed(page, everyone)).toEqual(['Alan Turing']);
    // Part of an address finds it too. Ada's finds Grace as well: Ada bought Grace's ticket, and her
    // row shows Ada's address as the buyer's.
    await search.fill(ada.email.split('@')[0]!);
    await eventually(() => listed(page, everyone).then((names) => names.sort())).toEqual([
      'Ada Lovelace',
      'Grace Hopper',
    ]);
    await search.fill(grace.email.split('@')[0]!);
    await eventually(() => listed(page, everyone)).toEqual(['Grace Hopper']);
    await search.fill(`${unique('nobody')}@example.org`);
    await page.getByRole('status').filter({ hasText: 'No attendee matches this search.' }).waitFor();
    expect(await rows(page).count()).toBe(0);
    await search.fill('');
    await eventually(() => listed(page, everyone).then((names) => names.length)).toBe(3);
  });

  it('filters Pending and Checked-in', async () => {
    await filterBy(page, 'Checked-in');
    await eventually(() => listed(page, everyone)).toEqual(['Alan Turing']);
    // The row's badge says it in the filter's words (docs/product.md section 4).
    await eventually(() => rows(page).filter({ hasText: 'Alan Turing' }).textContent()).toContain('Checked-in');
    await filterBy(page, 'Pending');
    await eventually(() => listed(page, everyone).then((names) => names.sort())).toEqual([
      'Ada Lovelace',
      'Grace Hopper',
    ]);
    await filterBy(page, 'All');
    await eventually(() => listed(page, everyone).then((names) => names.length)).toBe(3);
  });

  it('sends a ticket again, and the mail arrives with her ticket', async () => {
    // Grace has her own address, so her ticket was mailed to her with the purchase: one mail so far.
    await eventually(() => mailsTo(grace.email).then((mails) => mails.length)).toBe(1);

    await rowAction(page, grace, 'Send ticket');
    await toast(page, `Ticket sent to ${grace.email}`).waitFor();
    await closeToasts(page);

    // Received by a real SMTP server and read back as a mail client would, QR code from its pixels.
    await eventually(() => mailsTo(grace.email).then((mails) => mails.length)).toBe(2);
    const mail = (await mailsTo(grace.email))[1]!;
    expect(mail.subject).toBe(`Your ticket for ${seeded.event.title}`);
    // One ticket, hers, as docs/product.md section 16 writes a QR code: a door scanner would let her in.
    const graceAttendee = pair.attendees.find((attendee) => attendee.email === grace.email)!;
    const images = mail.attachments.filter((attachment) => attachment.contentType === 'image/png');
    expect(images).toHaveLength(1);
    expect(String(mail.html)).toContain(`cid:${images[0]!.cid}`);
    expect(await decodeQrPng(images[0]!.content)).toBe(
      JSON.stringify({ r: pair.registrationId, a: graceAttendee.attendeeId, q: pair.qrUuid }),
    );
  });

  it('deletes an attendee after confirming; the last one of a paid registration takes it, keeping the order', async () => {
    // Cancelling the confirmation deletes nothing.
    await rowAction(page, ada, 'Delete attendee');
    const confirm = page.getByRole('dialog', { name: 'Delete attendee?' });
    await eventually(() => confirm.textContent()).toContain('Ada Lovelace');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect(await listed(page, everyone)).toContain('Ada Lovelace');

    await rowAction(page, ada, 'Delete attendee');
    await confirm.getByRole('button', { name: 'Delete attendee' }).click();
    await toast(page, 'Attendee deleted').waitFor();
    await eventually(() => listed(page, everyone).then((names) => names.sort())).toEqual([
      'Alan Turing',
      'Grace Hopper',
    ]);
    await closeToasts(page);
    // Gone on the server too, not only from this page's memory.
    await page.reload();
    await waitForTitle(page, 'Attendees | ClubTix');
    await eventually(() => listed(page, everyone).then((names) => names.sort())).toEqual([
      'Alan Turing',
      'Grace Hopper',
    ]);

    // Grace is now the last of a paid registration: the registration goes with her (docs/product.md section
    // 4), and its paid order stays, to be refunded.
    await rowAction(page, grace, 'Delete attendee');
    await confirm.getByRole('button', { name: 'Delete attendee' }).click();
    await toast(page, 'Attendee and registration deleted; its paid order is kept and marked Refund required').waitFor();
    await eventually(() => listed(page, everyone)).toEqual(['Alan Turing']);
    await closeToasts(page);
    await page.reload();
    await waitForTitle(page, 'Attendees | ClubTix');
    await eventually(() => listed(page, everyone)).toEqual(['Alan Turing']);
  });

  it('shows the extras bought, Not Redeemed and Redeemed, and the orders with their payment status', async () => {
    await page.getByRole('tab', { name: 'Extras' }).click();
    await expect.poll(() => page.getByTestId('extras-purchase').count()).toBe(1);
    await expect.poll(() => page.getByTestId('extras-purchase').textContent()).toContain('Picnic lunch × 2');
    await expect.poll(() => page.getByTestId('extras-purchase').textContent()).toContain('Not Redeemed');
    await choose(page, 'Redeemed');
    await page.getByText('No extras match this filter.').waitFor();
    await choose(page, 'Not Redeemed');
    await expect.poll(() => page.getByTestId('extras-purchase').count()).toBe(1);

    await page.getByRole('tab', { name: 'Orders' }).click();
    // Two orders were paid. Ada's registration was deleted with Grace: its order is kept, to refund.
    await page.getByRole('alert').filter({ hasText: '1 order needs a refund' }).waitFor();
    // Shown by default: every order with money, the one to refund too (decision 0069).
    await expect.poll(() => page.getByTestId('order').count()).toBe(2);
    await page.getByText('Showing 1–2 of 2 orders').waitFor();
    await choose(page, 'All');
    await expect.poll(() => page.getByTestId('order').count()).toBe(2);
    await page.getByText('Showing 1–2 of 2 orders').waitFor();
    const refund = page.getByTestId('order').filter({ hasText: ada.email });
    await expect.poll(() => refund.textContent()).toContain('Refund required');
    await expect.poll(() => refund.textContent()).toContain('£50');
    const first = page.getByTestId('order').first();
    // The newest order is Alan's: its buyer's e-mail says whose it is.
    await expect.poll(() => first.textContent()).toContain(alan.email);
    await expect.poll(() => first.textContent()).toContain('Paid');
    await first.getByRole('button', { name: 'Items' }).click();
    const dialog = page.getByRole('dialog', { name: 'Order' });
    await expect.poll(() => dialog.getByRole('table', { name: 'Order items' }).textContent()).toContain('Adult');
    await expect.poll(() => dialog.textContent()).toContain(`Bought by ${alan.email}`);
    await dialog.getByRole('button').first().click();
  });
});

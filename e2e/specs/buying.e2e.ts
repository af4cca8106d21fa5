import { readFile } from 'node:fs/promises';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TICKET_LOOKUP_MAILS_PER_HOUR } from '@clubtix/contract';
import { buyTicketsViaApi, ordersAsAdmin, registrationAsAdmin, seedPublishedEvent } from '../fixtures';
import { api, launchBrowser, mailsTo, newPage, PHONE, seriousA11yViolations, unique, waitForTitle } from '../helpers';

describe('a visitor buys tickets on a phone', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser.close());

  it('chooses two tickets, names the attendees, adds an extra, is declined once, pays and gets two QR codes', async () => {
    const seeded = await seedPublishedEvent();
    const { event } = seeded;
    const buyer = `${unique('ada')}@example.org`;
    const grace = `${unique('grace')}@example.org`;
    const { context, page } = await newPage(browser, PHONE);

    await page.goto(`/${event.slug}`);
    await waitForTitle(page, `${event.title} | ClubTix`);
    await page.getByRole('link', { name: 'Buy tickets' }).click();
    await page.waitForURL(`**/${event.slug}/tickets`);
    await waitForTitle(page, 'Tickets | ClubTix');

    // Step 1: one Adult and one Junior, priced in the browser at the listed prices.
    await page.getByRole('button', { name: 'Add one Adult' }).click();
    await page.getByRole('button', { name: 'Add one Junior' }).click();
    const selection = page.getByTestId('selection-total');
    await selection.filter({ hasText: '2 tickets' }).filter({ hasText: '£35.50' }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByLabel('E-mail', { exact: true }).fill(buyer);
    await page.getByRole('button', { name: 'Continue', exact: true }).click();

    // Step 2: one section per ticket, with the per-attendee questions; the booking question once.
    await page.waitForURL(`**/${event.slug}/attendee-form`);
    await waitForTitle(page, 'Attendee Form | ClubTix');
    await page.getByTestId('hold-countdown').waitFor();
    const first = page.getByRole('group', { name: 'Attendee 1: Adult' });
    await first.getByLabel('First name', { exact: true }).fill('Ada');
    await first.getByLabel('Last name', { exact: true }).fill('Lovelace');
    await first.getByLabel('E-mail', { exact: true }).fill(buyer);
    await first.getByLabel('Dietary needs', { exact: true }).fill('Vegetarian');
    await first.getByRole('radio', { name: 'Medium' }).check();
    const second = page.getByRole('group', { name: 'Attendee 2: Junior' });
    await second.getByLabel('First name', { exact: true }).fill('Grace');
    await second.getByLabel('Last name', { exact: true }).fill('Hopper');
    await second.getByLabel('E-mail', { exact: true }).fill(grace);
    await second.getByLabel('Dietary needs', { exact: true }).fill('No nuts');
    await page
      .getByRole('group', { name: 'About your booking' })
      .getByLabel('How did you hear about us?')
      .selectOption('Poster');
    await page.getByRole('button', { name: 'Continue to checkout' }).click();

    // Step 3: the extra, then the order as the server prices it.
    await page.waitForURL(`**/${event.slug}/checkout`);
    await waitForTitle(page, 'Checkout | ClubTix');
    await page
      .getByRole('region', { name: 'Your tickets' })
      .getByTestId('order-total')
      .filter({ hasText: '£35.50' })
      .waitFor();
    await page.getByRole('button', { name: 'Add one Picnic lunch' }).click();
    await page
      .getByRole('group', { name: 'Picnic lunch quantity' })
      .getByTestId('quantity')
      .filter({ hasText: '1' })
      .waitFor();
    // The total follows the extra at once, before the order is reviewed.
    await page
      .getByRole('region', { name: 'Your order' })
      .getByTestId('order-total')
      .filter({ hasText: '£44' })
      .waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Review order' }).click();

    const yourOrder = page.getByRole('region', { name: 'Your order' });
    await yourOrder.getByTestId('order-total').filter({ hasText: '£44' }).waitFor();
    expect(await yourOrder.getByTestId('order-line').allInnerTexts()).toEqual([
      expect.stringMatching(/^1 × Adult\s+£25$/),
      expect.stringMatching(/^1 × Junior\s+£10\.50$/),
      expect.stringMatching(/^1 × Picnic lunch\s+£8\.50$/),
    ]);
    const card = page.getByTestId('test-card-form');
    await card.getByText('Test mode: no real payment is taken.', { exact: false }).waitFor();

    // A declined card says so at the field and leaves the buyer on the form to try another.
    await card.getByLabel('Card number').fill('4000 0000 0000 0002');
    await card.getByRole('button', { name: 'Pay £44' }).click();
    await card.getByRole('alert').filter({ hasText: 'Your card was declined.' }).waitFor();
    expect(page.url()).toMatch(new RegExp(`/${event.slug}/checkout$`));
    expect((await ordersAsAdmin(seeded.admin, event.id)).map((order) => order.paymentStatus)).toEqual(['pending']);

    await card.getByLabel('Card number').fill('4242 4242 4242 4242');
    await card.getByRole('button', { name: 'Pay £44' }).click();

    // The success page: confirmed, one QR code per attendee, holding exactly {"r","a","q"}.
    await page.waitForURL(`**/${event.slug}/success`);
    await waitForTitle(page, 'Registration Success | ClubTix');
    await page.getByText('Your registration is confirmed.').waitFor();
    await page.getByTestId('tickets-sent-to').filter({ hasText: buyer }).waitFor();
    const qrCodes = page.getByTestId('ticket-qr');
    await qrCodes.nth(1).waitFor();
    expect(await qrCodes.count()).toBe(2);

    const [order] = await ordersAsAdmin(seeded.admin, event.id);
    expect(order).toMatchObject({ paymentStatus: 'paid', amount: 4400, currency: 'gbp' });
    const registration = await registrationAsAdmin(seeded.admin, order!.registrationId);
    expect(registration.status).toBe('confirmed');
    expect(registration.answers).toEqual({ [seeded.heardFrom.id]: 'Poster' });
    const [ada, hopper] = registration.attendees;
    expect(ada).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace', email: buyer, ticketName: 'Adult' });
    expect(ada!.answers).toEqual({ [seeded.dietary.id]: 'Vegetarian', [seeded.shirt.id]: 'Medium' });
    expect(hopper).toMatchObject({ firstName: 'Grace', lastName: 'Hopper', email: grace, ticketName: 'Junior' });
    expect(hopper!.answers).toEqual({ [seeded.dietary.id]: 'No nuts' });

    const expectedQr = (attendeeId: string) =>
      JSON.stringify({ r: registration.registrationId, a: attendeeId, q: registration.qrUuid });
    const shown = await qrCodes.evaluateAll((images) => images.map((image) => image.getAttribute('data-qr-content')));
    expect(shown).toEqual([expectedQr(ada!.attendeeId), expectedQr(hopper!.attendeeId)]);
    for (const content of shown) expect(Object.keys(JSON.parse(content!) as object)).toEqual(['r', 'a', 'q']);
    await page.getByRole('img', { name: "QR code of Grace Hopper's ticket" }).waitFor();
    // The picnic lunch's voucher under the tickets: its own QR, {"x","q"}, labelled with the extra and how many.
    const voucher = page.getByTestId('extras-voucher');
    await voucher.getByTestId('extras-voucher-label').filter({ hasText: 'Picnic lunch × 1' }).waitFor();
    const voucherQr = voucher.getByRole('img', { name: 'QR code of the voucher for Picnic lunch × 1' });
    expect(Object.keys(JSON.parse((await voucherQr.getAttribute('data-qr-content'))!) as object)).toEqual(['x', 'q']);
    expect(await voucher.count()).toBe(1);
    await page.getByTestId('order-total').filter({ hasText: '£44' }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);

    // "Download PDF tickets": the browser saves the booking's PDF (docs/decisions/0044-pdf-tickets.md).
    const pdfLink = page.getByRole('link', { name: 'Download PDF tickets' });
    const [download] = await Promise.all([page.waitForEvent('download'), pdfLink.click()]);
    expect(download.suggestedFilename()).toBe(`tickets-${event.title.replace(/[^\p{L}\p{M}\p{N}]+/gu, '-')}.pdf`);
    const saved = await readFile(await download.path());
    expect(saved.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const pdf = await page.request.get((await pdfLink.getAttribute('href'))!);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toBe('application/pdf');

    // "Open ticket" shows that attendee's ticket, big, on its own page.
    await page.getByRole('link', { name: 'Open ticket of Grace Hopper' }).click();
    await page.waitForURL(
      `**/event/${event.id}/qr/${registration.registrationId}/${hopper!.attendeeId}/${registration.qrUuid}`,
    );
    await waitForTitle(page, 'QR Code | ClubTix');
    await page.getByRole('heading', { level: 1, name: 'Grace Hopper' }).waitFor();
    await page.getByTestId('qr-ticket-type').filter({ hasText: 'Junior' }).waitFor();
    await page.getByTestId('qr-event-title').filter({ hasText: event.title }).waitFor();
    const big = page.getByRole('img', { name: "QR code of Grace Hopper's ticket" });
    expect(await big.getAttribute('data-qr-content')).toBe(expectedQr(hopper!.attendeeId));
    await page.getByRole('button', { name: 'Print ticket' }).waitFor();
    await page.getByRole('link', { name: 'Download PDF tickets' }).waitFor();
    await context.close();
  });

  it('sees seats others took while choosing: the choice shrinks with a note, and grows back if they return', async () => {
    const { admin, event, adult } = await seedPublishedEvent();
    const setAdults = async (quantity: number) =>
      expect(
        (await api('POST', '/ticket/save', { token: admin.token, body: { ...adult, eventId: event.id, quantity } }))
          .status,
      ).toBe(200);
    const { context, page } = await newPage(browser, PHONE);
    await page.goto(`/${event.slug}/tickets`);
    await waitForTitle(page, 'Tickets | ClubTix');
    for (let i = 0; i < 3; i++) await page.getByRole('button', { name: 'Add one Adult' }).click();
    const selection = page.getByTestId('selection-total');
    await selection.filter({ hasText: '3 tickets' }).waitFor();

    // While she looks away, another buyer holds 10 of the 12 Adult tickets now on sale.
    await setAdults(12);
    const other = await api('POST', '/registration/initRegistration', {
      body: {
        eventId: event.id,
        email: `${unique('other')}@example.org`,
        tickets: [{ ticketId: adult.id, quantity: 10 }],
      },
    });
    expect(other.status).toBe(200);
    // The browser tells the page its tab is back (the periodic refresh would too, within 15 s).
    const comeBack = () =>
      page.evaluate(() => document.dispatchEvent(new Event('visibilitychange', { bubbles: true })));
    await comeBack();
    const shortfall = page.getByRole('note', { name: 'Fewer tickets left', exact: true });
    await shortfall
      .filter({ hasText: 'Fewer Adult tickets are left now: you have 2 instead of the 3 you chose.' })
      .waitFor();
    await selection.filter({ hasText: '2 tickets' }).filter({ hasText: '£50' }).waitFor();
    // Axe's colour-contrast check covers the note's orange title (Mantine's own orange reads at 3.6:1).
    expect(await seriousA11yViolations(page)).toEqual([]);

    // Seats come back: her choice of 3 was kept, and the note goes.
    await setAdults(100);
    await comeBack();
    await selection.filter({ hasText: '3 tickets' }).filter({ hasText: '£75' }).waitFor();
    await shortfall.waitFor({ state: 'detached' });
    await context.close();
  });

  it('asks for lost tickets again on the event page: mailed to a booked address, a plain answer for any other', async () => {
    const seeded = await seedPublishedEvent();
    const { event } = seeded;
    const buyer = `${unique('ada')}@example.org`;
    const stranger = `${unique('nobody')}@example.org`;
    await buyTicketsViaApi(seeded, [{ firstName: 'Ada', lastName: 'Lovelace', email: buyer }]);
    // The purchase mailed her tickets once already.
    await expect.poll(() => mailsTo(buyer).then((mails) => mails.length), { timeout: 30_000 }).toBe(1);

    const { context, page } = await newPage(browser, PHONE);
    await page.goto(`/${event.slug}`);
    await waitForTitle(page, `${event.title} | ClubTix`);
    const lost = page.getByRole('region', { name: 'Lost your tickets?' });
    const email = lost.getByLabel('E-mail', { exact: true });
    const send = lost.getByRole('button', { name: 'Send my tickets' });
    const result = lost.getByTestId('ticket-lookup-result');

    // The contract's e-mail rule is checked before anything is asked of the server.
    await email.fill('ada at example');
    await send.click();
    await lost.getByText('Enter a valid e-mail address, like name@example.org, with no spaces').waitFor();
    expect(await result.count()).toBe(0);

    await email.fill(stranger);
    await send.click();
    await result.filter({ hasText: 'No booking found' }).waitFor();
    await result.getByText(`There is no confirmed booking for ${stranger} for this event.`, { exact: false }).waitFor();

    await email.fill(buyer);
    await send.click();
    await result.filter({ hasText: `We've sent your tickets to ${buyer}.` }).waitFor();
    await expect.poll(() => mailsTo(buyer).then((mails) => mails.length), { timeout: 30_000 }).toBe(2);
    const mail = (await mailsTo(buyer))[1]!;
    expect(mail.subject).toBe(`Your ticket for ${event.title}`);
    expect(await mailsTo(stranger)).toEqual([]);

    // Fits a 390-pixel phone: nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    expect(await seriousA11yViolations(page)).toEqual([]);

    // The lookups mail at most TICKET_LOOKUP_MAILS_PER_HOUR times an hour; then the API's reason shows.
    for (let sent = 1; sent < TICKET_LOOKUP_MAILS_PER_HOUR; sent++) {
      const again = await api<{ found: boolean }>('GET', '/registration/getRegistrationByEmail', {
        query: { email: buyer, eventId: event.id },
      });
      expect(again.body.payload.found).toBe(true);
    }
    await send.click();
    await result.filter({ hasText: 'Please try again later' }).waitFor();
    await result
      .getByText(
        `The tickets were already sent to this address ${TICKET_LOOKUP_MAILS_PER_HOUR} times in the last hour.`,
        {
          exact: false,
        },
      )
      .waitFor();
    await context.close();
  });
});

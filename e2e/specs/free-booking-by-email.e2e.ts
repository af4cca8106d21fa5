import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEND_TICKET_MAILS_PER_HOUR, type TEvent, type TTicket } from '@clubtix/contract';
import { decodeQrPng } from '../../apps/api/test/smtp-listener';
import { eventually, rowAction } from '../attendee-list';
import { buyTicketsViaApi, registerClubAdmin, seedPublishedEvent, type Admin } from '../fixtures';
import {
  api,
  DESKTOP,
  expectSettledAccessible,
  launchBrowser,
  mailsTo,
  newPage,
  PHONE,
  primeSession,
  seriousA11yViolations,
  toast,
  unique,
  waitForTitle,
  watchMissingKeys,
} from '../helpers';

/** Where the specs' screenshots go, to be looked at after a run. */
const shots = path.join(tmpdir(), 'clubtix-e2e-shots');

/**
 * Free bookings confirmed by e-mail (docs/product.md section 18): the admin turns it on in the event
 * form; a buyer's free booking then waits at checkout until the link mailed to the buyer, read here
 * from the run's real SMTP mailbox, is opened, on the phone that holds the mailbox.
 */
describe('a free booking confirmed from the e-mail', () => {
  let browser: Browser;
  let admin: Admin;
  let event: TEvent;

  beforeAll(async () => {
    mkdirSync(shots, { recursive: true });
    browser = await launchBrowser();
    admin = await registerClubAdmin();
    const title = unique('Open Boat Day');
    const saved = await api<TEvent>('POST', '/event/save', {
      token: admin.token,
      body: {
        title,
        slug: title.toLowerCase(),
        startDate: '2030-07-04T10:00:00.000Z',
        endDate: '2030-07-04T15:00:00.000Z',
        timezone: 'Europe/London',
        currency: 'gbp',
        status: 'published',
      },
    });
    event = saved.body.payload;
    const ticket = await api<TTicket>('POST', '/ticket/save', {
      token: admin.token,
      body: { eventId: event.id, name: 'Free entry', price: 0, quantity: 50 },
    });
    expect(ticket.status).toBe(200);
  });
  afterAll(async () => browser?.close());

  it('the admin asks for it with the switch in the event form', async () => {
    const { context, page } = await newPage(browser);
    await primeSession(page, admin.token, admin.user);
    await page.goto(`/tour/edit/${event.id}`);
    await waitForTitle(page, 'Edit Event | ClubTix');
    const option = page.getByRole('switch', { name: 'Confirm free bookings by e-mail' });
    await page.getByText('stays on hold until the buyer opens the link we e-mail them', { exact: false }).waitFor();
    expect(await option.isChecked()).toBe(false);
    await option.check();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.screenshot({ path: path.join(shots, 'event-form-confirm-switch-desktop.png'), fullPage: true });
    await page.getByRole('button', { name: 'Save event' }).click();
    await page.waitForURL('**/dashboard/admin');
    await context.close();
    const read = await api<TEvent>('GET', '/event/getEvent', { query: { eventId: event.id } });
    expect(read.body.payload.confirmFreeByEmail).toBe(true);
  });

  it('reads "Anmelden" and the review before confirming in German on a desktop', async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    await context.addInitScript(() => localStorage.setItem('clubtix.language', 'de'));
    const missing = watchMissingKeys(page);
    await page.goto(`/${event.slug}`);
    await page.getByRole('link', { name: 'Anmelden' }).click();
    await page.getByRole('button', { name: 'Ein Free entry hinzufügen' }).click();
    await page.getByLabel('E-Mail', { exact: true }).fill(`${unique('greta')}@example.org`);
    await page.getByRole('button', { name: 'Weiter', exact: true }).click();
    await page.waitForURL(`**/${event.slug}/attendee-form`);
    const attendee = page.getByRole('group', { name: 'Teilnehmer 1: Free entry' });
    await attendee.getByLabel('Vorname', { exact: true }).fill('Greta');
    await attendee.getByLabel('Nachname', { exact: true }).fill('Gast');
    await page.getByRole('button', { name: 'Weiter zur Kasse' }).click();
    await page.waitForURL(`**/${event.slug}/checkout`);
    // The total follows the order before the review: nothing to pay.
    await page.getByRole('button', { name: 'Bestellung prüfen' }).click();
    const review = page.getByRole('region', { name: 'Ihre Bestellung' });
    await review.getByTestId('order-line').filter({ hasText: '1 × Free entry' }).waitFor();
    await page.getByRole('button', { name: 'Anmeldung bestätigen' }).waitFor();
    expect(await page.getByText('Confirm registration').count()).toBe(0);
    await expectSettledAccessible(page, 'the free review in German on a desktop');
    await page.screenshot({ path: path.join(shots, 'free-booking-review-de-desktop.png'), fullPage: true });
    expect(missing).toEqual([]);
    await context.close();
  });

  it('a buyer books on a phone, is asked to check the inbox, opens the link and sees the ticket', async () => {
    const buyer = `${unique('nia')}@example.org`;
    const { context, page } = await newPage(browser, PHONE);
    // A free event is registered for, not bought.
    await page.goto(`/${event.slug}`);
    await page.getByRole('link', { name: 'Register' }).click();
    await waitForTitle(page, 'Tickets | ClubTix');
    expect(await page.getByText('Buy tickets').count()).toBe(0);
    await page.getByRole('button', { name: 'Add one Free entry' }).click();
    await page.getByLabel('E-mail', { exact: true }).fill(buyer);
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await page.waitForURL(`**/${event.slug}/attendee-form`);
    const attendee = page.getByRole('group', { name: 'Attendee 1: Free entry' });
    await attendee.getByLabel('First name', { exact: true }).fill('Nia');
    await attendee.getByLabel('Last name', { exact: true }).fill('Okafor');
    await attendee.getByLabel('E-mail', { exact: true }).fill(buyer);
    await page.getByRole('button', { name: 'Continue to checkout' }).click();
    await page.waitForURL(`**/${event.slug}/checkout`);
    await page.getByRole('button', { name: 'Review order' }).click();
    // Reviewed before it is confirmed: the order, then the one button that books it.
    const review = page.getByRole('region', { name: 'Your order' });
    await review.getByTestId('order-line').filter({ hasText: '1 × Free entry' }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.screenshot({ path: path.join(shots, 'free-booking-review-phone.png'), fullPage: true });
    await page.getByRole('button', { name: 'Confirm registration' }).click();

    // Held, not booked: the checkout says where to look and for how long.
    const inbox = page.getByTestId('check-inbox');
    await inbox.getByRole('heading', { name: 'Check your inbox' }).waitFor();
    expect(await inbox.innerText()).toMatch(
      new RegExp(
        `We sent a link to ${buyer.replace(/[.]/g, '\\.')}\\. Open it within 1[45] minutes \\(until \\d\\d:\\d\\d\\)`,
      ),
    );
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.screenshot({ path: path.join(shots, 'free-booking-check-inbox-phone.png'), fullPage: true });

    // The mail, as the buyer's mail client shows it: no ticket in it yet, a link to confirm.
    await eventually(() => mailsTo(buyer).then((mails) => mails.length)).toBe(1);
    const [mail] = await mailsTo(buyer);
    expect(mail!.subject).toBe(`Confirm your booking for ${event.title}`);
    expect(mail!.attachments).toHaveLength(0);
    const link = /<a href="([^"]+)"[^>]*>Confirm my booking<\/a>/.exec(String(mail!.html))?.[1]?.replace(/&amp;/g, '&');
    expect(link).toMatch(new RegExp(`/${event.slug}/confirm\\?registration=[^&]+&token=[\\w-]+$`));

    // Opened on the phone that holds the mailbox (another browser than the checkout's).
    const mailApp = await newPage(browser, PHONE);
    await mailApp.page.goto(link!);
    await waitForTitle(mailApp.page, 'Confirm Booking | ClubTix');
    await mailApp.page.getByText('Your registration is confirmed.').waitFor();
    await mailApp.page.getByTestId('tickets-sent-to').filter({ hasText: buyer }).waitFor();
    await mailApp.page.getByText('Nia Okafor').first().waitFor();
    expect(await seriousA11yViolations(mailApp.page)).toEqual([]);
    await mailApp.page.screenshot({ path: path.join(shots, 'free-booking-confirmed-phone.png'), fullPage: true });

    // Opened again: the same tickets, and only one ticket mail, with her QR code.
    await mailApp.page.reload();
    await mailApp.page.getByText('Your registration is confirmed.').waitFor();
    await eventually(() => mailsTo(buyer).then((mails) => mails.length)).toBe(2);
    const ticketMail = (await mailsTo(buyer))[1]!;
    expect(ticketMail.subject).toBe(`Your ticket for ${event.title}`);
    const qr = JSON.parse((await decodeQrPng(ticketMail.attachments[0]!.content))!) as { r: string };
    expect(link).toContain(`registration=${qr.r}`);
    await mailApp.context.close();

    // The checkout that waited moves on to the tickets by itself.
    await page.waitForURL(`**/${event.slug}/success`, { timeout: 30_000 });
    await page.getByText('Your registration is confirmed.').waitFor();
    await context.close();
    // Still one ticket mail after everything.
    expect(await mailsTo(buyer).then((mails) => mails.length)).toBe(2);
  });
});

describe('the mail limits, as the admin meets them', () => {
  it(`says why the ticket was not sent the ${SEND_TICKET_MAILS_PER_HOUR + 1}th time in an hour`, async () => {
    const seeded = await seedPublishedEvent();
    const guest = { firstName: 'Rosa', lastName: 'Parks', email: `${unique('rosa')}@example.org` };
    const { registration } = await buyTicketsViaApi(seeded, [guest]);
    for (let i = 0; i < SEND_TICKET_MAILS_PER_HOUR; i++) {
      const sent = await api('GET', '/registration/sendTicket', {
        token: seeded.admin.token,
        query: { eventId: seeded.event.id, attendeeId: registration.attendees[0]!.attendeeId },
      });
      expect(sent.status).toBe(200);
    }
    const browser = await launchBrowser();
    try {
      const { page } = await newPage(browser);
      await primeSession(page, seeded.admin.token, seeded.admin.user);
      await page.goto(`/event/${seeded.event.id}/attendees`);
      await waitForTitle(page, 'Attendees | ClubTix');
      await rowAction(page, guest, 'Send ticket');
      const refused = toast(page, 'Ticket not sent: mail limit reached');
      await refused.waitFor();
      await toast(
        page,
        `This ticket was already sent ${SEND_TICKET_MAILS_PER_HOUR} times in the last hour, the most allowed. It can be sent again in 1 hour.`,
      ).waitFor();
      expect(await refused.textContent()).not.toContain('Something went wrong');
      await page.screenshot({ path: path.join(shots, 'send-ticket-limit-desktop.png'), animations: 'disabled' });
      // Only the purchase's own mail and the three resends were sent.
      await eventually(() => mailsTo(guest.email).then((mails) => mails.length)).toBe(1 + SEND_TICKET_MAILS_PER_HOUR);
    } finally {
      await browser.close();
    }
  });
});

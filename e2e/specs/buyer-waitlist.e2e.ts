import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TOrder, TRegistration, TWaitlistEntry } from '@clubtix/contract';
import { fillOneAttendee, onlyAdults, payWithTestCard, saveTicket, SHOTS } from '../buyer-money';
import { buyTicketsViaApi, seedPublishedEvent, type SeededEvent } from '../fixtures';
import {
  api,
  DESKTOP,
  expectAccessible,
  launchBrowser,
  mailsTo,
  newPage,
  PHONE,
  unique,
  waitForTitle,
} from '../helpers';

/** The mails offering tickets to `to` (the first one they get confirms their place on the list). */
async function offersTo(to: string) {
  return (await mailsTo(to)).filter((mail) => String(mail.subject).startsWith('Tickets for'));
}

/** The path and query of the offer link in a mail: `/{slug}/tickets?offer=<token>`. */
function offerLink(html: string, slug: string): string {
  const match = new RegExp(`/${slug}/tickets\\?offer=([A-Za-z0-9_-]+)`).exec(html);
  if (!match) throw new Error('No offer link in the mail');
  return match[0];
}

/**
 * A sold-out ticket's waiting list as buyers meet it (docs/product.md section 19): a buyer joins it;
 * a ticket comes back (the admin refunds an order and releases its tickets); the offer mail arrives,
 * its link holds the ticket for that buyer alone (a stranger sees it reserved), and the buyer
 * pays and gets the ticket. An offer withdrawn before it is taken up says so at its link.
 */
describe('a sold-out ticket and its waiting list', () => {
  let browser: Browser;
  let seeded: SeededEvent;
  let first: { registration: TRegistration; order: TOrder };

  beforeAll(async () => {
    browser = await launchBrowser();
    seeded = await seedPublishedEvent();
    await onlyAdults(seeded, 1);
    first = await buyTicketsViaApi(seeded, [
      { firstName: 'Fay', lastName: 'First', email: `${unique('first')}@example.org` },
    ]);
  });
  afterAll(async () => browser?.close());

  it('a buyer joins, gets the returned ticket by mail, claims it and pays', async () => {
    const { event, admin } = seeded;
    const waiter = `${unique('waiter')}@example.org`;

    // Sold out: the event page leads to the waiting list, the ticket offers it.
    const { context, page } = await newPage(browser, PHONE);
    await page.goto(`/${event.slug}`);
    await waitForTitle(page, `${event.title} | ClubTix`);
    await page.getByRole('link', { name: 'Join the waiting list' }).click();
    await page.waitForURL(`**/${event.slug}/tickets`);
    const adult = page.getByTestId('ticket-option').filter({ has: page.getByRole('heading', { name: 'Adult' }) });
    await adult.getByText('Sold out').waitFor();
    await adult.getByRole('button', { name: 'Join the waiting list' }).click();
    await adult.getByLabel('Your e-mail').fill(waiter);
    await expectAccessible(page, 'the waiting-list form');
    await page.screenshot({ path: `${SHOTS}/waitlist-form-phone.png`, fullPage: true });
    await adult.getByRole('button', { name: 'Join the waiting list' }).click();
    await adult
      .getByTestId('waitlist-joined')
      .filter({ hasText: 'You are number 1 in line; we will e-mail you when tickets come back.' })
      .waitFor();
    // The place is confirmed by mail at once.
    await expect
      .poll(async () => (await mailsTo(waiter)).map((mail) => mail.subject), { timeout: 30_000 })
      .toEqual([`You are on the waiting list for ${event.title}`]);
    await expectAccessible(page, 'on the waiting list');
    await page.screenshot({ path: `${SHOTS}/waitlist-joined-phone.png`, fullPage: true });

    // The ticket comes back: the admin refunds the first buyer and releases it.
    const refund = await api('POST', '/order/refund', {
      token: admin.token,
      body: { orderId: first.order.id, releaseTickets: true },
    });
    expect(refund.status).toBe(200);
    await expect.poll(async () => (await offersTo(waiter)).length, { timeout: 30_000 }).toBeGreaterThan(0);
    const [offerMail] = await offersTo(waiter);
    const link = offerLink(String(offerMail!.html || offerMail!.text), event.slug);

    // Meanwhile a stranger sees it reserved (the offer keeps it, and may lapse), and cannot hold it.
    const stranger = await newPage(browser, DESKTOP);
    await stranger.page.goto(`/${event.slug}/tickets`);
    const strangerAdult = stranger.page
      .getByTestId('ticket-option')
      .filter({ has: stranger.page.getByRole('heading', { name: 'Adult' }) });
    await strangerAdult.getByText('Reserved', { exact: true }).waitFor();
    expect(await stranger.page.getByText('Sold out').count()).toBe(0);
    expect(await stranger.page.getByRole('button', { name: 'Add one Adult' }).count()).toBe(0);
    await stranger.page.screenshot({ path: `${SHOTS}/waitlist-stranger-desktop.png`, fullPage: true });
    await stranger.context.close();
    const strangerHold = await api('POST', '/registration/initRegistration', {
      body: {
        eventId: event.id,
        email: `${unique('stranger')}@example.org`,
        tickets: [{ ticketId: seeded.adult.id, quantity: 1 }],
      },
    });
    expect(strangerHold.status).toBe(409);

    // The link holds the ticket for the waiter, who goes on as after any hold.
    await page.goto(link);
    await fillOneAttendee(page, event.slug, 'Adult', { firstName: 'Wes', lastName: 'Waiter', email: waiter });
    await page.getByTestId('hold-countdown').waitFor();
    await page.getByRole('button', { name: 'Review order' }).click();
    await page
      .getByRole('region', { name: 'Your order' })
      .getByTestId('order-total')
      .filter({ hasText: '£25' })
      .waitFor();
    await expectAccessible(page, 'paying for an offered ticket');
    await page.screenshot({ path: `${SHOTS}/waitlist-payment-phone.png`, fullPage: true });
    await payWithTestCard(page, '£25');
    await page.waitForURL(`**/${event.slug}/success`);
    await page.getByText('Your registration is confirmed.').waitFor();
    await page.getByTestId('ticket-qr').first().waitFor();
    await page.screenshot({ path: `${SHOTS}/waitlist-success-phone.png`, fullPage: true });
    await context.close();

    await expect.poll(async () => (await mailsTo(waiter)).length, { timeout: 30_000 }).toBeGreaterThan(2);
    const list = await api<TWaitlistEntry[]>('GET', '/waitlist/getByEventId', {
      token: admin.token,
      query: { eventId: event.id },
    });
    expect(list.body.payload.map((entry) => [entry.email, entry.status])).toEqual([[waiter, 'converted']]);
  });

  it('a withdrawn offer, or an unknown one, says so above the normal ticket page (desktop)', async () => {
    const { event, admin } = seeded;
    const late = `${unique('late')}@example.org`;
    // Sold out again (the waiter bought the one Adult): a second person waits, a seat is added and
    // offered to them, then the admin takes them off the list, which withdraws the offer.
    const joined = await api<{ position: number }>('POST', '/waitlist/join', {
      body: { eventId: event.id, ticketId: seeded.adult.id, email: late, quantity: 1 },
    });
    expect(joined.body.payload).toEqual({ position: 1 });
    await saveTicket(admin, { id: seeded.adult.id, quantity: 2 });
    await expect.poll(async () => (await offersTo(late)).length, { timeout: 30_000 }).toBeGreaterThan(0);
    const [offerMail] = await offersTo(late);
    const link = offerLink(String(offerMail!.html || offerMail!.text), event.slug);
    const list = await api<TWaitlistEntry[]>('GET', '/waitlist/getByEventId', {
      token: admin.token,
      query: { eventId: event.id },
    });
    const entry = list.body.payload.find((row) => row.email === late);
    expect(entry?.status).toBe('offered');
    const removed = await api('DELETE', '/waitlist/remove', { token: admin.token, body: { entryId: entry!.id } });
    expect(removed.status).toBe(200);

    const { context, page } = await newPage(browser, DESKTOP);
    await page.goto(link);
    await page.getByTestId('offer-refused').waitFor();
    // The withdrawn seat is on sale again, to anyone.
    await page.getByRole('button', { name: 'Add one Adult' }).waitFor();
    expect(new URL(page.url()).searchParams.get('offer')).toBeNull();
    await expectAccessible(page, 'a withdrawn offer');
    await page.screenshot({ path: `${SHOTS}/waitlist-offer-withdrawn-desktop.png`, fullPage: true });

    await page.goto(`/${event.slug}/tickets?offer=not-a-real-offer-token`);
    await page.getByTestId('offer-refused').waitFor();
    await page.getByTestId('ticket-option').first().waitFor();
    await context.close();
  });
});

/**
 * Held is not sold (docs/decisions/0066-held-is-not-sold.md): the last ticket in an unpaid hold reads
 * "Reserved" with when it may come back, in the buyer's language and the event's time zone, never
 * "Sold out", and the waiting list is offered beside it.
 */
describe('the last tickets held by a buyer who is paying', () => {
  const HELD_SHOTS = '/tmp/shots-35/held';
  let browser: Browser;
  let seeded: SeededEvent;

  beforeAll(async () => {
    browser = await launchBrowser();
    seeded = await seedPublishedEvent();
    await onlyAdults(seeded, 1);
    const hold = await api('POST', '/registration/initRegistration', {
      body: {
        eventId: seeded.event.id,
        email: `${unique('paying')}@example.org`,
        tickets: [{ ticketId: seeded.adult.id, quantity: 1 }],
      },
    });
    expect(hold.status).toBe(200);
  });
  afterAll(async () => browser?.close());

  it('reads reserved, says when to look again and offers the waiting list, in English on a phone', async () => {
    const { event } = seeded;
    const { context, page } = await newPage(browser, PHONE);
    await page.goto(`/${event.slug}`);
    await waitForTitle(page, `${event.title} | ClubTix`);
    await page
      .getByTestId('ticket-sales-note')
      .filter({ hasText: /Any not paid for come back on sale from .*\d\d:\d\d: look again then/ })
      .waitFor();
    await page.getByTestId('ticket-held-note').filter({ hasText: 'Reserved while buyers pay' }).waitFor();
    expect(await page.getByText('Sold out').count()).toBe(0);
    await expectAccessible(page, 'the event page with its last ticket held');
    await page.screenshot({ path: `${HELD_SHOTS}/event-held-phone.png`, fullPage: true });

    await page.getByRole('link', { name: 'Join the waiting list' }).click();
    await page.waitForURL(`**/${event.slug}/tickets`);
    await page.getByTestId('sales-closed').filter({ hasText: 'Every ticket is reserved for now' }).waitFor();
    const adult = page.getByTestId('ticket-option').filter({ has: page.getByRole('heading', { name: 'Adult' }) });
    await adult.getByText('Reserved', { exact: true }).waitFor();
    await adult.getByRole('button', { name: 'Join the waiting list' }).waitFor();
    expect(await page.getByText('Sold out').count()).toBe(0);
    await expectAccessible(page, 'the tickets page with its last ticket held');
    await page.screenshot({ path: `${HELD_SHOTS}/tickets-held-phone.png`, fullPage: true });
    await context.close();
  });

  it('says the same in German on a desktop', async () => {
    const { event } = seeded;
    const { context, page } = await newPage(browser, DESKTOP);
    await page.addInitScript(() => localStorage.setItem('clubtix.language', 'de'));
    await page.goto(`/${event.slug}/tickets`);
    await page
      .getByTestId('sales-closed')
      .filter({ hasText: /Andere Käufer bezahlen gerade die letzten Tickets\. Nicht bezahlte kommen ab .*\d\d:\d\d/ })
      .waitFor();
    const adult = page.getByTestId('ticket-option').filter({ has: page.getByRole('heading', { name: 'Adult' }) });
    await adult.getByText('Reserviert', { exact: true }).waitFor();
    await adult.getByRole('button', { name: 'Auf die Warteliste' }).waitFor();
    expect(await page.getByText('Ausverkauft').count()).toBe(0);
    await expectAccessible(page, 'the tickets page with its last ticket held, in German');
    await page.screenshot({ path: `${HELD_SHOTS}/tickets-held-de-desktop.png`, fullPage: true });
    await context.close();
  });
});

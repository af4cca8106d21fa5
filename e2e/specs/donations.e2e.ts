import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedPublishedEvent } from '../fixtures';
import {
  api,
  launchBrowser,
  newPage,
  PHONE,
  primeSession,
  seriousA11yViolations,
  unique,
  waitForTitle,
} from '../helpers';

describe('donations and sponsorships', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser.close());

  it('are paid on the public pages and add up in the admin list, counting only paid ones', async () => {
    const seeded = await seedPublishedEvent();
    const { event, admin } = seeded;
    // Started and never paid: listed, but not counted.
    const unpaid = await api('POST', '/sponsorship/create', {
      body: { eventId: event.id, amount: 50_000, name: 'Ursula Unpaid', email: `${unique('ursula')}@example.org` },
    });
    expect(unpaid.status).toBe(200);

    const { context, page } = await newPage(browser, PHONE);

    // A donation of the giver's own amount; the first card is declined, the second pays.
    await page.goto(`/${event.slug}`);
    await waitForTitle(page, `${event.title} | ClubTix`);
    await page.getByRole('link', { name: 'Donate' }).click();
    await page.waitForURL(`**/event/${event.id}/donation`);
    await waitForTitle(page, 'Support Event | ClubTix');
    const donation = page.getByRole('region', { name: 'Make a donation' });
    await donation.getByText('Other amount', { exact: true }).click();
    const ownAmount = donation.getByLabel('Your amount (GBP)');
    // A comma groups thousands, as the field shows them; it is never read as a decimal point.
    await ownAmount.pressSequentially('1,500');
    await donation.getByTestId('donation-amount').filter({ hasText: 'Your donation: £1,500' }).waitFor();
    // An amount past the ceiling stays as typed and is refused with the range, not lowered to it.
    await ownAmount.fill('250000');
    await ownAmount.blur();
    expect(await ownAmount.inputValue()).toBe('250,000');
    await donation.getByRole('button', { name: 'Donate', exact: true }).click();
    await donation.getByText(/^Enter an amount from £[\d.,]+ to £100,000$/).waitFor();
    await ownAmount.fill('12.50');
    await donation.getByTestId('donation-amount').filter({ hasText: '£12.50' }).waitFor();
    await donation.getByLabel('Name', { exact: true }).fill('Dora Donor');
    await donation.getByLabel('E-mail', { exact: true }).fill(`${unique('dora')}@example.org`);
    await donation.getByLabel('Message', { exact: true }).fill('Good luck on the water!');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await donation.getByRole('button', { name: 'Donate £12.50' }).click();
    await donation.getByTestId('support-summary').filter({ hasText: 'Donation of £12.50 from Dora Donor' }).waitFor();
    const donationCard = donation.getByTestId('test-card-form');
    await donationCard.getByLabel('Card number').fill('4000 0000 0000 0002');
    await donationCard.getByRole('button', { name: 'Pay £12.50' }).click();
    await donationCard.getByRole('alert').filter({ hasText: 'Your card was declined.' }).waitFor();
    await donationCard.getByLabel('Card number').fill('4242 4242 4242 4242');
    await donationCard.getByRole('button', { name: 'Pay £12.50' }).click();
    const thanks = page.getByTestId('support-thanks');
    await thanks.getByRole('heading', { name: 'Thank you for your donation!' }).waitFor();
    await thanks.getByText(`Your donation of £12.50 to ${event.title} has been received.`).waitFor();

    // A sponsorship with a package, chosen on the event page.
    await page.goto(`/${event.slug}`);
    await waitForTitle(page, `${event.title} | ClubTix`);
    await page.getByRole('link', { name: 'Sponsor with Gold sponsor' }).click();
    await page.waitForURL(`**/event/${event.id}/donation?packageId=${seeded.gold.id}`);
    const sponsoring = page.getByTestId('sponsorship-form');
    await sponsoring.getByRole('heading', { name: 'Sponsor with Gold sponsor' }).waitFor();
    await sponsoring.getByText('Logo on the boats').waitFor();
    await sponsoring.getByLabel('Name', { exact: true }).fill('Harbour Chandlery Ltd');
    await sponsoring.getByLabel('E-mail', { exact: true }).fill(`${unique('chandlery')}@example.org`);
    await sponsoring.getByRole('button', { name: 'Continue to payment' }).click();
    await sponsoring
      .getByTestId('support-summary')
      .filter({ hasText: 'Sponsorship: Gold sponsor of £750 from Harbour Chandlery Ltd' })
      .waitFor();
    await sponsoring.getByLabel('Card number').fill('4242 4242 4242 4242');
    await sponsoring.getByRole('button', { name: 'Pay £750' }).click();
    await thanks.getByRole('heading', { name: 'Thank you for your sponsorship!' }).waitFor();
    await context.close();

    // The club's admin sees both, with totals of the paid ones only.
    const adminPage = await newPage(browser, PHONE);
    const admin$ = adminPage.page;
    await primeSession(admin$, admin.token, admin.user);
    await admin$.goto(`/event/${event.id}/sponsorships`);
    await waitForTitle(admin$, 'Sponsorships | ClubTix');
    await admin$
      .getByTestId('total-paid')
      .filter({ hasText: /^£762\.50$/ })
      .waitFor();
    await admin$
      .getByTestId('total-donations')
      .filter({ hasText: /^£12\.50$/ })
      .waitFor();
    await admin$
      .getByTestId('total-sponsorships')
      .filter({ hasText: /^£750$/ })
      .waitFor();
    await admin$.getByText('Donations (1)', { exact: true }).waitFor();
    await admin$.getByText('Sponsorships (1)', { exact: true }).waitFor();

    const listed = admin$.getByTestId('sponsorship');
    await listed.nth(1).waitFor();
    expect(await listed.count()).toBe(2);
    const chandlery = listed.filter({ hasText: 'Harbour Chandlery Ltd' });
    await chandlery
      .filter({ hasText: 'Gold sponsor' })
      .filter({ hasText: '£750' })
      .filter({ hasText: 'Paid' })
      .waitFor();
    const dora = listed.filter({ hasText: 'Dora Donor' });
    await dora.filter({ hasText: 'Donation' }).filter({ hasText: '£12.50' }).filter({ hasText: 'Paid' }).waitFor();
    await dora.getByText('“Good luck on the water!”').waitFor();
    expect(await listed.filter({ hasText: 'Ursula Unpaid' }).count()).toBe(0);

    // All of them: the unpaid one shows as pending and the totals do not move.
    await admin$.getByText('All (3)', { exact: true }).click();
    await listed
      .filter({ hasText: 'Ursula Unpaid' })
      .filter({ hasText: '£500' })
      .filter({ hasText: 'Pending' })
      .waitFor();
    expect(await listed.count()).toBe(3);
    expect(await admin$.getByTestId('total-paid').innerText()).toBe('£762.50');
    await adminPage.context.close();
  });

  it("pages a big event's donations, with totals of them all from the server", async () => {
    const { event, admin } = await seedPublishedEvent();
    // 25 started and never paid: more than one page of the list.
    for (let i = 1; i <= 25; i++) {
      const started = await api('POST', '/sponsorship/create', {
        body: { eventId: event.id, amount: 100 * i, name: `Giver ${i}`, email: `${unique('giver')}@example.org` },
      });
      expect(started.status).toBe(200);
    }
    const { context, page } = await newPage(browser, PHONE);
    await primeSession(page, admin.token, admin.user);
    await page.goto(`/event/${event.id}/sponsorships`);
    await waitForTitle(page, 'Sponsorships | ClubTix');
    await page.getByText('No paid donations or sponsorships yet.').waitFor();
    expect(await page.getByTestId('total-paid').innerText()).toBe('£0');

    await page.getByText('All (25)', { exact: true }).click();
    const listed = page.getByTestId('sponsorship');
    await page.getByText('Showing 1–20 of 25 donations and sponsorships').waitFor();
    expect(await listed.count()).toBe(20);
    // Newest first: the last one started leads.
    await listed.first().filter({ hasText: 'Giver 25' }).waitFor();
    await page.getByRole('button', { name: 'Page 2' }).click();
    await page.getByText('Showing 21–25 of 25 donations and sponsorships').waitFor();
    await expect.poll(() => listed.count()).toBe(5);
    await listed.last().filter({ hasText: 'Giver 1' }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await context.close();
  });
});

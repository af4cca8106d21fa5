import { formatMoney } from '@clubtix/contract';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { eventually } from '../attendee-list';
import { seedPublishedEvent, type SeededEvent } from '../fixtures';
import {
  api,
  DESKTOP,
  launchBrowser,
  newPage,
  PHONE,
  primeSession,
  signInThroughForm,
  waitForTitle,
  expectSettledAccessible,
} from '../helpers';
import { buyViaApi, person, shoot } from '../money';

/** An admin sees the event's money at a glance, equal to its orders (docs/decisions/0039-sales-report.md). */
describe('the sales page', () => {
  let browser: Browser;
  let seeded: SeededEvent;
  beforeAll(async () => {
    browser = await launchBrowser();
    seeded = await seedPublishedEvent();
    // Two Adults (£25) and a Junior (£10.50) paid; £5 of the Adults refunded.
    const { order } = await buyViaApi(seeded, person('sales-a'), { quantity: 2 });
    await buyViaApi(seeded, person('sales-b'), { ticketId: seeded.junior.id });
    const refunded = await api('POST', '/order/refund', {
      token: seeded.admin.token,
      body: { orderId: order.id, amount: 500 },
    });
    expect(refunded.status).toBe(200);
  });
  afterAll(async () => browser?.close());

  for (const [name, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    it(`shows net, gross, refunded and tickets per type on a ${name}`, async () => {
      const { context, page } = await newPage(browser, viewport);
      await primeSession(page, seeded.admin.token, seeded.admin.user);
      await page.goto(`/event/${seeded.event.id}/sales`);
      await waitForTitle(page, 'Sales | ClubTix');
      await eventually(() => page.getByTestId('sales-gross').textContent()).toBe('£60.50');
      expect(await page.getByTestId('sales-refunded').textContent()).toBe('£5');
      expect(await page.getByTestId('sales-net').textContent()).toBe('£55.50');
      expect(await page.getByTestId('sales-tickets').textContent()).toBe('3');
      const breakdown = page.getByTestId('sales-breakdown');
      await eventually(() => breakdown.getByRole('row', { name: /Adult/ }).textContent()).toBe('Adult2£50£5£45');
      expect(await breakdown.getByRole('row', { name: /Junior/ }).textContent()).toBe('Junior1£10.50£0£10.50');
      await page.getByRole('figure', { name: 'Money taken per day' }).waitFor();
      await expectSettledAccessible(page, `the sales page on a ${name}`);
      await shoot(page, `sales-${name}`);
      await context.close();
    });
  }

  it('says Gross, Refunded and Net per row in German on a phone, the rows adding up to the totals', async () => {
    const { context, page } = await newPage(browser, PHONE);
    await context.addInitScript(() => localStorage.setItem('clubtix.language', 'de'));
    await primeSession(page, seeded.admin.token, seeded.admin.user);
    await page.goto(`/event/${seeded.event.id}/sales`);
    const breakdown = page.getByTestId('sales-breakdown');
    await eventually(() => breakdown.getByRole('row').first().textContent()).toBe('PostenVerkauftBruttoErstattetNetto');
    const de = (minor: number) => formatMoney(minor, 'gbp', 'de');
    await eventually(() => breakdown.getByRole('row', { name: /Adult/ }).textContent()).toBe(
      `Adult2${de(5000)}${de(500)}${de(4500)}`,
    );
    await expectSettledAccessible(page, 'the sales page in German on a phone');
    await shoot(page, 'sales-de-phone');
    await context.close();
  });

  it("shows the club's takings and the event's net on the admin dashboard, and each club's on the super user's", async () => {
    const { context, page } = await newPage(browser, PHONE);
    await primeSession(page, seeded.admin.token, seeded.admin.user);
    await page.goto('/dashboard/admin');
    await eventually(() => page.getByTestId('club-totals').textContent()).toBe(
      '£55.50 net (£60.50 taken, £5 refunded)',
    );
    const coming = page.getByTestId('coming-event').filter({ hasText: seeded.event.title });
    await eventually(() => coming.textContent()).toContain('£55.50');
    expect(await coming.textContent()).toContain('3 sold');
    await expectSettledAccessible(page, 'the admin dashboard with sales');
    await shoot(page, 'sales-admin-dashboard-phone');
    await context.close();

    const sudo = await newPage(browser, DESKTOP);
    await signInThroughForm(sudo.page, inject('sudoEmail'), inject('sudoPassword'));
    await sudo.page.waitForURL('**/dashboard/sudo');
    const clubName = (await api<{ name: string }[]>('GET', '/club/getAllClubs', { token: seeded.admin.token })).body
      .payload[0]!.name;
    await sudo.page.getByLabel('Search clubs').fill(clubName);
    const card = sudo.page.getByRole('region', { name: clubName });
    await eventually(() => card.getByTestId('club-takings').textContent()).toBe(
      'Sales: £55.50 net (£60.50 taken, £5 refunded)',
    );
    await sudo.context.close();
  });
});

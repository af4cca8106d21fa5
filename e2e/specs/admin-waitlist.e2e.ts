import type { TOrder, TTicket } from '@clubtix/contract';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../attendee-list';
import { seedPublishedEvent, type SeededEvent } from '../fixtures';
import {
  api,
  closeToasts,
  DESKTOP,
  launchBrowser,
  newPage,
  PHONE,
  primeSession,
  unique,
  waitForTitle,
  expectSettledAccessible,
} from '../helpers';
import { buyViaApi, person, shoot } from '../money';

/** The admin's view of a sold-out ticket's waiting list (docs/decisions/0029-waiting-lists.md). */
describe('the waiting list screen', () => {
  let browser: Browser;
  let seeded: SeededEvent;
  let crew: TTicket;
  let paid: TOrder;
  const first = `${unique('first-in-line')}@example.org`;
  const second = `${unique('second-in-line')}@example.org`;

  beforeAll(async () => {
    browser = await launchBrowser();
    seeded = await seedPublishedEvent();
    const saved = await api<TTicket>('POST', '/ticket/save', {
      token: seeded.admin.token,
      body: { eventId: seeded.event.id, name: 'Crew', price: 1500, quantity: 1 },
    });
    crew = saved.body.payload;
    ({ order: paid } = await buyViaApi(seeded, person('crew'), { ticketId: crew.id }));
    for (const email of [first, second]) {
      const joined = await api<{ position: number }>('POST', '/waitlist/join', {
        body: { eventId: seeded.event.id, ticketId: crew.id, email, quantity: 1 },
      });
      expect(joined.status).toBe(200);
    }
  });
  afterAll(async () => browser?.close());

  it('lists who waits in which place, removes one after asking, and shows the offer when a seat comes back', async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    await primeSession(page, seeded.admin.token, seeded.admin.user);
    await page.goto(`/event/${seeded.event.id}/waitlist`);
    await waitForTitle(page, 'Waiting List | ClubTix');
    const list = page.getByRole('region', { name: 'Crew' });
    const entries = list.getByTestId('waitlist-entry');
    await expect.poll(() => entries.count()).toBe(2);
    await eventually(() => entries.first().textContent()).toContain(first);
    await eventually(() => entries.first().getByTestId('waitlist-position').textContent()).toBe('No. 1');
    await eventually(() => entries.nth(1).getByTestId('waitlist-position').textContent()).toBe('No. 2');
    await eventually(() => list.textContent()).toContain('2 waiting');
    await expectSettledAccessible(page, 'the waiting list');
    await shoot(page, 'admin-waitlist-desktop');

    await page.getByRole('button', { name: `Remove ${second} from the waiting list` }).click();
    const confirm = page.getByRole('dialog', { name: 'Remove from the waiting list?' });
    await eventually(() => confirm.textContent()).toContain(second);
    await expectSettledAccessible(page, 'the remove confirmation');
    await confirm.getByRole('button', { name: 'Remove' }).click();
    const removed = entries.filter({ hasText: second });
    await eventually(async () =>
      (await removed.count()) === 0 ? 'gone' : await removed.getByTestId('waitlist-status').textContent(),
    ).toMatch(/gone|Removed/);
    await eventually(() => list.textContent()).toContain('1 waiting');
    await closeToasts(page);

    // The Crew ticket comes back (refunded with its seat released): it is offered to the first in line.
    const refunded = await api('POST', '/order/refund', {
      token: seeded.admin.token,
      body: { orderId: paid.id, releaseTickets: true },
    });
    expect(refunded.status).toBe(200);
    const head = entries.filter({ hasText: first });
    await expect
      .poll(
        async () => {
          await page.reload();
          return head.getByTestId('waitlist-status').textContent();
        },
        { timeout: 30_000, interval: 1_000 },
      )
      .toBe('Offer sent');
    await eventually(() => head.getByTestId('waitlist-offer').textContent()).toMatch(/^Offer sent .* · lapses /);
    await context.close();
  });

  it('fits a phone', async () => {
    const { context, page } = await newPage(browser, PHONE);
    await primeSession(page, seeded.admin.token, seeded.admin.user);
    await page.goto(`/event/${seeded.event.id}/waitlist`);
    await waitForTitle(page, 'Waiting List | ClubTix');
    await page.getByTestId('waitlist-entry').first().waitFor();
    await expectSettledAccessible(page, 'the waiting list on a phone');
    await shoot(page, 'admin-waitlist-phone');
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(PHONE.width);
    await context.close();
  });
});
